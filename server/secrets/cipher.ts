import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/**
 * AES-256-GCM for secrets at rest (provider API keys). A sealed value is text:
 * `v1.<iv>.<tag>.<ciphertext>`, each part base64url; `purpose` is bound as associated data,
 * so a value sealed for one use does not open as another.
 */

const VERSION = "v1";

export class SecretError extends Error {
  override name = "SecretError";
  /** Reaches the API as is (server/api/trpc.ts): the person can fix it (the secret changed or the file moved). */
  readonly apiCode = "PRECONDITION_FAILED" as const;
}

export function seal(key: Buffer, plaintext: string, purpose: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(purpose, "utf8"));
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".");
}

/** @throws {SecretError} when the value is not sealed, was sealed with another key or purpose, or was altered. */
export function open(key: Buffer, sealed: string, purpose: string): string {
  const parts = sealed.split(".");
  if (parts.length !== 4 || parts[0] !== VERSION) throw new SecretError("the stored secret is not in the v1 sealed format");
  const [, iv, tag, body] = parts as [string, string, string, string];
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(purpose, "utf8"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    throw new SecretError("the stored secret cannot be decrypted: it was sealed with another HOOKWRIGHT_SECRET or secret file, or it was altered");
  }
}
