import type { Json, JsonObject, JsonPatch } from "../../json";
import { diffJson } from "../diff";
import { jsonEqual } from "../jsonValue";
import { deepFrozenCopy, toJson } from "./frozen";

/**
 * A middleware chain (an onion): each hook is called as `hook(e, next)` and either passes the
 * event on (`await next(e)`), rewrites it (`await next({ ...e, x })`), or answers by returning
 * without calling `next`; the link beneath the last hook is the host itself (`inner`). Any
 * profile whose host runs hooks this way uses it (Claude Code mods first). Pure and free of
 * Node/browser APIs, like the rest of core/chain.
 *
 * Failure is the host's to say ({@link MiddlewareOptions.failure}); with `fail-open` (Claude Code
 * mods, claude-code-mods.md facts 16 and 18) a hook that throws or answers in a shape the host
 * refuses is skipped: when it had not called `next`, the links beneath it run in its place with
 * the event it received; when it had, the last `next` result stands.
 */

/** What `next` offers a hook beside being callable. */
export interface NextFn {
  (event?: unknown): Promise<Json>;
  /** Whether this hook has called `next` (read in a `.catch` handler). */
  readonly called: boolean;
  /** The event's name. */
  readonly event: string;
}

/** Calls the user's hook `hookId` with the (deeply frozen) event and its `next`. A rejection is a failure. */
export type MiddlewareInvoke = (hookId: string, event: Readonly<JsonObject>, next: NextFn) => Promise<unknown>;

export interface MiddlewareOptions {
  /** The event's name (what `next.event` reads). */
  event: string;
  /** Hooks in onion order, outermost first. */
  hookIds: readonly string[];
  /** The event entering the outermost hook. Never mutated. */
  input: JsonObject;
  invoke: MiddlewareInvoke;
  /** The host beneath the last hook: what runs when every hook passed on. */
  inner: (event: JsonObject) => Promise<Json>;
  /** Null when a hook's answer is one the host takes, else why not (the hook is then skipped). */
  checkAnswer?: (answer: Json) => string | null;
  /** Keys a rewrite must keep as they were (the engine owns them: `tool`, `tool_use_id`). */
  reservedKeys?: readonly string[];
  failure: "fail-open" | "fail-closed";
  /** Millisecond clock for `durationMs`. */
  now?: () => number;
}

export type MiddlewareOutcome =
  /** Called `next` with the event as it got it. */
  | "passed"
  /** Called `next` with a changed event (see `patch`). */
  | "rewrote"
  /** Returned without calling `next`: nothing beneath it ran. */
  | "answered"
  /** Threw, or answered in a shape the host refuses; skipped (fail-open). */
  | "failed"
  /** Never called: a hook above it answered, or failed closed. */
  | "not-reached";

export interface MiddlewareRecord {
  hookId: string;
  outcome: MiddlewareOutcome;
  /** The event this hook received (null when not reached). */
  received: JsonObject | null;
  /** RFC 6902 from `received` to the event it first passed to `next` ([] when it passed it on unchanged or never called next). */
  patch: JsonPatch;
  /** How many times it called `next`. */
  nextCalls: number;
  /** What it returned, as JSON (null for nothing, or when it failed). */
  returned: Json | null;
  /** What its last `next` resolved to (null when it never called next). */
  nextResult: Json | null;
  /** Why it failed, in the host's words. */
  failure: string | null;
  /** Which hook's answer stopped the chain above the ones beneath it (for `not-reached`). */
  stoppedBy: string | null;
  durationMs: number;
}

export interface MiddlewareResult {
  /** What the outermost link resolved to: the event's result as the host reads it. */
  result: Json;
  /** One per hook, in onion order. */
  records: MiddlewareRecord[];
  /** The events the host's own link ran with, in order (empty: an answer stopped the chain). */
  innerCalls: JsonObject[];
}

class ReservedKeyError extends Error {
  override name = "Error";
}

/** Runs the onion once. */
export async function runMiddleware(options: MiddlewareOptions): Promise<MiddlewareResult> {
  const { hookIds, invoke, now } = options;
  const records: MiddlewareRecord[] = hookIds.map((hookId) => ({ hookId, outcome: "not-reached", received: null, patch: [], nextCalls: 0, returned: null, nextResult: null, failure: null, stoppedBy: null, durationMs: 0 }));
  const innerCalls: JsonObject[] = [];

  const link = async (index: number, event: JsonObject): Promise<Json> => {
    if (index >= hookIds.length) {
      innerCalls.push(event);
      return options.inner(event);
    }
    const record = records[index] as MiddlewareRecord;
    const hookId = hookIds[index] as string;
    record.received = event;
    let calls = 0;
    let last: Json | undefined;
    const next = Object.defineProperties(
      async (arg?: unknown): Promise<Json> => {
        const passed = arg === undefined ? event : toJson(arg, "the event passed to next()");
        if (typeof passed !== "object" || passed === null || Array.isArray(passed)) throw new TypeError(`${hookId}: next() takes the event object`);
        for (const key of options.reservedKeys ?? []) {
          if (!jsonEqual(passed[key], event[key])) throw new ReservedKeyError(`${hookId}: next() passed an argument with a changed ${key} (the envelope is the engine's; a rewrite keeps ${(options.reservedKeys ?? []).join(", ")})`);
        }
        calls += 1;
        record.nextCalls = calls;
        if (calls === 1) record.patch = diffJson(event, passed);
        last = await link(index + 1, passed);
        record.nextResult = last;
        return last;
      },
      { called: { get: () => calls > 0, enumerable: true }, event: { value: options.event, enumerable: true } },
    ) as NextFn;

    const startedAt = now ? now() : 0;
    let failure: string | null = null;
    let answer: Json = null;
    try {
      answer = toJson(await invoke(hookId, deepFrozenCopy(event), next), "the hook's answer");
      const refused = options.checkAnswer?.(answer) ?? null;
      if (refused) failure = `returned the wrong shape (${refused})`;
    } catch (error) {
      failure = `threw ${describe(error)}`;
    }
    record.durationMs = now ? Math.max(0, now() - startedAt) : 0;
    if (failure === null) {
      record.returned = answer;
      record.outcome = calls === 0 ? "answered" : record.patch.length === 0 ? "passed" : "rewrote";
      if (calls === 0) for (const below of records.slice(index + 1)) if (below.outcome === "not-reached") below.stoppedBy ??= hookId;
      return answer;
    }
    record.failure = failure;
    record.outcome = "failed";
    if (options.failure === "fail-closed") {
      for (const below of records.slice(index + 1)) if (below.outcome === "not-reached") below.stoppedBy ??= hookId;
      throw new MiddlewareFailedClosed(hookId, failure);
    }
    // Fail open: after a next(), its last result stands (nothing runs twice); before one, the links beneath run in its place.
    if (calls > 0 && last !== undefined) return last;
    return link(index + 1, event);
  };

  const result = await link(0, options.input);
  return { result, records, innerCalls };
}

/** A fail-closed hook failed: the host's dispatch fails with it. */
export class MiddlewareFailedClosed extends Error {
  override name = "MiddlewareFailedClosed";
  constructor(
    readonly hookId: string,
    readonly reason: string,
  ) {
    super(`${hookId}: ${reason}`);
  }
}

function describe(error: unknown): string {
  if (typeof error === "object" && error !== null && "message" in error) {
    const name = "name" in error && typeof error.name === "string" ? error.name : "Error";
    return `${name}: ${String(error.message)}`;
  }
  return String(error);
}
