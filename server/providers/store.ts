import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import type { DbExecutor } from "../../db/client";
import { modelProviders, type ModelProviderRow } from "../../db/schema";
import { open, seal } from "../secrets/cipher";
import { maskKey } from "../secrets/mask";
import { envProviders } from "./env";
import { PROVIDER_KINDS, type ProviderConfig, type ProviderKind } from "./types";

/**
 * Provider entries of Settings → Model providers, in the database, each key sealed with the
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

export class ProviderStoreError extends Error {
  override name = "ProviderStoreError";
  constructor(
    message: string,
    readonly apiCode: "NOT_FOUND" | "CONFLICT" | "BAD_REQUEST",
  ) {
    super(message);
  }
}

function view(row: ModelProviderRow): ProviderView {
  return { id: row.id, name: row.name, kind: row.kind, baseUrl: row.baseUrl, defaultModel: row.defaultModel, keyHint: row.keyHint, source: "settings" };
}

export function listProviderViews(db: DbExecutor, env: Record<string, string | undefined> = process.env): ProviderView[] {
  const rows = db.select().from(modelProviders).orderBy(asc(modelProviders.name)).all();
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
export function saveProvider(db: DbExecutor, secretKey: Buffer, input: ProviderInput): ProviderView {
  const parsed = providerInputSchema.parse(input);
  const existing = parsed.id ? db.select().from(modelProviders).where(eq(modelProviders.id, parsed.id)).get() : undefined;
  if (parsed.id && !existing) throw new ProviderStoreError(`provider entry ${parsed.id} does not exist (it may have been deleted)`, "NOT_FOUND");
  const taken = db.select().from(modelProviders).where(eq(modelProviders.name, parsed.name)).get();
  if (taken && taken.id !== existing?.id) throw new ProviderStoreError(`a provider named "${parsed.name}" already exists: pick another name or edit that one`, "CONFLICT");
  const key =
    parsed.apiKey === undefined || parsed.apiKey === null
      ? { keySealed: existing?.keySealed ?? null, keyHint: existing?.keyHint ?? null }
      : parsed.apiKey.trim() === ""
        ? { keySealed: null, keyHint: null }
        : { keySealed: seal(secretKey, parsed.apiKey.trim(), KEY_PURPOSE), keyHint: maskKey(parsed.apiKey.trim()) };
  const values = { name: parsed.name, kind: parsed.kind, baseUrl: parsed.baseUrl === "" ? null : parsed.baseUrl, defaultModel: parsed.defaultModel, ...key };
  const row = existing
    ? db.update(modelProviders).set(values).where(eq(modelProviders.id, existing.id)).returning().get()
    : db.insert(modelProviders).values({ id: crypto.randomUUID(), ...values }).returning().get();
  return view(row);
}

export function deleteProvider(db: DbExecutor, id: string): void {
  const deleted = db.delete(modelProviders).where(eq(modelProviders.id, id)).returning().all();
  if (deleted.length === 0) throw new ProviderStoreError(`provider entry ${id} does not exist`, "NOT_FOUND");
}

/**
 * Every provider the server can call, with its key opened: entries first, then environment
 * providers whose name no entry took. Server memory only (a run's job, a Test connection).
 */
export function resolveProviders(db: DbExecutor, secretKey: Buffer, env: Record<string, string | undefined> = process.env): ProviderConfig[] {
  const rows = db.select().from(modelProviders).orderBy(asc(modelProviders.name)).all();
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
