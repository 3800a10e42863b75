import type { ModelProvider, ModelReply } from "../../core/engine/ports";
import type { TraceEvent } from "../../core/trace/events";

/**
 * A model that answers each call with the response recorded for the same call number, so a
 * re-run differs from the recording only where the hooks do.
 */
export function createReplayModelProvider(recorded: readonly TraceEvent[]): ModelProvider {
  const byCall = new Map<number, ModelReply>();
  let lastCall = 0;
  let exhausted = false;
  for (const e of recorded) {
    if (e.type === "run.end") exhausted = e.exitReason === "script_exhausted";
    if (e.type !== "model.response") continue;
    lastCall = Math.max(lastCall, e.call);
    // A real model's reply keeps what was recorded with it (model, usage, rejection) and says it now comes from the recording.
    const meta = e.provider ? { meta: { provider: e.provider, ...(e.usage ? { usage: e.usage } : {}), ...(e.rejection ? { rejection: e.rejection } : {}), recorded: true } } : {};
    // A recorded cancel cancels the re-run at the same call (it ends the same way).
    if (e.cancelled !== undefined && e.error !== undefined) byCall.set(e.call, { error: e.error, code: "cancelled", meta: { cancelled: e.cancelled, recorded: true } });
    else byCall.set(e.call, e.error !== undefined ? { error: e.error, ...meta } : { content: e.content, stopReason: e.stopReason, ...meta });
  }
  // The trace does not carry the reply's code: a recording that ran out of script did so at its last call.
  const last = byCall.get(lastCall);
  if (exhausted && last && "error" in last) byCall.set(lastCall, { error: last.error, code: "script_exhausted" });
  return {
    respond(request) {
      const reply = byCall.get(request.call);
      // Past the recording (a hook made the loop go further): end the run as a script that ran out.
      return Promise.resolve(
        reply ?? { error: `no recorded model response for call ${request.call}: the re-run went past the recording`, code: "script_exhausted" },
      );
    },
  };
}
