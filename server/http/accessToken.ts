import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { MetaStore } from "../../db/store";

/*
 * The access token of an exposed server (HOST not loopback). The app runs user code on the
 * server, so a server other machines can reach must not answer strangers.
 *
 * The token is made once, on the first start that needs it, and shown once. The database keeps
 * only its SHA-256 (in `meta`), so a copied database file does not open the server; a lost
 * token is replaced with `npm start -- --new-token`.
 */

const HASH_KEY = "access-token-sha256";

/** The cookie the access page sets; requests may instead send `Authorization: Bearer <token>`. */
export const ACCESS_COOKIE = "hookwright_access";

export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** The stored hash, or null when no token was made yet. */
export function readTokenHash(meta: MetaStore): Promise<string | null> {
  return meta.get(HASH_KEY);
}

/** Makes a new token, replacing any earlier one, and returns it (the only time it is known). */
export async function createAccessToken(meta: MetaStore): Promise<string> {
  const token = randomBytes(24).toString("base64url");
  await meta.put(HASH_KEY, hashToken(token));
  return token;
}

/**
 * The token's hash, making the token first when there is none.
 * @returns `created`: the new token when one was made now (to show once), else null.
 */
export async function ensureAccessToken(meta: MetaStore): Promise<{ hash: string; created: string | null }> {
  const hash = await readTokenHash(meta);
  if (hash !== null) return { hash, created: null };
  const created = await createAccessToken(meta);
  return { hash: hashToken(created), created };
}

/** Whether `candidate` is the token whose hash is `hash`, in constant time. */
export function tokenMatches(candidate: string | null | undefined, hash: string): boolean {
  if (!candidate || candidate.length > 200) return false;
  const a = Buffer.from(hashToken(candidate), "hex");
  const b = Buffer.from(hash, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The token a request carries: the access cookie or an `Authorization: Bearer` header. */
export function tokenOf(headers: Headers): string | null {
  const bearer = /^Bearer\s+(\S+)$/i.exec(headers.get("authorization") ?? "");
  if (bearer?.[1]) return bearer[1];
  for (const part of (headers.get("cookie") ?? "").split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === ACCESS_COOKIE) return decodeURIComponentSafe(rest.join("="));
  }
  return null;
}

function decodeURIComponentSafe(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}
