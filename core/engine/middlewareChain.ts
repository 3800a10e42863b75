import { runMiddleware, type MiddlewareInvoke } from "../chain/middleware/onion";
import { jsonEqual } from "../chain/jsonValue";
import type { JsonObject } from "../json";
import type { LogEntry } from "../trace/events";
import type { ChainRequest, ChainResult, HookCallResult } from "./ports";

/**
 * Runs a "middleware" {@link ChainRequest} through core's onion (core/chain/middleware/onion.ts)
 * and reports it as a {@link ChainResult}: one call per hook in onion order, each with how it
 * ended (`middleware`), its rewrite as `patch`, and what it returned as `output`. Shared by every
 * runner, which supplies only how one hook is called (`invoke`) and the logs each call left.
 */
export async function runMiddlewareChain(request: ChainRequest, invoke: MiddlewareInvoke, options: { logsOf?: (hookId: string) => LogEntry[]; now?: () => number } = {}): Promise<ChainResult> {
  const spec = request.middleware;
  if (!spec) throw new Error(`point "${request.point}" runs as middleware but its request has no middleware rules`);
  const inner = request.inner ?? (async () => ({}) as JsonObject);
  const run = await runMiddleware({
    event: spec.event,
    hookIds: request.hookIds,
    input: request.context,
    invoke,
    inner,
    checkAnswer: spec.checkAnswer,
    reservedKeys: spec.reservedKeys,
    failure: spec.failure,
    now: options.now,
  });
  const calls: HookCallResult[] = run.records.map((r) => {
    // A failed hook's rewrite is not its own result (the trace's rule: a failed hook's patch is []).
    const patch = r.outcome === "failed" || r.outcome === "not-reached" ? [] : r.patch;
    return {
      hookId: r.hookId,
      patch,
      returned: r.returned ?? undefined,
      failure: r.failure === null ? null : { kind: /budget/.test(r.failure) ? "timeout" : "threw", message: r.failure, location: null },
      logs: options.logsOf?.(r.hookId) ?? [],
      durationMs: r.durationMs,
      clock: [],
      random: [],
      ...(r.outcome === "not-reached" ? {} : { output: r.returned }),
      middleware: { outcome: r.outcome, nextCalls: r.nextCalls, stoppedBy: r.stoppedBy, ...(r.nextCalls > 0 && (r.outcome === "passed" || r.outcome === "rewrote") && !jsonEqual(r.returned, r.nextResult) ? { ownAnswer: true } : {}) },
    };
  });
  // The context after the chain: the event the host's own link last ran with (the input when it never ran).
  return { calls, context: run.innerCalls.at(-1) ?? request.context, aborted: null, result: run.result };
}
