import type { Scenario } from "../pipeline/schema";
import type { ModelProvider, ModelReply, ModelRequest } from "./ports";

/**
 * The scripted model: answers call N with the scenario's N-th response (content blocks and a
 * stop reason, or a provider error). Deterministic and offline; the default everywhere.
 * Running out of responses is a `script_exhausted` reply, which ends the run with that exit
 * reason rather than crashing it.
 *
 * @example createScriptedModel(scenario).respond({ call: 1, ... }) // scenario.model.responses[0]
 */
export function createScriptedModel(model: Scenario["model"]): ModelProvider {
  return {
    respond(request: ModelRequest): Promise<ModelReply> {
      if (model.kind !== "scripted") {
        // Real providers live on the server (server/providers); core alone cannot call one.
        return Promise.resolve({ error: `this scenario's model is the real provider "${model.provider}", and nothing here can call a real provider: run it in the app or with the CLI (docs/providers.md)` });
      }
      const reply = model.responses[request.call - 1];
      if (!reply) {
        const n = model.responses.length;
        return Promise.resolve({
          error: `the scripted model has no response for call ${request.call}: the scenario lists ${n} response${n === 1 ? "" : "s"}`,
          code: "script_exhausted",
        });
      }
      if ("error" in reply) return Promise.resolve({ error: reply.error });
      return Promise.resolve({ content: structuredCopy(reply.content), stopReason: reply.stopReason });
    },
  };
}

/** The loop may hand the content to hooks; the scenario's own objects must stay as written. */
function structuredCopy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
