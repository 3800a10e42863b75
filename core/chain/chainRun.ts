import type { Json, JsonObject, JsonPatch } from "../json";
import { linkAliases } from "./aliases";
import { createFoldRun } from "./fold/foldRun";
import { diffJson } from "./diff";
import { Draft, DraftValueError } from "./draft";
import { escapePointerToken, hasOwn, isObjectLike, parsePointer, setOwn } from "./jsonValue";
import { findSharedPaths, type SharedGroup } from "./sharedPaths";
import type {
  ChainCallRecord,
  ChainExecution,
  ChainFailure,
  DroppedWrite,
  ExecuteChainOptions,
  ExecuteChainResult,
  InvokeOutcome,
} from "./types";

/** One hook call the host should make now: call the user's function of `hookId` with `input`. */
export interface PendingCall {
  index: number;
  hookId: string;
  input: JsonObject;
  /** "fold": the handler's positional arguments (drafts of the context's fields). */
  args?: unknown[];
}

/**
 * A chain being executed step by step. The host asks {@link ChainRun.start} which calls may
 * begin, runs them, and reports each with {@link ChainRun.settle}. Stepping lets a sandbox run
 * every user call in its own guest evaluation (so an uncatchable interrupt ends only that call)
 * while this state machine keeps the chain's semantics.
 */
export interface ChainRun {
  /** Calls that may start now: one at a time for sequential models, all at once for "void". */
  start(): PendingCall[];
  /** Reports how a started call ended. */
  settle(index: number, outcome: InvokeOutcome, durationMs?: number): void;
  readonly finished: boolean;
  /** The chain's records and resulting context; throws if called before `finished`. */
  result(): ExecuteChainResult;
}

const DROP_REASON: Record<Exclude<ChainExecution, "chain" | "fold">, string> = {
  void: "void hooks run on their own copy of the input; the host ignores their changes",
  modifying: "modifying hooks change the context only through the partial they return",
  claiming: "claiming hooks cannot change the context; they can only claim it with { handled: true }",
};

interface Started {
  hookId: string;
  draft: Draft;
}

/** Creates the step-by-step state machine behind {@link executeChain}. */
export function createChainRun(options: Omit<ExecuteChainOptions, "invoke" | "now">): ChainRun {
  if (options.execution === "fold") {
    if (!options.fold) throw new Error('a "fold" chain needs its fold (the host\'s merge rules)');
    return createFoldRun({ hookIds: options.hookIds, context: options.context, fold: options.fold });
  }
  const { execution, hookIds } = options;
  const input = linkAliases(options.context, options.aliases);
  let committed = input;
  // JSON carries no sharing, so the only shared nodes at the start are the declared aliases.
  const inputShared: SharedGroup[] = (options.aliases ?? []).map((group) => group.map(parsePointer));
  let shared = inputShared;
  const records: (ChainCallRecord | undefined)[] = [];
  const started = new Map<number, Started>();
  /** modifying: key -> hook that won it. */
  const winners = new Map<string, string>();
  let next = 0;
  let aborted: ExecuteChainResult["aborted"] = null;
  let stopped = false;

  const pendingCount = (): number => started.size;

  function begin(index: number): PendingCall {
    const hookId = hookIds[index] as string;
    // Vellum drafts the last commit; the registry models hand every hook the original input.
    const extras = options.extras?.(hookId);
    const draft = execution === "chain" ? new Draft(committed, shared, extras) : new Draft(input, inputShared, extras);
    started.set(index, { hookId, draft });
    return { index, hookId, input: draft.root };
  }

  function settleChain(call: Started, outcome: InvokeOutcome): Omit<ChainCallRecord, "durationMs"> {
    if ("failure" in outcome) return failed(call, outcome.failure, droppedOnFailure(call.draft, outcome.failure));
    const before = committed;
    try {
      const returned = call.draft.toJson(outcome.returned);
      const draftResult = call.draft.finalize();
      const after = outcome.returned === undefined ? draftResult : spreadMerge(draftResult, outcome.returned, call.draft);
      committed = after;
      if (call.draft.placedExisting) shared = findSharedPaths(committed);
      // The draft knows where it was written (its base is `before`); a returned partial may change anything.
      return ok(call.hookId, outcome.returned === undefined ? call.draft.patch() : diffJson(before, after), returned, []);
    } catch (error) {
      return failed(call, valueFailure(error), []);
    }
  }

  function settleModel(call: Started, outcome: InvokeOutcome, model: Exclude<ChainExecution, "chain" | "fold">) {
    if ("failure" in outcome) return failed(call, outcome.failure, droppedOnFailure(call.draft, outcome.failure));
    let returned: Json | undefined;
    let dropped: DroppedWrite[];
    try {
      returned = call.draft.toJson(outcome.returned);
      dropped = draftWrites(call.draft, input).map((path) => ({ path, reason: DROP_REASON[model] }));
    } catch (error) {
      return failed(call, valueFailure(error), []);
    }
    if (model !== "modifying") {
      const claimed = model === "claiming" && isObjectLike(returned) && !Array.isArray(returned) && returned.handled === true;
      return { ...ok(call.hookId, [], returned, dropped), claimed };
    }
    const patch: JsonPatch = [];
    let partial: Record<string, Json | undefined>;
    try {
      partial = jsonPartial(outcome.returned, call.draft);
    } catch (error) {
      return failed(call, valueFailure(error), []);
    }
    let merged: JsonObject | null = null;
    for (const key of Object.keys(partial)) {
      const value = partial[key];
      if (value === undefined || value === null) continue;
      const path = `/${escapePointerToken(key)}`;
      const winner = winners.get(key);
      if (winner !== undefined) {
        dropped.push({ path, reason: `"${winner}" already set this key; the first non-null value wins` });
        continue;
      }
      winners.set(key, call.hookId);
      merged ??= shallowCopy(committed);
      if (hasOwn(committed, key)) patch.push(...diffJson(committed[key] as Json, value, path));
      else patch.push({ op: "add", path, value });
      setOwn(merged, key, value);
    }
    if (merged) committed = merged;
    return ok(call.hookId, patch, returned, dropped);
  }

  function failed(call: Started, failure: ChainFailure, droppedWrites: DroppedWrite[]) {
    if (execution === "modifying" || execution === "claiming") {
      aborted = { hookId: call.hookId, failure };
      stopped = true;
    }
    return { hookId: call.hookId, patch: [], returned: undefined, failure, claimed: false, droppedWrites };
  }

  return {
    start() {
      if (stopped || pendingCount() > 0) return [];
      if (execution === "void") {
        const all: PendingCall[] = [];
        while (next < hookIds.length) all.push(begin(next++));
        return all;
      }
      return next < hookIds.length ? [begin(next++)] : [];
    },
    settle(index, outcome, durationMs = 0) {
      const call = started.get(index);
      if (!call) throw new Error(`settle(${index}): no such call is running`);
      started.delete(index);
      const record = execution === "chain" ? settleChain(call, outcome) : settleModel(call, outcome, execution);
      // Each record is a fresh object: completed in place rather than copied (one object less per call).
      (record as ChainCallRecord).durationMs = durationMs;
      records[index] = record as ChainCallRecord;
      if (record.claimed) stopped = true;
    },
    get finished() {
      return pendingCount() === 0 && (stopped || next >= hookIds.length);
    },
    result() {
      if (!this.finished) throw new Error("the chain has not finished");
      return { calls: records.filter((r): r is ChainCallRecord => r !== undefined), context: committed, aborted };
    },
  };
}

