import { afterAll, describe, expect, it } from "vitest";
import { fimOneProfile } from "../../../core/profiles";
import { collectTrace, createSandboxSimulator, parseWithFirstScenario } from "../testing/simulateInSandbox";

/**
 * FIM One's registry rules (semantics.md §6c) end to end: class hooks written as users write
 * them, run in the QuickJS sandbox, folded by core/chain, applied by the fim-one binding.
 */

interface HookDef {
  id: string;
  point?: string;
  priority?: number;
  /** Class members: `shouldTrigger(ctx) {…}` and/or `async execute(ctx) {…}`. */
  members: string;
}

const sandbox = createSandboxSimulator();
afterAll(() => sandbox.dispose());

const call = (args: Record<string, unknown>) => ({ content: [{ type: "tool_use", id: "call_1", name: "sql_exec", input: args }], stopReason: "tool_use" });
const answer = { content: [{ type: "text", text: "done" }], stopReason: "end_turn" };

/** A hook row as the pipeline stores it: its own name and code (a class, an object or a function). */
interface HookRow {
  id: string;
  name: string;
  point?: string;
  priority: number;
  code: string;
}

async function run(hooks: HookDef[]) {
  return runRows(hooks.map((h) => ({ id: h.id, name: h.id, point: h.point, priority: h.priority ?? 50, code: `export default class Hook {\n  name = ${JSON.stringify(h.id)};\n${h.members}\n}\n` })));
}

async function runRows(hooks: HookRow[]) {
  const document = {
    format: "hookwright.pipeline/v1",
    name: "fim",
    profile: "fim-one",
    hooks: hooks.map((h) => ({ ...h, point: h.point ?? "PreToolUse" })),
    scenarios: [
      {
        name: "s",
        prompt: "go",
        hostContext: { agent_id: "agent-1", user_id: "u-9", metadata: { org_id: "org-1" } },
        model: { kind: "scripted", responses: [call({ sql: "SELECT * FROM orders" }), answer] },
        tools: [{ name: "sql_exec", inputSchema: { type: "object" }, results: ["one row"] }],
      },
    ],
  };
  const trace = collectTrace();
  const result = await sandbox.simulate({ ...parseWithFirstScenario(document), profile: fimOneProfile, emit: trace.emit });
  return { result, ...trace };
}

const effects = (label: string) => `  async execute(ctx) { return { side_effects: [${JSON.stringify(label)}] }; }`;

