import { afterAll, describe, expect, it } from "vitest";
import { skipReason } from "../process/testSandbox";
import { fimRunner, pyHook, type Row } from "./testing";

/**
 * FIM One's registry rules (semantics.md §6c) with hooks written in Python, run through the
 * sandboxed CPython (server/sandbox/python), end to end: the engine, the fim-one binding, the trace.
 * Each case is also written in TypeScript and run in QuickJS: both must give the same result.
 */

const runner = fimRunner();
afterAll(() => runner.dispose());

interface Case {
  name: string;
  py: Row[];
  ts: Row[];
  /** point.end.result of the first point that ran (PreToolUse unless said). */
  result?: Record<string, unknown> | null;
  /** Hook ids in the order they ran. */
  order: string[];
  /** What the tool ran with (null: it did not run). */
  toolInput?: Record<string, unknown> | null;
  /** The tool message the model got. */
  toolResult?: string;
  /** point.end.error (the point failed). */
  pointError?: RegExp;
  /** The decision on each hook.end, in order. */
  decisions?: (string | undefined)[];
  /** The text SessionStart added to the prompt. */
  injected?: string;
  /**
   * The last hook's patch differs: FIM One's registry rebinds ctx.tool_result (tool_args) to the
   * rewrite before each next hook, so after the last one the context keeps the previous value
   * (semantics.md §6c.5); the TypeScript fold also threads the last rewrite into the context.
   */
  lastPatchDiffers?: boolean;
}

const ts = (id: string, members: string, extra: Partial<Row> = {}): Row => ({ id, runtime: "function", code: `export default class Hook {\n  name = ${JSON.stringify(extra.name ?? id)};\n${members}\n}\n`, ...extra, name: extra.name ?? id });
const py = (id: string, body: string, extra: Partial<Row> & { base?: string } = {}): Row => ({ id, code: pyHook(extra.name ?? id, body, extra.base), ...extra, name: extra.name ?? id });

const effects = (label: string) => `  async execute(ctx) { return { side_effects: [${JSON.stringify(label)}] }; }`;
const pyEffects = (label: string) => `async def execute(self, ctx):\n    return HookResult(side_effects=[${JSON.stringify(label)}])`;

const base = { allow: true, error: null, modified_args: null, modified_result: null, side_effects: [], blockedBy: null, approval: null };

/** FIM One's oracle case (execution.test.ts "several hooks on one PreToolUse", run through the real hooks.py at 8bfe86d). */
const oracleTs: Row[] = [
  { id: "h-never", name: "never", priority: 40, runtime: "function", code: "export default async function () { return { side_effects: ['never ran'] }; }\n" },
  { id: "h-limit", name: "Limit rows", priority: 10, runtime: "function", code: "export default class LimitRows {\n  name = 'limit_rows';\n  async execute(ctx) { return { modified_args: { ...ctx.tool_args, limit: 10 }, side_effects: ['limit_rows: capped at 10'] }; }\n}\n" },
  { id: "h-audit", name: "audit_log", priority: 5, runtime: "function", code: "export default async function (ctx) { throw new Error('audit store down'); }\n" },
  { id: "h-count", name: "Count args", priority: 20, runtime: "function", code: "export default { name: 'count_args', execute(ctx) { return { side_effects: ['count_args: ' + Object.keys(ctx.tool_args).sort().join(',')] }; } };\n" },
  { id: "h-tag", name: "tag_source", priority: 20, runtime: "function", code: "export default class {\n  async execute(ctx) { ctx.tool_args.source = 'hook'; return { side_effects: ['tag_source: tagged'] }; }\n}\n" },
  { id: "h-swap", name: "swap_args", priority: 27, runtime: "function", code: "export default class {\n  name = 'swap_args';\n  async execute(ctx) { ctx.tool_args = { swapped: true }; return { side_effects: ['swap_args: swapped'] }; }\n}\n" },
];
const oracleGuardTs: Row = {
  id: "h-guard",
  name: "Read-only guard",
  priority: 30,
  runtime: "function",
  code: "export default class ReadonlyGuard {\n  name = 'readonly_guard';\n  async execute(ctx) { ctx.tool_args.guard_saw = Object.keys(ctx.tool_args).sort(); return { allow: false, error: '', side_effects: ['readonly_guard: write blocked'] }; }\n}\n",
};
const imports = "from fim_one_hooks import Hook, HookPoint, HookResult, PreToolUseHook\n\n\n";
const oraclePy: Row[] = [
  // A plain FIM One Hook(...) with a handler, registered under the row's name as in hooks.py:97-106.
  { id: "h-never", name: "never", priority: 40, code: `${imports}async def never(ctx):\n    return HookResult(side_effects=["never ran"])\n\n\nhook = Hook("never", HookPoint.PRE_TOOL_USE, never, priority=40)\n` },
  { id: "h-limit", name: "Limit rows", priority: 10, code: `${imports}class LimitRows(PreToolUseHook):\n    name = "limit_rows"\n    priority = 10\n\n    async def execute(self, ctx):\n        return HookResult(modified_args={**ctx.tool_args, "limit": 10}, side_effects=["limit_rows: capped at 10"])\n` },
  { id: "h-audit", name: "audit_log", priority: 5, code: `${imports}class AuditLog(PreToolUseHook):\n    priority = 5\n\n    async def execute(self, ctx):\n        raise RuntimeError("audit store down")\n` },
  { id: "h-count", name: "Count args", priority: 20, code: `${imports}class CountArgs(PreToolUseHook):\n    name = "count_args"\n    priority = 20\n\n    async def execute(self, ctx):\n        return HookResult(side_effects=["count_args: " + ",".join(sorted(ctx.tool_args))])\n` },
  { id: "h-tag", name: "tag_source", priority: 20, code: `${imports}class TagSource(PreToolUseHook):\n    priority = 20\n\n    async def execute(self, ctx):\n        ctx.tool_args["source"] = "hook"\n        return HookResult(side_effects=["tag_source: tagged"])\n` },
  { id: "h-swap", name: "swap_args", priority: 27, code: `${imports}class SwapArgs(PreToolUseHook):\n    name = "swap_args"\n    priority = 27\n\n    async def execute(self, ctx):\n        ctx.tool_args = {"swapped": True}\n        return HookResult(side_effects=["swap_args: swapped"])\n` },
];
const oracleGuardPy: Row = {
  id: "h-guard",
  name: "Read-only guard",
  priority: 30,
  code: `${imports}class ReadonlyGuard(PreToolUseHook):\n    name = "readonly_guard"\n    priority = 30\n\n    async def execute(self, ctx):\n        ctx.tool_args["guard_saw"] = sorted(ctx.tool_args)\n        return HookResult(allow=False, error="", side_effects=["readonly_guard: write blocked"])\n`,
};

