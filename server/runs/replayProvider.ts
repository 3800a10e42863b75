import type { ModelProvider, ModelReply } from "../../core/engine/ports";
import type { TraceEvent } from "../../core/trace/events";

/**
 * A model that answers each call with the response recorded for the same call number, so a
 * re-run differs from the recording only where the hooks do.
 */
export function createReplayModelProvider(recorded: readonly TraceEvent[]): ModelProvider {
  const byCall = new Map<number, ModelReply>();
  for (const e of recorded) {
    if (e.type !== "model.response") continue;
    byCall.set(e.call, e.error !== undefined ? { error: e.error } : { content: e.content, stopReason: e.stopReason });
  }
  return {
    respond(request) {
      const reply = byCall.get(request.call);
      // Past the recording (a hook made the loop go further): a provider error ends the turn visibly.
      return Promise.resolve(reply ?? { error: `no recorded model response for call ${request.call}: the re-run went past the recording` });
    },
  };
}