describe("FIM One execution through the sandbox", () => {
  it("runs lowest priority first, ties in the order listed; side effects are on each hook.end.output and in order on point.end.result", async () => {
    const { of } = await run([
      { id: "late", priority: 20, members: effects("late ran") },
      { id: "first", priority: 5, members: effects("first ran") },
      { id: "second", priority: 5, members: effects("second ran") },
    ]);
    expect(of("hook.start").map((e) => e.hookId)).toEqual(["first", "second", "late"]);
    expect(of("hook.end").map((e) => e.output)).toEqual([{ side_effects: ["first ran"] }, { side_effects: ["second ran"] }, { side_effects: ["late ran"] }]);
    expect(of("point.end")[0]?.result).toMatchObject({ allow: true, side_effects: ["first ran", "second ran", "late ran"] });
  });

  it("shouldTrigger false skips the hook: its decision is skipped and the call runs", async () => {
    const { of } = await run([{ id: "mail-only", members: '  shouldTrigger(ctx) { return ctx.tool_name === "send_email"; }\n  async execute() { return { allow: false, error: "never" }; }' }]);
    expect(of("hook.end").map((e) => [e.hookId, e.decision, e.output])).toEqual([["mail-only", "skipped", { shouldTrigger: false }]]);
    expect(of("tool.result")).toMatchObject([{ content: "one row" }]);
  });

  it("allow:false blocks: later hooks do not run, the tool does not run, the model sees \"Error: <error>\"", async () => {
    const { of } = await run([
      { id: "guard", priority: 1, members: '  async execute() { return { allow: false, error: "Org is read-only.", side_effects: ["guard: blocked"] }; }' },
      { id: "after", priority: 2, members: effects("after ran") },
    ]);
    expect(of("hook.start").map((e) => e.hookId)).toEqual(["guard"]);
    expect(of("hook.end")[0]?.decision).toBe("block");
    expect(of("tool.call")).toHaveLength(1);
    expect(of("tool.result")).toMatchObject([{ content: "Error: Org is read-only.", claimedBy: "guard" }]);
    expect(of("model.request")[1]?.messages.at(-1)?.content).toEqual([{ type: "tool_result", tool_use_id: "call_1", content: "Error: Org is read-only.", is_error: false }]);
  });

  it("modified_args is carried to the next hook's ctx.tool_args and to the tool", async () => {
    const { of } = await run([
      { id: "limit", priority: 1, members: "  async execute(ctx) { return { modified_args: { ...ctx.tool_args, sql: ctx.tool_args.sql + ' LIMIT 10' } }; }" },
      { id: "look", priority: 2, members: "  async execute(ctx) { return { side_effects: ['saw ' + ctx.tool_args.sql] }; }" },
    ]);
    expect(of("hook.end")[1]?.output).toEqual({ side_effects: ["saw SELECT * FROM orders LIMIT 10"] });
    expect(of("tool.call")[0]?.input).toEqual({ sql: "SELECT * FROM orders LIMIT 10" });
  });

  it("PostToolUse: modified_result chains (each sees the previous rewrite) and the model sees the last", async () => {
    const { of } = await run([
      { id: "upper", point: "PostToolUse", priority: 1, members: "  async execute(ctx) { return { modified_result: ctx.tool_result.toUpperCase() }; }" },
      { id: "wrap", point: "PostToolUse", priority: 2, members: "  async execute(ctx) { return { modified_result: '[' + ctx.tool_result + ']' }; }" },
    ]);
    expect(of("model.request")[1]?.messages.at(-1)?.content).toEqual([{ type: "tool_result", tool_use_id: "call_1", content: "[ONE ROW]", is_error: false }]);
  });

  it("a hook that throws is fail-open: the registry's side effect, the next hook runs, the tool runs", async () => {
    const { of } = await run([
      { id: "broken", priority: 1, members: "  async execute() { throw new Error('boom'); }" },
      { id: "next", priority: 2, members: effects("next ran") },
    ]);
    expect(of("point.end")[0]?.result).toMatchObject({ allow: true, side_effects: ["Hook 'broken' failed with exception", "next ran"] });
    expect(of("tool.result")).toMatchObject([{ content: "one row" }]);
  });

  it("SessionStart: modified_result is added to the initial prompt; the hook sees the scenario's agent, user and metadata", async () => {
    const { of } = await run([{ id: "org", point: "SessionStart", members: "  async execute(ctx) { return { modified_result: `Org ${ctx.metadata.org_id} for ${ctx.user_id} via ${ctx.agent_id}` }; }" }]);
    expect(of("model.request")[0]?.messages.at(-1)?.content).toContainEqual({ type: "text", text: "Org org-1 for u-9 via agent-1" });
  });

  describe("several hooks on one PreToolUse: what FIM One's HookRegistry gives for the same hooks", () => {
    /*
     * The real registry (F:src/fim_one/core/agent/hooks.py at 8bfe86d, Python 3.11) ran the same
     * hooks with the same priorities and gave exactly these HookResults and tool args. Names: a
     * class's `name` (base.py:59-60), an object's `name`, else the row's name (the plain function).
     */
    const rows: HookRow[] = [
      { id: "h-never", name: "never", priority: 40, code: "export default async function () { return { side_effects: ['never ran'] }; }\n" },
      { id: "h-limit", name: "Limit rows", priority: 10, code: "export default class LimitRows {\n  name = 'limit_rows';\n  async execute(ctx) { return { modified_args: { ...ctx.tool_args, limit: 10 }, side_effects: ['limit_rows: capped at 10'] }; }\n}\n" },
      { id: "h-audit", name: "audit_log", priority: 5, code: "export default async function (ctx) { throw new Error('audit store down'); }\n" },
      { id: "h-count", name: "Count args", priority: 20, code: "export default { name: 'count_args', execute(ctx) { return { side_effects: ['count_args: ' + Object.keys(ctx.tool_args).sort().join(',')] }; } };\n" },
      // Same priority as count_args, listed after it: runs after it.
      { id: "h-tag", name: "tag_source", priority: 20, code: "export default class {\n  async execute(ctx) { ctx.tool_args.source = 'hook'; return { side_effects: ['tag_source: tagged'] }; }\n}\n" },
      { id: "h-swap", name: "swap_args", priority: 27, code: "export default class {\n  name = 'swap_args';\n  async execute(ctx) { ctx.tool_args = { swapped: true }; return { side_effects: ['swap_args: swapped'] }; }\n}\n" },
    ];
    const guard: HookRow = {
      id: "h-guard",
      name: "Read-only guard",
      priority: 30,
      code: "export default class ReadonlyGuard {\n  name = 'readonly_guard';\n  async execute(ctx) { ctx.tool_args.guard_saw = Object.keys(ctx.tool_args).sort(); return { allow: false, error: '', side_effects: ['readonly_guard: write blocked'] }; }\n}\n",
    };

    it("allowed: the combined HookResult is the registry's, and the tool runs with the rewrite as a later hook edited it in place", async () => {
      const { of } = await runRows(rows);
      expect(of("hook.start").map((e) => e.hookId)).toEqual(["h-audit", "h-limit", "h-count", "h-tag", "h-swap", "h-never"]);
      expect(of("point.end")[0]?.result).toEqual({
        allow: true,
        error: null,
        modified_args: { sql: "SELECT * FROM orders", limit: 10, source: "hook" },
        modified_result: null,
        side_effects: ["Hook 'audit_log' failed with exception", "limit_rows: capped at 10", "count_args: limit,sql", "tag_source: tagged", "swap_args: swapped", "never ran"],
        blockedBy: null,
        approval: null,
      });
      expect(of("tool.call")[0]?.input).toEqual({ sql: "SELECT * FROM orders", limit: 10, source: "hook" });
    });

    it("blocked: \"Blocked by hook 'readonly_guard'\" (the class's name, not the row's id or name) is what the model sees", async () => {
      const { of } = await runRows([...rows, guard]);
      expect(of("hook.start").map((e) => e.hookId)).toEqual(["h-audit", "h-limit", "h-count", "h-tag", "h-swap", "h-guard"]);
      expect(of("point.end")[0]?.result).toEqual({
        allow: false,
        error: "Blocked by hook 'readonly_guard'",
        modified_args: { sql: "SELECT * FROM orders", limit: 10, source: "hook", guard_saw: ["limit", "source", "sql"] },
        modified_result: null,
        side_effects: ["Hook 'audit_log' failed with exception", "limit_rows: capped at 10", "count_args: limit,sql", "tag_source: tagged", "swap_args: swapped", "readonly_guard: write blocked"],
        blockedBy: "h-guard",
        approval: null,
      });
      expect(of("tool.result")).toMatchObject([{ content: "Error: Blocked by hook 'readonly_guard'", claimedBy: "h-guard" }]);
    });
  });
});
