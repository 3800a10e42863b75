import type { Json, JsonObject, JsonPatch } from "../json";
import type { FoldRequest } from "./fold/spec";

/**
 * Types of the chain executor. Kept free of imports beyond core/json so esbuild can bundle
 * core/chain into the QuickJS guest as-is.
 */

/** The four ways a host runs the handlers of one hook point (mirrors profiles ExecutionModel). */
export type ChainExecution = "chain" | "void" | "modifying" | "claiming" | "fold";

/** Why a hook call failed; structurally the same as the engine's HookFailure. */
export interface ChainFailure {
  kind: "threw" | "timeout" | "memory";
  message: string;
  location?: { file: string; line: number; column: number } | null;
}

/** What the host reports after calling the user's function once. */
export type InvokeOutcome = { returned: unknown } | { failure: ChainFailure };

/**
 * Calls the user's function of `hookId` with `input` (a draft: a plain-looking object the hook
 * may mutate). Supplied by the host: the sandbox applies time limits and captures logs;
 * tests call plain functions. A rejection is treated as a `threw` failure.
 */
export type InvokeHook = (hookId: string, input: JsonObject) => Promise<InvokeOutcome>;

/** A write a hook made that the chain did not keep (same shape as the trace's IgnoredWrite). */
export interface DroppedWrite {
  path: string;
  reason: string;
}

export interface ChainCallRecord {
  hookId: string;
  /** RFC 6902 against the context this hook received; [] when its changes were dropped. */
  patch: JsonPatch;
  /** What the hook returned, as JSON (drafts unwrapped); undefined when it returned nothing. */
  returned: Json | undefined;
  failure: ChainFailure | null;
  /** Claiming chains: this hook returned `{ handled: true }` and stopped the chain. */
  claimed: boolean;
  /** Writes the execution model threw away (void/claiming drafts, a failed hook's draft, losing keys). */
  droppedWrites: DroppedWrite[];
  /** From the `now` clock the host supplied; 0 without one. */
  durationMs: number;
  /** "fold": what the handler returned as the host reads it (JSON; null for nothing). */
  output?: Json | null;
  /** Notes for the hook's card (a synchronous hook that returned a Promise). */
  warnings?: string[];
  /** "fold": JSON pointers of functions in the return the trace cannot carry (`/requireApproval/onResolution`). */
  functions?: string[];
}

export interface ExecuteChainOptions {
  execution: ChainExecution;
  /** Hooks in effective run order. */
  hookIds: readonly string[];
  /** The context entering the chain, plain JSON. Never mutated. */
  context: JsonObject;
  invoke: InvokeHook;
  /** Millisecond clock for `durationMs` (e.g. performance.now). */
  now?: () => number;
  /**
   * Groups of JSON pointers that are the same value in the host (Vellum's
   * `originalMessages`/`latestMessages`). JSON cannot carry aliasing, so the executor
   * re-links them before the first hook: a write through one path is seen through the others.
   */
  aliases?: readonly (readonly string[])[];
  /**
   * Non-JSON host objects to show on each hook's context root (e.g. `{ logger }` capturing that
   * hook's logs). They can be read but are not listed, committed or diffed.
   */
  extras?: (hookId: string) => Readonly<Record<string, unknown>>;
  /**
   * "fold" only: how the host folds the handlers' results (core/chain/fold). `invoke` then gets
   * the handler's positional arguments as `input` (an array: `[event, ctx]`) and reports
   * `{ returned: { value, promise } }` (FoldReturn).
   */
  fold?: FoldRequest;
}

export interface ExecuteChainResult {
  /** One per hook that ran, in run order (void: start order). */
  calls: ChainCallRecord[];
  /** The context after the chain; equals `context` with every call's patch applied in order. */
  context: JsonObject;
  /**
   * Set when a failure propagated (modifying/claiming): the chain stopped at that hook and the
   * host is expected to abandon the turn. `context` then holds what was merged before it.
   */
  aborted: { hookId: string; failure: ChainFailure } | null;
  /** "fold": the point's merged result as the host's runner returns it (null: it returns nothing). */
  result?: Json | null;
  /** "fold": a fail-closed handler failed, so the runner threw this instead of returning (result null). */
  pointError?: string | null;
}