const cases: Case[] = [
  {
    name: "lowest priority first, ties in the order listed; side effects in order",
    ts: [ts("late", effects("late ran"), { priority: 20 }), ts("first", effects("first ran"), { priority: 5 }), ts("second", effects("second ran"), { priority: 5 })],
    py: [py("late", pyEffects("late ran"), { priority: 20 }), py("first", pyEffects("first ran"), { priority: 5 }), py("second", pyEffects("second ran"), { priority: 5 })],
    order: ["first", "second", "late"],
    result: { ...base, side_effects: ["first ran", "second ran", "late ran"] },
    toolInput: { sql: "SELECT * FROM orders" },
  },
  {
    name: "should_trigger false skips the hook (decision skipped) and the call runs",
    ts: [ts("mail-only", '  shouldTrigger(ctx) { return ctx.tool_name === "send_email"; }\n  async execute() { return { allow: false, error: "never" }; }')],
    py: [py("mail-only", 'def should_trigger(self, ctx):\n    return ctx.tool_name == "send_email"\n\nasync def execute(self, ctx):\n    return HookResult(allow=False, error="never")')],
    order: ["mail-only"],
    decisions: ["skipped"],
    result: base,
    toolResult: "one row",
  },
  {
    name: "allow=False blocks with its error: later hooks do not run, the model sees \"Error: <error>\"",
    ts: [ts("guard", '  async execute() { return { allow: false, error: "Org is read-only.", side_effects: ["guard: blocked"] }; }', { priority: 1 }), ts("after", effects("after ran"), { priority: 2 })],
    py: [py("guard", 'async def execute(self, ctx):\n    return HookResult(allow=False, error="Org is read-only.", side_effects=["guard: blocked"])', { priority: 1 }), py("after", pyEffects("after ran"), { priority: 2 })],
    order: ["guard"],
    decisions: ["block"],
    result: { ...base, allow: false, error: "Org is read-only.", side_effects: ["guard: blocked"], blockedBy: "guard" },
    toolInput: null,
    toolResult: "Error: Org is read-only.",
  },
  {
    name: "a block without an error: \"Blocked by hook '<name>'\" with the class's name",
    ts: [ts("g", "  async execute() { return { allow: false }; }", { name: "readonly_guard" })],
    py: [py("g", "async def execute(self, ctx):\n    return HookResult(allow=False)", { name: "readonly_guard" })],
    order: ["g"],
    result: { ...base, allow: false, error: "Blocked by hook 'readonly_guard'", blockedBy: "g" },
    toolResult: "Error: Blocked by hook 'readonly_guard'",
  },
  {
    name: "modified_args is carried to the next hook's ctx.tool_args and to the tool",
    ts: [
      ts("limit", "  async execute(ctx) { return { modified_args: { ...ctx.tool_args, sql: ctx.tool_args.sql + ' LIMIT 10' } }; }", { priority: 1 }),
      ts("look", "  async execute(ctx) { return { side_effects: ['saw ' + ctx.tool_args.sql] }; }", { priority: 2 }),
    ],
    py: [
      py("limit", 'async def execute(self, ctx):\n    return HookResult(modified_args={**ctx.tool_args, "sql": ctx.tool_args["sql"] + " LIMIT 10"})', { priority: 1 }),
      py("look", 'async def execute(self, ctx):\n    return HookResult(side_effects=["saw " + ctx.tool_args["sql"]])', { priority: 2 }),
    ],
    order: ["limit", "look"],
    decisions: ["rewrite", undefined],
    result: { ...base, modified_args: { sql: "SELECT * FROM orders LIMIT 10" }, side_effects: ["saw SELECT * FROM orders LIMIT 10"] },
    toolInput: { sql: "SELECT * FROM orders LIMIT 10" },
  },
  {
    name: "a hook that raises is fail-open: \"Hook '<name>' failed with exception\", the next hook and the tool run",
    ts: [ts("broken", "  async execute() { throw new Error('boom'); }", { priority: 1 }), ts("next", effects("next ran"), { priority: 2 })],
    py: [py("broken", 'async def execute(self, ctx):\n    raise ValueError("boom")', { priority: 1 }), py("next", pyEffects("next ran"), { priority: 2 })],
    order: ["broken", "next"],
    result: { ...base, side_effects: ["Hook 'broken' failed with exception", "next ran"] },
    toolResult: "one row",
  },
  {
    name: "a should_trigger that raises is fail-open too",
    ts: [ts("picky", "  shouldTrigger(ctx) { return ctx.metadata.missing.deep; }\n  async execute() { return { allow: false }; }")],
    py: [py("picky", 'def should_trigger(self, ctx):\n    return ctx.metadata["missing"]\n\nasync def execute(self, ctx):\n    return HookResult(allow=False)')],
    order: ["picky"],
    result: { ...base, side_effects: ["Hook 'picky' failed with exception"] },
    toolResult: "one row",
  },
  {
    name: "PostToolUse: modified_result chains (each sees the previous rewrite); allow=False is ignored; the model sees the last",
    ts: [
      ts("upper", "  async execute(ctx) { return { allow: false, modified_result: ctx.tool_result.toUpperCase() }; }", { point: "PostToolUse", priority: 1 }),
      ts("wrap", "  async execute(ctx) { return { modified_result: '[' + ctx.tool_result + ']' }; }", { point: "PostToolUse", priority: 2 }),
    ],
    py: [
      py("upper", "async def execute(self, ctx):\n    return HookResult(allow=False, modified_result=ctx.tool_result.upper())", { point: "PostToolUse", priority: 1, base: "PostToolUseHook" }),
      py("wrap", 'async def execute(self, ctx):\n    return HookResult(modified_result="[" + ctx.tool_result + "]")', { point: "PostToolUse", priority: 2, base: "PostToolUseHook" }),
    ],
    order: ["upper", "wrap"],
    lastPatchDiffers: true,
    result: { ...base, modified_result: "[ONE ROW]" },
    toolResult: "[ONE ROW]",
  },
  {
    name: "SessionStart: modified_result is added to the prompt; the hook sees the scenario's agent, user and metadata",
    ts: [ts("org", "  async execute(ctx) { return { modified_result: `Org ${ctx.metadata.org_id} for ${ctx.user_id} via ${ctx.agent_id}` }; }", { point: "SessionStart" })],
    py: [py("org", 'async def execute(self, ctx):\n    return HookResult(modified_result="Org %s for %s via %s" % (ctx.metadata["org_id"], ctx.user_id, ctx.agent_id))', { point: "SessionStart", base: "SessionStartHook" })],
    order: ["org"],
    result: { ...base, modified_result: "Org org-1 for u-9 via agent-1" },
    injected: "Org org-1 for u-9 via agent-1",
  },
  {
    name: "a hook that returns None fails the point, as FIM One's runner raises",
    ts: [ts("silent", "  async execute() { }")],
    py: [py("silent", "async def execute(self, ctx):\n    return None")],
    order: ["silent"],
    result: null,
    pointError: /^\[hooks\] PreToolUse hook silent: the hook returned nothing; return a HookResult .*AttributeError: 'NoneType' object has no attribute 'side_effects'/,
  },
  {
    name: "FIM One's oracle, allowed: the registry's HookResult, the tool runs with the rewrite a later hook edited in place (one dict)",
    ts: oracleTs,
    py: oraclePy,
    order: ["h-audit", "h-limit", "h-count", "h-tag", "h-swap", "h-never"],
    result: {
      ...base,
      modified_args: { sql: "SELECT * FROM orders", limit: 10, source: "hook" },
      side_effects: ["Hook 'audit_log' failed with exception", "limit_rows: capped at 10", "count_args: limit,sql", "tag_source: tagged", "swap_args: swapped", "never ran"],
    },
    toolInput: { sql: "SELECT * FROM orders", limit: 10, source: "hook" },
  },
  {
    name: "FIM One's oracle, blocked: \"Blocked by hook 'readonly_guard'\", the blocker's in-place edit in modified_args",
    ts: [...oracleTs, oracleGuardTs],
    py: [...oraclePy, oracleGuardPy],
    order: ["h-audit", "h-limit", "h-count", "h-tag", "h-swap", "h-guard"],
    result: {
      ...base,
      allow: false,
      error: "Blocked by hook 'readonly_guard'",
      modified_args: { sql: "SELECT * FROM orders", limit: 10, source: "hook", guard_saw: ["limit", "source", "sql"] },
      side_effects: ["Hook 'audit_log' failed with exception", "limit_rows: capped at 10", "count_args: limit,sql", "tag_source: tagged", "swap_args: swapped", "readonly_guard: write blocked"],
      blockedBy: "h-guard",
    },
    toolInput: null,
    toolResult: "Error: Blocked by hook 'readonly_guard'",
  },
];

