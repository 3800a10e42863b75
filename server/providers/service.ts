import type { Store } from "../../db/store";
import { loadSecretKey, type SecretKeySource } from "../secrets/secretKey";
import { listAnthropicModels } from "./anthropic";
import { listOpenAIModels } from "./openai";
import { describeProvider, rejectionOf } from "./rejection";
import { deleteProvider, listProviderViews, ProviderStoreError, resolveProviders, saveProvider, type ProviderInput, type ProviderView } from "./store";
import { Anthropic } from "./anthropic";
import OpenAI from "openai";
import type { ProviderConfig } from "./types";

/**
 * Model providers of one store: the settings page's operations and what runs need. The
 * secret key comes from HOOKWRIGHT_SECRET or the file beside the database (server/secrets).
 */
export interface ProviderService {
  list(): Promise<ProviderView[]>;
  save(input: ProviderInput): Promise<ProviderView>;
  remove(id: string): Promise<void>;
  /** Every callable provider with its key (server memory only). */
  resolve(): Promise<ProviderConfig[]>;
  /** Lists the provider's models, or says in words why it could not. */
  testConnection(name: string): Promise<{ ok: true; models: string[] } | { ok: false; error: string }>;
  readonly secretOrigin: SecretKeySource["origin"];
}

const TEST_TIMEOUT_MS = 10_000;

export function createProviderService(options: { store: Store; dbFile: string; env?: Record<string, string | undefined> }): ProviderService {
  const env = options.env ?? process.env;
  let secret: SecretKeySource | null = null;
  const key = () => (secret ??= loadSecretKey({ dbFile: options.dbFile, env })).key;
  return {
    list: () => listProviderViews(options.store.providers, env),
    save: async (input) => saveProvider(options.store.providers, key(), input),
    remove: (id) => deleteProvider(options.store.providers, id),
    resolve: async () => resolveProviders(options.store.providers, key(), env),
    async testConnection(name) {
      const config = (await resolveProviders(options.store.providers, key(), env)).find((p) => p.name === name);
      if (!config) throw new ProviderStoreError(`no provider named "${name}" is configured`, "NOT_FOUND");
      try {
        const models = config.kind === "anthropic" ? await listAnthropicModels(config, TEST_TIMEOUT_MS) : await listOpenAIModels(config, TEST_TIMEOUT_MS);
        return { ok: true, models };
      } catch (error) {
        // The same words a run would see, from the same mapping (the key never appears in them).
        const reply = rejectionOf(error, { config, model: config.defaultModel, timeoutMs: TEST_TIMEOUT_MS, signal: new AbortController().signal, classes: config.kind === "anthropic" ? Anthropic : OpenAI, meta: {} });
        return { ok: false, error: "error" in reply ? reply.error : `${describeProvider(config)} could not be reached` };
      }
    },
    get secretOrigin() {
      return (secret ??= loadSecretKey({ dbFile: options.dbFile, env })).origin;
    },
  };
}
