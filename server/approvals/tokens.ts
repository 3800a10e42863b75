import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Per-request callback tokens: 32 random bytes, base64url. Only their SHA-256 is stored, so the
 * database alone cannot answer a request; the token is shown once, when it is issued.
 */
export function newCallbackToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashCallbackToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Constant-time comparison of a presented token with a stored hash. */
export function callbackTokenMatches(token: string, storedHash: string | null): boolean {
  if (storedHash === null) return false;
  const a = Buffer.from(hashCallbackToken(token), "hex");
  const b = Buffer.from(storedHash, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}