async function observe(rows: Row[]) {
  const { of } = await runner.run(rows);
  const firstPoint = of("point.end")[0];
  const request = of("model.request")[0];
  const firstUser = request?.messages.find((m) => m.role === "user");
  return {
    order: of("hook.start").map((e) => e.hookId),
    decisions: of("hook.end").map((e) => (typeof e.decision === "string" ? e.decision : undefined)),
    result: firstPoint?.result ?? null,
    pointError: firstPoint?.error ?? null,
    toolInput: (of("tool.call")[0]?.input as Record<string, unknown> | undefined) ?? null,
    toolRan: of("tool.result").some((e) => e.claimedBy === undefined),
    // The tool message the model got (after PostToolUse's rewrite, or the block's text).
    toolResult: modelSaw(of("model.request")[1]?.messages.at(-1)?.content),
    injected: firstUser?.content.flatMap((b) => (b.type === "text" ? [b.text] : [])).at(-1),
    patches: of("hook.end").map((e) => e.patch),
  };
}

function modelSaw(content: unknown): string | undefined {
  if (!Array.isArray(content)) return undefined;
  const block = content.find((b: { type?: string }) => b.type === "tool_result") as { content?: unknown } | undefined;
  return typeof block?.content === "string" ? block.content : undefined;
}

