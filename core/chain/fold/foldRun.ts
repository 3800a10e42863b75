import type { Json, JsonObject } from "../../json";
import { diffJson } from "../diff";
import { Draft, DraftValueError } from "../draft";
import { escapePointerToken, isObjectLike, setOwn } from "../jsonValue";
import type { ChainCallRecord, ChainFailure, DroppedWrite, ExecuteChainResult, InvokeOutcome } from "../types";
import { foldClaudeCode } from "./claudeCode";
import { failFimOne, fimOneThread, mergeFimOne, notAHookResult, withArgsEditedInPlace } from "./fimOne";
import { orderDependence } from "./races";
import { field, mergeResult } from "./merges";
import { applyDispatchCopies } from "./dispatchCopies";
import type { ArgIsolation, FoldRequest, FoldReturn } from "./spec";

/** One handler call the host should make now: `fn(...args)`. */
export interface FoldPendingCall {
  index: number;
  hookId: string;
  /** The draft context the args are read from (its edits are what the handler mutated). */
  input: JsonObject;
  /** The handler's positional arguments (`[event, ctx]`), drafts of the context's fields. */
  args: unknown[];
}

interface Started {
  index: number;
  hookId: string;
  draft: Draft;
}

const CLONE_REASON = "each handler gets its own copy of the event: changes to it reach no one; return a result instead";
const SHALLOW_REASON = "each handler gets its own shallow copy of this argument: a field set or deleted on it reaches no one (changes inside its objects do)";
const DISPATCH_REASON = "the runner hands the handlers a copy made for this dispatch: later handlers see this change, the host's own object does not";

/**
 * The step-by-step state machine of a fold (OpenClaw's createHookRunner, semantics.md §2c):
 * handlers run in the given order (already priority-sorted, filtered and gated by the engine);
 * each handler's return is folded into the point's result by the fold's rules; the context
 * changes only where the host lets a handler's changes reach later handlers (shared isolation,
 * the sync hooks' threaded message).
 */
