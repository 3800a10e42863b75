import type { ModelCallMeta, ModelReply } from "../../core/engine/ports";
import type { ProviderConfig } from "./types";

/**
 * A failed call as the host sees it: a provider rejection (the loop hands it to the hooks as
 * the model call's `error`, e.g. Vellum post-model-call), said plainly, with its kind, status
 * and retry-after recorded on model.response. A cancel is not a rejection: it ends the turn.
 */

export type RejectionKind = "auth" | "permission" | "rate_limit" | "overloaded" | "timeout" | "connection" | "malformed" | "http";

/** What both SDKs' APIError carry (status, headers, the parsed error body). */
interface SdkHttpError {
  status: number;
  headers?: Headers | Record<string, string> | undefined;
  error?: unknown;
  message: string;
}

/** The error classes of one SDK, to tell its failures apart without depending on the other SDK. */
export interface SdkErrorClasses {
  APIUserAbortError: abstract new (...args: never[]) => Error;
  APIConnectionTimeoutError: abstract new (...args: never[]) => Error;
  APIConnectionError: abstract new (...args: never[]) => Error;
  APIError: abstract new (...args: never[]) => Error;
}

/** Thrown by an adapter when an answer parsed but is not a valid reply of the protocol. */
export class MalformedReplyError extends Error {
  override name = "MalformedReplyError";
}

export function describeProvider(config: ProviderConfig): string {
  return `provider "${config.name}" (${config.baseURL ?? "default endpoint"})`;
}

export function rejectionOf(error: unknown, context: { config: ProviderConfig; model: string; timeoutMs: number; signal: AbortSignal; classes: SdkErrorClasses; meta: ModelCallMeta }): ModelReply {
  const { config, classes, meta } = context;
  const who = describeProvider(config);
  const reject = (kind: RejectionKind, message: string, status: number | null = null, retryAfterSeconds: number | null = null): ModelReply => ({
    error: message,
    meta: { ...meta, rejection: { kind, status, retryAfterSeconds } },
  });
  if (context.signal.aborted || error instanceof classes.APIUserAbortError) {
    return { error: "the turn was cancelled while the model was answering", code: "cancelled", meta: { ...meta, cancelled: "during_call" } };
  }
  if (error instanceof MalformedReplyError) return reject("malformed", `${who} sent a malformed answer: ${error.message}`);
  if (error instanceof classes.APIConnectionTimeoutError) return reject("timeout", `${who} did not answer within ${context.timeoutMs} ms (timeout)`);
  if (error instanceof classes.APIConnectionError) {
    const cause = causeCode(error);
    return reject("connection", `could not connect to ${who}${cause === "ECONNREFUSED" ? ": connection refused (is the server running?)" : cause ? `: ${cause}` : ""}`);
  }
  if (error instanceof classes.APIError && typeof (error as unknown as SdkHttpError).status === "number") {
    const http = error as unknown as SdkHttpError;
    const said = providerMessage(http);
    const retryAfter = retryAfterSeconds(http.headers);
    const after = retryAfter !== null ? `; retry after ${retryAfter} s` : "";
    switch (http.status) {
      case 401:
        return reject("auth", `${who} refused the API key (401 Unauthorized): the key is wrong, revoked or missing; fix it in Settings → Model providers. It said: ${said}`, 401);
      case 403:
        return reject("permission", `${who} refused the request (403 Forbidden): this key may not use model "${context.model}" or this endpoint. It said: ${said}`, 403);
      case 429:
        return reject("rate_limit", `${who} is rate limiting this key (429 Too Many Requests)${after}. It said: ${said}`, 429, retryAfter);
      case 529:
      case 503:
        return reject("overloaded", `${who} is overloaded (${http.status})${after}. It said: ${said}`, http.status, retryAfter);
      case 408:
      case 504:
        return reject("timeout", `${who} timed out (${http.status})${after}. It said: ${said}`, http.status, retryAfter);
      default:
        return reject("http", `${who} answered ${http.status}${after}. It said: ${said}`, http.status, retryAfter);
    }
  }
  if (error instanceof classes.APIError) {
    // An `error` event inside a stream that had started (status 200): its type says what it was.
    const type = errorType((error as unknown as SdkHttpError).error);
    const said = providerMessage(error as unknown as SdkHttpError);
    if (type === "overloaded_error") return reject("overloaded", `${who} is overloaded (an overloaded_error in the stream). It said: ${said}`);
    if (type === "rate_limit_error") return reject("rate_limit", `${who} is rate limiting this key (a rate_limit_error in the stream). It said: ${said}`);
    if (type !== null) return reject("http", `${who} stopped the stream with ${type}. It said: ${said}`);
  }
  // The SDK could not read what came back (an SSE line that is not JSON, a stream that ends early …).
  const message = error instanceof Error ? error.message : String(error);
  return reject("malformed", `${who} sent a malformed answer: ${message}`);
}

/** The provider's own words: `{error: {message}}` (both APIs), else the SDK's message. */
function providerMessage(error: SdkHttpError): string {
  const body = error.error;
  const inner = isRecord(body) && isRecord(body.error) ? body.error : body;
  const text = isRecord(inner) && typeof inner.message === "string" ? inner.message : error.message;
  return `"${text.length > 300 ? `${text.slice(0, 300)}…` : text}"`;
}

/** `retry-after-ms`, else `retry-after` in seconds or as an HTTP date; null when absent. */
export function retryAfterSeconds(headers: SdkHttpError["headers"], now = Date.now()): number | null {
  const get = (name: string): string | null => {
    if (!headers) return null;
    if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name);
    return (headers as Record<string, string>)[name] ?? null;
  };
  const ms = Number(get("retry-after-ms"));
  if (get("retry-after-ms") !== null && Number.isFinite(ms) && ms >= 0) return Math.ceil(ms / 1000);
  const raw = get("retry-after");
  if (raw === null || raw.trim() === "") return null;
  const seconds = Number(raw);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(raw);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

function errorType(body: unknown): string | null {
  const inner = isRecord(body) && isRecord(body.error) ? body.error : body;
  return isRecord(inner) && typeof inner.type === "string" ? inner.type : null;
}

function causeCode(error: Error): string | null {
  let cause: unknown = error.cause;
  for (let depth = 0; cause && depth < 4; depth++) {
    if (isRecord(cause) && typeof cause.code === "string") return cause.code;
    cause = isRecord(cause) ? cause.cause : null;
  }
  return null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}
