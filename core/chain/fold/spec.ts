/**
 * How a host whose handlers answer with results (OpenClaw's `createHookRunner`) runs one hook
 * point, as data: a profile declares it per point (core/profiles), the engine hands it to the
 * runner in the chain request, and core/chain folds each handler's output with it. JSON only,
 * because it crosses into the sandbox's chain realm.
 */

/** The runner's four ways of dispatching a hook (semantics.md §2c "Hook kinds"). */
export type FoldKind =
  /** All handlers start at once; results ignored; failures logged (runVoidHook). */
  | "observe"
  /** Sequential, each awaited; outputs folded by `merge`; `stop` ends the chain (runModifyingHook). */
  | "modify"
  /** Sequential; the first output with a truthy `handled` wins and stops (runClaimingHook). */
  | "claim"
  /** Synchronous and sequential; each handler sees the previous one's `message` (runSyncMessageHooks). */
  | "sync"
  /**
   * All handlers start at once on the original input and every answer counts: the answers are
   * folded by `merge` in completion order (Claude Code, semantics.md §3c).
   */
  | "parallel";

/** How one field of a modify hook's results folds across handlers. */
export type FieldRule =
  /** `acc ?? next`: the first value that is not null/undefined (an empty string counts as defined). */
  | "first-defined"
  /** `next ?? acc`. */
  | "last-defined"
  /** `next ?? acc` as well, written `next.metadata ?? acc?.metadata` in the host (message_sending metadata). */
  | "latest-non-nullish"
  /** Concatenated with "\n\n"; an explicit "" on the right wins (concatOptionalTextSegments). */
  | "concat"
  /** `true` once any handler said exactly `true`, else undefined. */
  | "sticky-true"
  /** Tool allow-lists intersected (a single list is kept as given). */
  | "intersect-tools";

/**
 * Where a handler's writes to one argument go. `shared` and `clone-per-handler` as
 * {@link FoldSpec.isolation}; `shallow-copy-per-handler`: each handler gets `{ ...arg }`, so a
 * field it sets or deletes reaches no one, while a write inside an object the argument already
 * held reaches later handlers (OpenClaw's before_prompt_build ctx, the sync hooks' event).
 */
export type ArgIsolation = "shared" | "clone-per-handler" | "shallow-copy-per-handler";

/** A copy of one argument the runner makes per dispatch (see {@link FoldSpec.dispatchCopies}). */
export type DispatchCopy =
  /** OpenClaw runModifyingHook: when `arg.messages` is an array, `{ ...arg, messages: projectModelContextMessages(messages) }`, deep-cloned. */
  | { arg: string; kind: "project-model-context-messages" }
  /** OpenClaw withAgentRunId: when `arg.runId` is falsy and `from.runId` truthy, `{ ...arg, runId: from.runId }`. */
  | { arg: string; kind: "run-id-from"; from: string };

/** The fold of a modify hook. */
/**
 * Which host folds a Claude-Code-shaped event: Claude Code itself (default) or Codex CLI, whose
 * hooks copy Claude Code's but fold differently (core/chain/fold/claudeCode.ts CODEX_FOLD).
 */
export type ClaudeFoldVariant = "claude-code" | "codex";

export type FoldMerge =
  /** Field by field, in this order (the host's merge function builds the result with these keys). */
  | { kind: "fields"; fields: [string, FieldRule][] }
  /** before_tool_call: params last-defined but frozen once approval is requested; block sticky; blockReason last-defined; requireApproval first (pluginId stamped). */
  | { kind: "tool-call" }
  /** before_agent_run: the most restrictive decision wins; null or a malformed one is a block. */
  | { kind: "gate-decision" }
  /** before_agent_finalize: finalize sticky, revise+revise concatenates, revise beats continue. */
  | { kind: "finalize-action" }
  /** Claude Code (parallel): strictest decision, every additionalContext, the last qualifying rewrite (core/chain/fold/claudeCode.ts). */
  | { kind: "claude-code"; event: string; variant?: ClaudeFoldVariant }
  /** FIM One's HookRegistry (core/chain/fold/fimOne.ts): first allow:false stops, rewrites carried to the next hook, side effects in order. */
  | { kind: "fim-one"; point: "PreToolUse" | "PostToolUse" | "SessionStart" };

export interface FoldSpec {
  kind: FoldKind;
  /** modify only. */
  merge?: FoldMerge;
  /** modify: the merged result's field that, when exactly `true`, skips lower-priority handlers (block, cancel). */
  stopWhenTrue?: string;
  /** modify: merged `outcome === "block"` stops (before_agent_run). */
  stopOnBlockOutcome?: boolean;
  /** modify: a `null` return is merged (before_agent_run counts it as an invalid decision). */
  mergeNull?: boolean;
  /**
   * What handlers see of the event. `clone-per-handler`: each its own copy of the original (their
   * mutations go nowhere); `shared`: one object, a handler's mutations reach the next handlers.
   */
  isolation: "clone-per-handler" | "shared";
  /** Per argument (by name in `args`), where it differs from `isolation` (OpenClaw isolates event and ctx differently at some points). */
  argIsolation?: Record<string, ArgIsolation>;
  /**
   * Copies the runner makes of an argument once per dispatch, before the first handler: the
   * handlers see the copy (and, where the argument is shared, each other's writes to it); the
   * host's own object never changes.
   */
  dispatchCopies?: DispatchCopy[];
  /** A handler that throws or times out: `fail-closed` fails the whole point, `fail-open` skips it. */
  failure: "fail-closed" | "fail-open";
  /** sync: the event field threaded from handler to handler (`message`). */
  threadField?: string;
  /** sync: a truthy field of a handler's return that stops the chain and marks the result (before_message_write `block`). */
  syncBlockField?: string;
  /** sync: what the runner returns at the end (tool_result_persist always `{message}`; before_message_write only a changed message). */
  syncResult?: "always" | "if-changed";
  /** The runner's per-handler budget in ms when the hook sets none; null: no timeout. */
  defaultTimeoutMs: number | null;
}

/** A fold as the chain runs it: the spec plus what the request knows. */
export interface FoldRequest extends FoldSpec {
  /** The hook point's name, for messages (`[hooks] before_tool_call handler from … failed`). */
  hookName: string;
  /** The id of the plugin that registered the handlers (stamped on requireApproval.pluginId). */
  pluginId: string;
  /** Context fields handed to each handler as positional arguments, in order: ["event", "ctx"]. */
  args: string[];
  /** parallel: the order the handlers complete in, as indices into hookIds (default: declared order). */
  completionOrder?: number[];
  /** parallel: each handler's `onFailure` ("continue" when absent), by hookIds index. */
  onFailure?: ("continue" | "block")[];
  /** parallel: the command line the host runs for each handler, by hookIds index, as its messages name it (Claude Code `[<command>]: `). */
  commands?: (string | null)[];
  /**
   * The name each hook goes by in the host's own messages (FIM One's `hook.name`: "Blocked by
   * hook 'readonly_guard'"), by hookIds index; absent (or a hole): the hook's id.
   */
  hookNames?: string[];
}

/** What the sandbox (or an in-process invoke) reports for one handler call of a fold. */
export interface FoldReturn {
  /** The handler's return value (awaited when it was a promise). */
  value: unknown;
  /** The handler returned a promise (sync hooks ignore it, as the host does). */
  promise: boolean;
}