export function createFoldRun(options: { hookIds: readonly string[]; context: JsonObject; fold: FoldRequest }) {
  const { hookIds, context: input, fold } = options;
  /** What the handlers are handed, after the runner's per-dispatch copies. */
  const initialView = hookIds.length > 0 ? applyDispatchCopies(input, fold.dispatchCopies) : input;
  const copied = new Set((fold.dispatchCopies ?? []).map((c) => c.arg).filter((arg) => initialView[arg] !== input[arg]));
  /** What the next handler sees: the shared arguments as the handlers so far left them. */
  let view = initialView;
  /** The context the host reads back: the view, except arguments the runner copied (their originals never change). */
  let committed = input;
  const records: (ChainCallRecord | undefined)[] = [];
  const started = new Map<number, Started>();
  let next = 0;
  let stopped = false;
  let acc: unknown = undefined;
  let pointError: string | null = null;
  /** sync: the threaded message (JSON) and whether any handler replaced it. */
  let threaded: Json | undefined = fold.threadField ? field(input[fold.args[0] ?? "event"], fold.threadField) as Json | undefined : undefined;
  let replaced = false;
  let syncBlocked = false;
  /** parallel: every answer, by hookIds index, folded at the end in completion order. */
  const answers: { output: unknown; failure: string | null }[] = [];

  const isolationOf = (arg: string): ArgIsolation => fold.argIsolation?.[arg] ?? fold.isolation;

  function baseFor(): JsonObject {
    if (!fold.argIsolation) return fold.isolation === "clone-per-handler" ? initialView : view;
    let base = view;
    for (const arg of fold.args) {
      if (isolationOf(arg) !== "clone-per-handler" || base[arg] === initialView[arg]) continue;
      base = { ...base };
      setOwn(base, arg, initialView[arg]);
    }
    return base;
  }

  /** The view after a handler returned, and the writes that reach no later handler or the host. */
  function commit(draft: Draft): DroppedWrite[] {
    if (!fold.argIsolation) {
      if (fold.isolation === "shared") setView(draft.finalize());
      else return edits(draft, CLONE_REASON);
      return [];
    }
    const finalized = draft.finalize();
    const next: JsonObject = { ...finalized };
    const dropped: DroppedWrite[] = [];
    for (const arg of fold.args) {
      const before = draft.base[arg];
      const after = finalized[arg];
      if (before === after || before === undefined || after === undefined) continue;
      const mode = isolationOf(arg);
      if (mode === "shared") continue;
      const kept = mode === "clone-per-handler" ? (view[arg] as Json) : shallowKept(draft, arg, after);
      setOwn(next, arg, kept);
      for (const op of diffJson(kept, after, `/${escapePointerToken(arg)}`)) dropped.push({ path: op.path, reason: mode === "clone-per-handler" ? CLONE_REASON : SHALLOW_REASON });
    }
    setView(next);
    return dropped;
  }

  /**
   * \`{ ...arg }\` handed to one handler: its own fields as they were, except that a write inside
   * an object the argument held (still in its place) reached that shared object.
   */
  function shallowKept(draft: Draft, arg: string, after: Json): Json {
    const base = draft.base[arg];
    if (!isObjectLike(base) || Array.isArray(base) || !isObjectLike(after) || Array.isArray(after)) return base as Json;
    const proxy = (draft.root as Record<string, unknown>)[arg] as Record<string, unknown>;
    const out: JsonObject = {};
    for (const key of Object.keys(base)) {
      const original = (base as JsonObject)[key] as Json;
      const stillThere = isObjectLike(original) && hasKey(after, key) && draft.sameNode(proxy[key], original);
      setOwn(out, key, stillThere ? ((after as JsonObject)[key] as Json) : original);
    }
    return out;
  }

  /** The handlers' view moves on; the host's context follows it except for the copied arguments. */
  function setView(next: JsonObject): void {
    view = next;
    if (copied.size === 0) {
      committed = next;
      return;
    }
    const host: JsonObject = { ...next };
    for (const arg of copied) setOwn(host, arg, input[arg] as Json);
    committed = host;
  }

  /** Writes to a copied argument: later handlers see them, the host does not. */
  function copiedWrites(before: JsonObject): DroppedWrite[] {
    const out: DroppedWrite[] = [];
    for (const arg of copied) {
      if (before[arg] === view[arg]) continue;
      for (const op of diffJson(before[arg] as Json, view[arg] as Json, `/${escapePointerToken(arg)}`)) out.push({ path: op.path, reason: DISPATCH_REASON });
    }
    return out;
  }

  function begin(index: number) {
    const hookId = hookIds[index] as string;
    const draft = new Draft(baseFor());
    started.set(index, { index, hookId, draft });
    const root = draft.root as Record<string, unknown>;
    return { index, hookId, input: draft.root, args: fold.args.map((name) => root[name]) };
  }

  function failed(call: Started, failure: ChainFailure): Omit<ChainCallRecord, "durationMs"> {
    if (fold.kind === "parallel") answers[call.index] = { output: undefined, failure: failure.message };
    // FIM One: fail-open with the registry's own side effect, and the chain goes on (semantics.md §6c.8).
    if (fold.merge?.kind === "fim-one" && pointError === null) acc = failFimOne(acc, nameOf(call));
    if (fold.kind === "modify" && fold.failure === "fail-closed") {
      pointError = `[hooks] ${fold.hookName} handler from ${fold.pluginId} failed: ${failure.message}`;
      acc = undefined;
      stopped = true;
    }
    return { hookId: call.hookId, patch: [], returned: undefined, failure, claimed: false, droppedWrites: edits(call.draft, failure.kind === "timeout" ? "discarded: the handler timed out" : "discarded: the handler threw"), output: null };
  }

  function settleReturn(call: Started, ret: FoldReturn): Omit<ChainCallRecord, "durationMs"> {
    const warnings: string[] = [];
    let value: unknown;
    let output: Json | null;
    try {
      value = plain(call.draft, ret.value);
      output = jsonOf(call.draft, ret.value);
    } catch (error) {
      return failed(call, { kind: "threw", message: error instanceof DraftValueError ? `${error.name}: ${error.message}` : String(error), location: null });
    }
    if (ret.promise && fold.kind === "sync") {
      warnings.push(`[hooks] ${fold.hookName} handler from ${fold.pluginId} returned a Promise; this hook is synchronous and the result was ignored.`);
      value = undefined;
      output = null;
    }
    const before = committed;
    const viewBefore = view;
    // Read before the draft is finalised: whether the hook kept the args object it was handed (FIM One's one shared dict).
    const argsKept = fold.merge?.kind === "fim-one" && fold.isolation === "shared" && keptToolArgs(call.draft);
    const dropped: DroppedWrite[] = commit(call.draft);
    // sync: the message the next handler gets is the current one, with what this handler wrote inside it.
    if (fold.kind === "sync" && fold.threadField) threaded = field(view[fold.args[0] ?? "event"], fold.threadField) as Json | undefined;
    let claimed = false;
    switch (fold.kind) {
      case "observe":
        break;
      case "parallel":
        answers[call.index] = { output: value, failure: null };
        break;
      case "claim":
        if (field(value, "handled")) {
          claimed = true;
          acc = value;
          stopped = true;
        }
        break;
      case "modify":
        if (fold.merge?.kind === "fim-one") {
          const problem = notAHookResult(value);
          if (problem !== null) {
            // Not fail-open in the real runner: it raises out of the chain (semantics.md §6c.9).
            pointError = `[hooks] ${fold.hookName} hook ${call.hookId}: ${problem}`;
            acc = undefined;
            stopped = true;
            break;
          }
          if (argsKept && fold.merge.point === "PreToolUse") acc = withArgsEditedInPlace(acc, field(view[fold.args[0] ?? "ctx"], "tool_args"));
          const merged = mergeFimOne(fold.merge.point, acc, value, { id: call.hookId, name: nameOf(call) });
          acc = merged;
          if (merged.blockedBy !== null) stopped = true;
          const thread = fimOneThread(fold.merge.point, merged);
          if (thread) setView(withField(view, fold.args[0] ?? "ctx", thread.field, thread.value as Json));
          break;
        }
        if (value !== undefined && (value !== null || fold.mergeNull)) {
          acc = mergeResult(fold.merge ?? { kind: "fields", fields: [] }, acc, value, fold.pluginId);
          if (acc && ((fold.stopWhenTrue && field(acc, fold.stopWhenTrue) === true) || (fold.stopOnBlockOutcome && field(acc, "outcome") === "block"))) stopped = true;
        }
        break;
      case "sync":
        if (!value) break;
        if (fold.syncBlockField && field(value, fold.syncBlockField)) {
          syncBlocked = true;
          stopped = true;
          break;
        }
        if (fold.threadField) {
          const message = field(value, fold.threadField);
          if (message) {
            // Identity of what the handler returned (not its JSON): a message it edited in place is still the one it was handed.
            if (!sameAsThreaded(call.draft, field(ret.value, fold.threadField))) replaced = true;
            threaded = field(output, fold.threadField) as Json;
            setView(withThreaded(view, threaded));
          }
        }
        break;
    }
    dropped.push(...copiedWrites(viewBefore));
    const patch = before === committed ? [] : diffJson(before, committed);
    const record: Omit<ChainCallRecord, "durationMs"> = { hookId: call.hookId, patch, returned: output ?? undefined, failure: null, claimed, droppedWrites: dropped, output };
    if (warnings.length > 0) record.warnings = warnings;
    const functions = functionPaths(ret.value);
    if (functions.length > 0) record.functions = functions;
    return record;
  }

  /** The name the host's messages give the hook (FIM One's `hook.name`), else its id. */
  function nameOf(call: Started): string {
    return fold.hookNames?.[call.index] ?? call.hookId;
  }

  /**
   * FIM One: the hook's `ctx.tool_args` is still the object it was handed (edited in place or
   * not), rather than another object it assigned; read through the draft before it is finalised.
   */
  function keptToolArgs(draft: Draft): boolean {
    const key = fold.args[0] ?? "ctx";
    const stored = field(draft.base[key], "tool_args");
    if (!isObjectLike(stored)) return false;
    const arg = (draft.root as Record<string, unknown>)[key];
    return isObjectLike(arg) && draft.sameNode((arg as Record<string, unknown>).tool_args, stored);
  }

  /** sync: the handler handed back the very message it was given (the host compares identity). */
  function sameAsThreaded(draft: Draft, message: unknown): boolean {
    const event = draft.base[fold.args[0] ?? "event"];
    const stored = isObjectLike(event) ? (event as Record<string, unknown>)[fold.threadField ?? ""] : undefined;
    return draft.sameNode(message, stored);
  }

  function withThreaded(ctx: JsonObject, message: Json): JsonObject {
    const eventKey = fold.args[0] ?? "event";
    const event = ctx[eventKey];
    const out: JsonObject = { ...ctx };
    const nextEvent: JsonObject = isObjectLike(event) && !Array.isArray(event) ? { ...(event as JsonObject) } : {};
    setOwn(nextEvent, fold.threadField ?? "message", message);
    setOwn(out, eventKey, nextEvent);
    return out;
  }

  function withField(ctx: JsonObject, argKey: string, name: string, value: Json): JsonObject {
    const arg = ctx[argKey];
    const nextArg: JsonObject = isObjectLike(arg) && !Array.isArray(arg) ? { ...(arg as JsonObject) } : {};
    setOwn(nextArg, name, value);
    const out: JsonObject = { ...ctx };
    setOwn(out, argKey, nextArg);
    return out;
  }

  function result(): Json | null {
    if (pointError !== null) return null;
    switch (fold.kind) {
      case "observe":
        return null;
      case "parallel": {
        const order = fold.completionOrder && fold.completionOrder.length === hookIds.length ? fold.completionOrder : hookIds.map((_, i) => i);
        const event = fold.merge?.kind === "claude-code" ? fold.merge.event : fold.hookName;
        const ordered = order
          .filter((i) => answers[i] !== undefined)
          .map((i) => ({ hookId: hookIds[i] as string, output: answers[i]?.output, failure: answers[i]?.failure ?? null, onFailure: fold.onFailure?.[i] ?? ("continue" as const), command: fold.commands?.[i] ?? null }));
        // Every order is re-folded anyway; the declared order names the hooks as the user lists them.
        const options = fold.merge?.kind === "claude-code" && fold.merge.variant === "codex" ? { variant: "codex" as const, configOrder: hookIds } : undefined;
        const race = orderDependence(event, [...ordered].sort((a, b) => hookIds.indexOf(a.hookId) - hookIds.indexOf(b.hookId)), options);
        return jsonValue({ ...foldClaudeCode(event, ordered, options), orderDependent: race }) ?? null;
      }
      case "claim":
      case "modify": {
        if (acc === undefined) return null;
        const json = jsonValue(acc);
        if (fold.merge?.kind === "gate-decision") return { decision: json ?? null, pluginId: fold.pluginId };
        return json ?? null;
      }
      case "sync": {
        if (hookIds.length === 0) return null;
        if (syncBlocked) return fold.syncResult === "if-changed" ? { block: true } : { message: threaded ?? null };
        if (fold.syncResult === "if-changed") return replaced ? { message: threaded ?? null } : null;
        return { message: threaded ?? null };
      }
    }
  }

  return {
    start(): FoldPendingCall[] {
      if (stopped || started.size > 0) return [];
      // observe handlers start in order and each runs until it yields: in the sandbox, to its end, so
      // a handler sees what the earlier ones wrote to the shared event and ctx, as in runVoidHook.
      if (fold.kind === "parallel") {
        const all: FoldPendingCall[] = [];
        while (next < hookIds.length) all.push(begin(next++));
        return all;
      }
      return next < hookIds.length ? [begin(next++)] : [];
    },
    settle(index: number, outcome: InvokeOutcome, durationMs = 0): void {
      const call = started.get(index);
      if (!call) throw new Error(`settle(${index}): no such call is running`);
      started.delete(index);
      const record = "failure" in outcome ? failed(call, outcome.failure) : settleReturn(call, asFoldReturn(outcome.returned));
      // Each record is a fresh object: completed in place rather than copied (one object less per call).
      (record as ChainCallRecord).durationMs = durationMs;
      records[index] = record as ChainCallRecord;
    },
    get finished(): boolean {
      return started.size === 0 && (stopped || next >= hookIds.length);
    },
    result(): ExecuteChainResult {
      if (!this.finished) throw new Error("the chain has not finished");
      return { calls: records.filter((r): r is ChainCallRecord => r !== undefined), context: committed, aborted: null, result: result(), pointError };
    },
  };
}