function ok(hookId: string, patch: JsonPatch, returned: Json | undefined, droppedWrites: DroppedWrite[]) {
  return { hookId, patch, returned, failure: null, claimed: false, droppedWrites };
}

/** `{...draft, ...returned}` as the Vellum host does it: returned keys overwrite, others survive. */
function spreadMerge(draftResult: JsonObject, returned: unknown, draft: Draft): JsonObject {
  const out = shallowCopy(draftResult);
  const partial = jsonPartial(returned, draft);
  for (const key of Object.keys(partial)) {
    const value = partial[key];
    if (value === undefined) delete out[key]; // `{ error: undefined }` clears the key
    else setOwn(out, key, value);
  }
  return out;
}

/**
 * A returned value as object spread sees it (null merges nothing, a string spreads its
 * characters as "0","1",…), each value converted to JSON (undefined kept to mean "clear").
 */
function jsonPartial(returned: unknown, draft: Draft): Record<string, Json | undefined> {
  const spread = { ...(returned as object) } as Record<string, unknown>;
  const out: Record<string, Json | undefined> = {};
  for (const key of Object.keys(spread)) setOwn(out, key, draft.toJson(spread[key], `/${key}`));
  return out;
}

function shallowCopy(obj: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const key of Object.keys(obj)) setOwn(out, key, obj[key]);
  return out;
}

function draftWrites(draft: Draft, base: JsonObject): string[] {
  return diffJson(base, draft.finalize()).map((op) => op.path);
}

function droppedOnFailure(draft: Draft, failure: ChainFailure): DroppedWrite[] {
  const reason = failure.kind === "timeout" ? "discarded: the hook timed out" : failure.kind === "memory" ? "discarded: the hook ran out of memory" : "discarded: the hook threw";
  try {
    return draftWrites(draft, draft.base).map((path) => ({ path, reason }));
  } catch {
    return []; // a draft left circular by a failing hook has nothing reportable
  }
}

function valueFailure(error: unknown): ChainFailure {
  if (error instanceof DraftValueError) return { kind: "threw", message: `${error.name}: ${error.message}`, location: null };
  return { kind: "threw", message: describeError(error), location: null };
}

/** Plain words for a thrown value. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return typeof error === "string" ? error : String(error);
}
