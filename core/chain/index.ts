/**
 * The chain executor: how a host runs the handlers of one hook point.
 *
 * Pure and dependency-free (imports only core/chain and core/json types; no Node, browser,
 * zod or structuredClone), so esbuild can bundle it into the QuickJS guest, and it runs
 * in-process the same way.
 *
 * ## API (stable)
 *
 * ```ts
 * executeChain({ execution, hookIds, context, invoke, now?, aliases?, extras? })
 *   → Promise<{ calls: ChainCallRecord[]; context: JsonObject; aborted: {hookId, failure} | null }>
 * invoke(hookId, input) → Promise<{ returned: unknown } | { failure: { kind, message, location? } }>
 * ChainCallRecord = { hookId, patch, returned, failure, claimed, droppedWrites, durationMs }
 * ```
 *
 * `extras(hookId)` adds non-JSON host objects (a logger) to that hook's root; they are never
 * committed. `input` is a draft to hand to the user's function. The host supplies `invoke` (the sandbox
 * applies limits and captures logs; tests call plain functions); a rejected `invoke` counts
 * as a `threw` failure. For hosts that must run each user call in a separate evaluation,
 * {@link createChainRun} exposes the same semantics step by step (`start`, `settle`, `result`).
 *
 * **Invariant:** applying every call's `patch` in order to `context` (after `aliases` are
 * linked, which does not change it as JSON) yields the result `context` exactly.
 *
 * ## Execution models
 *
 * - `"chain"` (Vellum `runHook`): sequential. Each hook gets its own copy-on-write draft of the
 *   last committed context (aliasing inside the draft preserved). Returning `undefined` commits
 *   the draft with its in-place edits; any other return commits `{...draft, ...returned}`
 *   (null merges nothing; a string spreads its characters as "0","1",…; `{k: undefined}`
 *   clears `k`). A failure discards the draft (patch `[]`, edits listed in `droppedWrites`)
 *   and the next hook gets the last committed context. Never aborts.
 * - `"void"` (registry): every hook starts at once on its own draft of the input; results are
 *   ignored and failures swallowed; patches are `[]` and draft edits are `droppedWrites`.
 * - `"modifying"` (registry): sequential; each hook gets a draft of the original input and
 *   changes the context only through its returned partial. Per key the first non-null value
 *   wins: a hook's patch sets the keys it newly won; losing keys are `droppedWrites`. A failure
 *   propagates: the chain stops and `aborted` names the hook (the host abandons the turn).
 * - `"claiming"` (registry): sequential on drafts of the original input; stops after the first
 *   hook returning `{ handled: true }` (`claimed: true`, its return in `returned`); the
 *   context never changes. A failure propagates like "modifying".
 *
 * Serialising a record: `returned: undefined` disappears in JSON; read an absent `returned`
 * as undefined. The result `context` equals the input plus the patches, so a sandbox may
 * rebuild it host-side instead of marshalling it back.
 *
 * Contexts stay JSON: what a hook stores is committed as JSON.stringify would store it.
 * Finalising a draft can run user code (getters, toJSON, user Proxies), so a sandbox should
 * keep its interrupt deadline armed across the executor's own work, not only inside `invoke`.
 */
export { executeChain } from "./executeChain";
export { createChainRun, describeError, type ChainRun, type PendingCall } from "./chainRun";
export { runChainInProcess, type InProcessHook, type InProcessChainResult } from "./runChainInProcess";
export { cloneHookValue } from "./cloneHookValue";
export { diffJson } from "./diff";
export { DraftValueError } from "./draft";
export type { FieldRule, FoldKind, FoldMerge, FoldRequest, FoldReturn, FoldSpec } from "./fold/spec";
export type {
  ChainCallRecord,
  ChainExecution,
  ChainFailure,
  DroppedWrite,
  ExecuteChainOptions,
  ExecuteChainResult,
  InvokeHook,
  InvokeOutcome,
} from "./types";
