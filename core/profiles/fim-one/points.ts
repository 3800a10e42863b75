import type { FoldSpec } from "../../chain/fold/spec";
import type { HookPointSpec } from "../types";

/**
 * FIM One's three hook points (seed 002; semantics.md §6a-c). A hook is written as the seed
 * writes it: a default-exported class (or object) with `name`, `priority`, an optional
 * synchronous `shouldTrigger(ctx)` and `execute(ctx)` returning a HookResult. The registry runs
 * the point's hooks one after another in priority order on one shared HookContext, and folds
 * their HookResults (core/chain/fold/fimOne.ts).
 */

export const FIM_ONE_TYPES_MODULE = "fim-one/hooks";

type FimPoint = "SessionStart" | "PreToolUse" | "PostToolUse";

const CHAIN_DOC =
  "Hooks run one after another, lowest priority first (ties keep the order they are listed in), on one shared HookContext. A hook whose shouldTrigger returns false is skipped (its card says so). A hook that throws (or whose shouldTrigger throws) is fail-open: the call goes on, with the side effect \"Hook '<name>' failed with exception\" (a hook's name is its class's `name`, else the hook's name in the list). A hook that returns nothing fails the point, as FIM One's runner raises there: return `{}` to allow. Every side_effects string is kept in order, in the hook's output and the point's result.";

function fold(point: FimPoint): FoldSpec {
  return { kind: "modify", merge: { kind: "fim-one", point }, isolation: "shared", failure: "fail-open", defaultTimeoutMs: null };
}

interface PointInput {
  id: FimPoint;
  base: "SessionStartHook" | "PreToolUseHook" | "PostToolUseHook";
  doc: string;
  chainDoc: string;
  body: string[];
}

function point(p: PointInput): HookPointSpec {
  const template = [
    `import type { ${p.base}, HookContext, HookResult } from "${FIM_ONE_TYPES_MODULE}";`,
    "",
    `export default class MyHook implements ${p.base} {`,
    '  name = "my_hook";',
    "  priority = 50; // lower runs earlier; Hookwright orders by the hook row's priority",
    "",
    ...p.body.map((line) => (line ? `  ${line}` : "")),
    "}",
    "",
  ].join("\n");
  return {
    id: p.id,
    doc: p.doc,
    contextType: `${p.id}HookArgs`,
    returnType: "Promise<HookResult>",
    // The registry takes a class (instantiated per session) or an object with execute; a plain function works too.
    hookType: `${p.base} | (new () => ${p.base}) | ((ctx: HookContext) => Promise<HookResult> | HookResult)`,
    fields: [{ name: "ctx", type: "HookContext", readonly: true, readBack: true, doc: "The HookContext (one object shared by every hook of the point): tool_name, tool_args, tool_result (PostToolUse), agent_id, user_id, metadata." }],
    execution: "fold",
    ordering: "priority-asc",
    failure: "fail-open",
    chainDoc: `${CHAIN_DOC} ${p.chainDoc}`,
    decisions: [],
    hasPriority: true,
    hasMatcher: false,
    fold: fold(p.id),
    args: ["ctx"],
    decisionRules: [
      { field: "shouldTrigger", equals: false, name: "skipped" },
      { field: "allow", equals: false, name: "block" },
      { field: "requestApproval", name: "ask" },
      { field: "modified_args", name: "rewrite" },
      { field: "modified_result", name: "rewrite" },
    ],
    template,
  };
}

export const fimOnePoints: HookPointSpec[] = [
  point({
    id: "SessionStart",
    base: "SessionStartHook",
    doc: "Before the first model call of the session: a hook's modified_result (text) is added to the initial prompt.",
    chainDoc:
      "Every hook runs; the last modified_result that is not null is added to the prompt. FIM One's runner keeps only the side effects here and never fires this point (semantics.md §6a); Hookwright fires it as the seed describes.",
    body: [
      "async execute(ctx: HookContext): Promise<HookResult> {",
      '  return { modified_result: `Org: ${String(ctx.metadata.org_id ?? "unknown")}` };',
      "}",
    ],
  }),
  point({
    id: "PreToolUse",
    base: "PreToolUseHook",
    doc: "After the model picks a tool, before it runs: block it (allow: false — the error is the observation the model sees), rewrite tool_args, or ask a person (requestApproval).",
    chainDoc:
      "The first allow: false ends the chain: later hooks do not run, the tool does not run, and the model sees \"Error: <error>\" (no error: \"Blocked by hook '<name>'\"). modified_args replaces the args and is carried to the next hook's ctx.tool_args, which is then that very object: a later hook's in-place edit of ctx.tool_args changes the rewrite too; the last rewrite is what the tool runs with ({} is a rewrite). requestApproval suspends the call until a person answers on the approval card: approve runs it, reject gives \"Error: Tool call was rejected by an operator.\", no answer in time gives the timeout text.",
    body: [
      "shouldTrigger(ctx: HookContext): boolean {",
      '  return ctx.tool_name.startsWith("sql_");',
      "}",
      "",
      "async execute(ctx: HookContext): Promise<HookResult> {",
      "  if (ctx.metadata.org_readonly === true) {",
      '    return { allow: false, error: "Org is in read-only mode — write blocked.", side_effects: ["my_hook: blocked sql write"] };',
      "  }",
      "  return {};",
      "}",
    ],
  }),
  point({
    id: "PostToolUse",
    base: "PostToolUseHook",
    doc: "After the tool returned, before the observation reaches the model: rewrite it (modified_result).",
    chainDoc:
      "Every hook runs (allow and error are ignored: the tool already ran); each sees the previous rewrite in ctx.tool_result and the last modified_result that is not null is what the model sees (\"\" becomes \"Tool '<name>' completed successfully with no output. Do not retry with same arguments.\"). Not fired when the tool failed.",
    body: [
      "async execute(ctx: HookContext): Promise<HookResult> {",
      "  return { side_effects: [`my_hook: ${ctx.tool_name} returned ${String(ctx.tool_result ?? \"\").length} chars`] };",
      "}",
    ],
  }),
];
