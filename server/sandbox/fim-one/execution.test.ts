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

async function run(hooks: HookDef[]) {
  const document = {
    format: "hookwright.pipeline/v1",
    name: "fim",
    profile: "fim-one",
    hooks: hooks.map((h) => ({
      id: h.id,
      point: h.point ?? "PreToolUse",
      name: h.id,
      priority: h.priority ?? 50,
      code: `export default class Hook {\n  name = ${JSON.stringify(h.id)};\n${h.members}\n}\n`,
    })),
    scenarios: [
      {
        name: "s",
        prompt: "go",
        hostContext: { agent_id: "agent-1", user_id: "u-9", metadata: { org_id: "org-1" } },
        model: { kind: "scripted", responses: [call({ sql: "SELECT 1" }), answer] },
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
    expect(of("hook.end")[1]?.output).toEqual({ side_effects: ["saw SELECT 1 LIMIT 10"] });
    expect(of("tool.call")[0]?.input).toEqual({ sql: "SELECT 1 LIMIT 10" });
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
});
