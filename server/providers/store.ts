import { z } from "zod";
import { ProviderStoreError } from "../../db/providerStoreError";
import type { ProviderRecord, ProviderStore } from "../../db/store";
import { open, seal } from "../secrets/cipher";
import { maskKey } from "../secrets/mask";
import { envProviders } from "./env";
import { PROVIDER_KINDS, type ProviderConfig, type ProviderKind } from "./types";

/**
 * Provider entries of Settings → Model providers, in the store, each key sealed with the
 * server's secret key (server/secrets). What leaves this module for the browser is a
 * {@link ProviderView}: the key only as `sk-…abcd`. Environment providers are listed too
 * (read-only); an entry of the same name wins over one from the environment.
 */

const KEY_PURPOSE = "hookwright.model-provider.key";

export const providerNameSchema = z
  .string()
  .trim()
  .min(1, "a provider needs a name")
  .max(60, "a provider name has at most 60 characters")
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, "a provider name is letters, digits, '.', '_' or '-' (it is what scenarios name), like ollama or claude-work");

export const providerInputSchema = z.object({
  /** The entry to change; absent: a new entry. */
  id: z.string().min(1).max(200).optional(),
  name: providerNameSchema,
  kind: z.enum(PROVIDER_KINDS, { error: `kind is one of: ${PROVIDER_KINDS.join(", ")}` }),
  baseUrl: z
    .string()
    .trim()
    .max(500)
    .refine((u) => u === "" || /^https?:\/\/[^\s]+$/.test(u), "the base URL starts with http:// or https://, like http://127.0.0.1:11434/v1")
    .default(""),
  defaultModel: z.string().trim().max(200).default(""),
  /** A new key; absent or null keeps the stored one; "" removes it. */
  apiKey: z.string().max(4000).nullable().optional(),
});
export type ProviderInput = z.input<typeof providerInputSchema>;

/** What the settings page may see of a provider. */
export interface ProviderView {
  id: string | null;
  name: string;
  kind: ProviderKind;
  baseUrl: string | null;
  defaultModel: string;
  /** `sk-…abcd`, or null when there is no key. */
  keyHint: string | null;
  source: "env" | "settings";
  /** An environment provider hidden by an entry of the same name. */
  shadowed?: boolean;
}

export { ProviderStoreError };

function view(row: ProviderRecord): ProviderView {
  return { id: row.id, name: row.name, kind: row.kind, baseUrl: row.baseUrl, defaultModel: row.defaultModel, keyHint: row.keyHint, source: "settings" };
}

export async function listProviderViews(store: ProviderStore, env: Record<string, string | undefined> = process.env): Promise<ProviderView[]> {
  const rows = await store.list();
  const names = new Set(rows.map((r) => r.name));
  const fromEnv: ProviderView[] = envProviders(env).map((p) => ({
    id: null,
    name: p.name,
    kind: p.kind,
    baseUrl: p.baseURL,
    defaultModel: p.defaultModel,
    keyHint: p.apiKey ? maskKey(p.apiKey) : null,
    source: "env",
    ...(names.has(p.name) ? { shadowed: true } : {}),
  }));
  return [...rows.map(view), ...fromEnv];
}

/** Adds or changes an entry. @throws {ProviderStoreError} CONFLICT for a taken name, NOT_FOUND for an unknown id. */
export async function saveProvider(store: ProviderStore, secretKey: Buffer, input: ProviderInput): Promise<ProviderView> {
  const parsed = providerInputSchema.parse(input);
  // The key is sealed here, before the store sees it: no store ever holds it in the clear.
  const key =
    parsed.apiKey === undefined || parsed.apiKey === null
      ? ("keep" as const)
      : parsed.apiKey.trim() === ""
        ? { sealed: null, hint: null }
        : { sealed: seal(secretKey, parsed.apiKey.trim(), KEY_PURPOSE), hint: maskKey(parsed.apiKey.trim()) };
  const row = await store.save({ ...(parsed.id ? { id: parsed.id } : {}), name: parsed.name, kind: parsed.kind, baseUrl: parsed.baseUrl === "" ? null : parsed.baseUrl, defaultModel: parsed.defaultModel, key });
  return view(row);
}

export async function deleteProvider(store: ProviderStore, id: string): Promise<void> {
  if (!(await store.delete(id))) throw new ProviderStoreError(`provider entry ${id} does not exist`, "NOT_FOUND");
}

/**
 * Every provider the server can call, with its key opened: entries first, then environment
 * providers whose name no entry took. Server memory only (a run's job, a Test connection).
 */
export async function resolveProviders(store: ProviderStore, secretKey: Buffer, env: Record<string, string | undefined> = process.env): Promise<ProviderConfig[]> {
  const rows = await store.list();
  const fromRows: ProviderConfig[] = rows.map((r) => ({
    name: r.name,
    kind: r.kind,
    baseURL: r.baseUrl,
    defaultModel: r.defaultModel,
    apiKey: r.keySealed === null ? null : open(secretKey, r.keySealed, KEY_PURPOSE),
    source: "settings",
  }));
  const names = new Set(fromRows.map((p) => p.name));
  return [...fromRows, ...envProviders(env).filter((p) => !names.has(p.name))];
}