describe.skipIf(skipReason !== null)("FIM One's registry rules with Python hooks, the same as TypeScript hooks", () => {
  it.each(cases)("$name", async (c) => {
    const [inPython, inTypeScript] = [await observe(c.py), await observe(c.ts)];
    for (const got of [inPython, inTypeScript]) {
      expect(got.order).toEqual(c.order);
      if (c.result !== undefined) expect(got.result).toEqual(c.result);
      if (c.decisions) expect(got.decisions).toEqual(c.decisions);
      if (c.pointError) expect(got.pointError).toMatch(c.pointError);
      if (c.toolInput === null) expect(got.toolRan).toBe(false);
      else if (c.toolInput) expect(got.toolInput).toEqual(c.toolInput);
      if (c.toolResult !== undefined && !c.injected) expect(got.toolResult).toBe(c.toolResult);
      if (c.injected) expect(got.injected).toBe(c.injected);
    }
    // The two languages agree on everything the host reads back, and on each hook's change to the context.
    const comparable = (o: typeof inPython) => ({ ...o, pointError: o.pointError?.replace(/\(.*$/, ""), patches: c.lastPatchDiffers ? o.patches.slice(0, -1) : o.patches });
    expect(comparable(inPython)).toEqual(comparable(inTypeScript));
    if (c.lastPatchDiffers) expect(inPython.patches.at(-1)).toEqual([]);
  });
});
