/*
 * Request bodies are read with a hard cap, checked first against the declared length and then
 * while reading, so an oversized upload is refused before it is held in memory.
 *
 * The proxy (proxy.ts) refuses a declared length over the route's cap at once; Next buffers a
 * body for the proxy up to `proxyClientMaxBodySize` (next.config.mjs, above every cap here) and
 * silently truncates beyond it, which is why each route still counts what it reads.
 */

const MB = 1024 * 1024;

/** The tRPC endpoint: a pipeline document with its hooks and scenarios, or a run request. */
export const MAX_TRPC_BODY_BYTES = 10 * MB;
/** The plugin import (the archive limit, server/bundles/limits.ts, is the same). */
export const MAX_IMPORT_BODY_BYTES = 10 * MB;
/**
 * One part of a session file sent to `sessions.import` (a raw stream the procedure reads line by
 * line): under the proxy's buffer (next.config.mjs `proxyClientMaxBodySize`, 16 MB), which would cut
 * a larger one. The app sends files in 8 MB parts (server/sessions/importStream.ts), up to 1 GB.
 */
export const MAX_SESSION_UPLOAD_BYTES = 15 * MB;
/** The tRPC procedures that take a raw `application/octet-stream` body instead of JSON (read as a stream, never buffered here). */
export const TRPC_STREAM_UPLOADS = new Set(["/api/trpc/sessions.import"]);
/** The access form: one token. */
export const MAX_ACCESS_BODY_BYTES = 4 * 1024;
/** Anything else takes no body worth the name. */
export const MAX_OTHER_BODY_BYTES = 64 * 1024;

/** The cap on the body of a request to `pathname`. */
export function bodyLimitFor(pathname: string): number {
  if (TRPC_STREAM_UPLOADS.has(pathname)) return MAX_SESSION_UPLOAD_BYTES;
  if (pathname.startsWith("/api/trpc/")) return MAX_TRPC_BODY_BYTES;
  if (pathname === "/api/bundles/import") return MAX_IMPORT_BODY_BYTES;
  if (pathname === "/api/access") return MAX_ACCESS_BODY_BYTES;
  return MAX_OTHER_BODY_BYTES;
}

/** `1.5 MB`, `10 MB`, `4 KB`. */
export function formatBytes(bytes: number): string {
  if (bytes >= MB) return `${Math.round((bytes / MB) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round((bytes / 1024) * 10) / 10} KB`;
  return `${bytes} bytes`;
}

/** A body over its cap. `size` is the declared length, or null when the count passed the cap while reading. */
export class BodyTooLargeError extends Error {
  override name = "BodyTooLargeError";
  constructor(
    readonly limit: number,
    readonly size: number | null,
  ) {
    super(tooLargeMessage(limit, size));
  }
}

/** "The request body is 300 MB; at most 10 MB are allowed here." (never "is 10 MB; at most 10 MB"). */
export function tooLargeMessage(limit: number, size: number | null): string {
  const shown = size === null || formatBytes(size) === formatBytes(limit) ? `more than ${formatBytes(limit)}` : formatBytes(size);
  return `The request body is ${shown}; at most ${formatBytes(limit)} are allowed here.`;
}

/** The declared Content-Length, or null when absent or not a number. */
export function declaredLength(headers: Headers): number | null {
  const value = headers.get("content-length");
  if (value === null || !/^\d+$/.test(value.trim())) return null;
  return Number(value);
}

/**
 * The whole body of `request`, at most `limit` bytes.
 * @throws {@link BodyTooLargeError} as soon as the declared length or the bytes read pass `limit`.
 */
export async function readCappedBody(request: Request, limit: number): Promise<Uint8Array> {
  const declared = declaredLength(request.headers);
  if (declared !== null && declared > limit) throw new BodyTooLargeError(limit, declared);
  const reader = request.body?.getReader();
  if (reader === undefined) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      throw new BodyTooLargeError(limit, null);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}
