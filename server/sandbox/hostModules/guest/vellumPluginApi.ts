import { HOOKS, isMaxTokensStopReason, RiskLevel } from "../../../../core/profiles/vellum/pluginApi/constants";
import { doesSupportVision as visionOf, getModelProfiles as profilesOf, type LlmConfig, type ModelProfileInfo } from "../../../../core/profiles/vellum/pluginApi/llm";
import type { UnitEnv, UnitFactory } from "../../guest/node/unitEnv";

/**
 * Guest code: the runtime values of `@vellumai/plugin-api` in a hook's realm, as the Vellum
 * host's shim hands them to plugins (`V:src/plugin-api/index.ts:66-162`). The pure ones are the
 * host's own code (core/profiles/vellum/pluginApi); the rest answer from the run: the
 * scenario's inference settings (`inference.config`), its scripted replies to a hook's own
 * model calls (`inference.send`, recorded on the hook's card), and published events
 * (`hub.publish`, recorded). Nothing reaches a real provider.
 */

interface Route {
  profile: string | null;
  provider: string | null;
  model: string | null;
}

interface AssistantEventLike {
  conversationId?: unknown;
  message?: { type?: unknown };
}

interface Subscriber {
  filter: { conversationId?: unknown };
  callback: (event: unknown) => unknown;
  active: boolean;
}

export const create: UnitFactory = (env) => {
  let config: LlmConfig | null = null;
  const llm = (): LlmConfig => (config ??= env.call("inference.config", null) as LlmConfig);

  function getModelProfiles(): ModelProfileInfo[] {
    return profilesOf(llm());
  }

  function doesSupportVision(modelOrProfile: ModelProfileInfo | string): boolean {
    return visionOf(modelOrProfile, llm());
  }

  async function getConfiguredProvider(callSite: string, opts: { overrideProfile?: string; forceOverrideProfile?: boolean } = {}) {
    const route = env.call("inference.route", { overrideProfile: opts?.overrideProfile }) as Route;
    return provider(env, String(callSite), route, opts?.overrideProfile);
  }

  return {
    HOOKS,
    RiskLevel,
    isMaxTokensStopReason,
    getModelProfiles,
    doesSupportVision,
    getConfiguredProvider,
    assistantEventHub: eventHub(env),
  };
};

/** The `Provider` a hook gets: `sendMessage` is answered by the scenario's next scripted reply. */
function provider(env: UnitEnv, callSite: string, route: Route, overrideProfile: string | undefined) {
  return {
    name: route.provider ?? "scripted",
    async sendMessage(messages: unknown, options?: { systemPrompt?: unknown; config?: { callSite?: unknown; overrideProfile?: unknown } }) {
      const site = typeof options?.config?.callSite === "string" ? options.config.callSite : callSite;
      const profile = typeof options?.config?.overrideProfile === "string" ? options.config.overrideProfile : overrideProfile;
      const answer = env.call("inference.send", {
        callSite: site,
        ...(profile !== undefined ? { overrideProfile: profile } : {}),
        system: typeof options?.systemPrompt === "string" ? options.systemPrompt : null,
        messages,
      }) as { text: string; stopReason: string; model: string | null };
      return { content: [{ type: "text", text: answer.text }], model: answer.model ?? "scripted", usage: { inputTokens: 0, outputTokens: 0 }, stopReason: answer.stopReason };
    },
  };
}

/**
 * The plugin facade of the host's event hub (`V:src/plugin-api/event-hub-facade.ts`): events are
 * JSON snapshots, `host_*` control events are refused with the host's words, every publish is
 * recorded, and it reaches the subscribers of this hook's module (each hook runs in its own
 * realm, so another hook's subscribers do not see it; the host's own runtime events are not
 * simulated: docs/node-surface.md).
 */
function eventHub(env: UnitEnv) {
  const subscribers: Subscriber[] = [];
  const snapshot = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
  const reaches = (s: Subscriber, event: AssistantEventLike) => s.active && !(s.filter.conversationId != null && s.filter.conversationId !== event.conversationId);
  return Object.freeze({
    subscribe(subscriber: { filter?: { conversationId?: unknown }; callback: (event: unknown) => unknown }) {
      let filter: Subscriber["filter"] = {};
      try {
        filter = subscriber.filter ? snapshot(subscriber.filter) : {};
      } catch {
        filter = {};
      }
      const entry: Subscriber = { filter, callback: subscriber.callback, active: true };
      subscribers.push(entry);
      return {
        get active() {
          return entry.active;
        },
        dispose() {
          entry.active = false;
          const at = subscribers.indexOf(entry);
          if (at !== -1) subscribers.splice(at, 1);
        },
      };
    },
    async publish(event: AssistantEventLike) {
      let copy: AssistantEventLike;
      try {
        copy = snapshot(event);
      } catch {
        throw new Error("Plugins may not publish a non-serializable event.");
      }
      const type = copy?.message?.type;
      if (typeof type === "string" && type.startsWith("host_")) {
        throw new Error(`Plugins may not publish daemon-to-client host-proxy control events (type "${type}").`);
      }
      env.call("hub.publish", copy);
      for (const s of [...subscribers]) {
        if (!reaches(s, copy)) continue;
        try {
          await s.callback(Object.freeze(snapshot(copy)));
        } catch (error) {
          // The host's hub logs a subscriber's failure and goes on with the others.
          env.log("error", `assistantEventHub subscriber failed: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    },
    hasSubscribersForEvent(event: AssistantEventLike) {
      return subscribers.some((s) => reaches(s, event));
    },
  });
}