/** What a fold handler call reported: the sandbox wraps it as {@link FoldReturn}; a bare value counts as not a promise. */
function asFoldReturn(returned: unknown): FoldReturn {
  if (isObjectLike(returned) && "promise" in returned && "value" in returned && typeof (returned as FoldReturn).promise === "boolean") return returned as FoldReturn;
  return { value: returned, promise: false };
}

/**
 * A handler's return as the merges read it: JSON (drafts unwrapped), except that the keys of a
 * returned object keep `undefined` values (`{ message: undefined }` is not `{}` to the host).
 */
function plain(draft: Draft, value: unknown): unknown {
  if (!isObjectLike(value) || Array.isArray(value) || typeof value === "function") return draft.toJson(value);
  const json = draft.toJson(value);
  if (!isObjectLike(json) || Array.isArray(json)) return json;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) setOwn(out, key, hasKey(json, key) ? (json as JsonObject)[key] : undefined);
  return out;
}

/** Functions at the first two levels of a returned object (onResolution callbacks), as JSON pointers. */
function functionPaths(value: unknown): string[] {
  const out: string[] = [];
  if (!isObjectLike(value) || Array.isArray(value)) return out;
  for (const key of Object.keys(value)) {
    const child = (value as Record<string, unknown>)[key];
    if (typeof child === "function") out.push(`/${key}`);
    else if (isObjectLike(child) && !Array.isArray(child)) {
      for (const inner of Object.keys(child)) if (typeof (child as Record<string, unknown>)[inner] === "function") out.push(`/${key}/${inner}`);
    }
  }
  return out;
}

function hasKey(obj: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(obj, key);
}

/** The return as JSON for the trace (`null` for nothing). */
function jsonOf(draft: Draft, value: unknown): Json | null {
  const json = draft.toJson(value);
  return json === undefined ? null : json;
}

/** A folded value as JSON: undefined keys and non-enumerable host bookkeeping dropped. */
function jsonValue(value: unknown): Json | undefined {
  if (value === undefined || typeof value === "function" || typeof value === "symbol") return undefined;
  if (value === null || typeof value !== "object") return typeof value === "number" && !Number.isFinite(value) ? null : (value as Json);
  if (Array.isArray(value)) return value.map((v) => jsonValue(v) ?? null);
  const out: JsonObject = {};
  for (const key of Object.keys(value)) {
    const v = jsonValue((value as Record<string, unknown>)[key]);
    if (v !== undefined) setOwn(out, key, v);
  }
  return out;
}

function edits(draft: Draft, reason: string): DroppedWrite[] {
  try {
    return diffJson(draft.base, draft.finalize()).map((op) => ({ path: op.path, reason }));
  } catch {
    return [];
  }
}
