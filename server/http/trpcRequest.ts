import { TRPCError } from "@trpc/server";
import { describeExcessiveNesting, findExcessiveNesting, type JsonPathSegment } from "~/core/jsonNesting";
import { BodyTooLargeError, MAX_TRPC_BODY_BYTES, readCappedBody, TRPC_STREAM_UPLOADS } from "./bodyLimit";

/*
 * What the tRPC route checks before tRPC reads a request: a JSON content type (tRPC would also
 * take multipart forms and raw streams, which a cross-site form can send without asking), a
 * body under its cap, and JSON that nests no deeper than the app can walk. A problem becomes a
 * TRPCError that the route hands to tRPC (through createContext), so the client gets it in
 * tRPC's own error shape with the right status: 415, 413 or 400.
 */

export interface ScreenedRequest {
  /** The request to give tRPC: the original, or a copy with the body already read. */
  request: Request;
  problem: TRPCError | null;
}

/** A nesting path inside the wire format, as a path inside the procedure's input (`0.json.document.x` → `document.x`). */
function inputPath(path: readonly JsonPathSegment[], batch: boolean): JsonPathSegment[] {
  const rest = batch ? path.slice(1) : path;
  return rest[0] === "json" ? rest.slice(1) : [...rest];
}

function nestingProblem(text: string, batch: boolean): TRPCError | null {
  const found = findExcessiveNesting(text);
  if (found === null) return null;
  return new TRPCError({ code: "BAD_REQUEST", message: describeExcessiveNesting(found, inputPath(found.path, batch)) });
}

function mediaType(headers: Headers): string {
  return (headers.get("content-type") ?? "").split(";", 1)[0]?.trim().toLowerCase() ?? "";
}

function isJson(headers: Headers): boolean {
  return mediaType(headers) === "application/json";
}

export async function screenTrpcRequest(request: Request, limit: number = MAX_TRPC_BODY_BYTES): Promise<ScreenedRequest> {
  const url = new URL(request.url);
  const batch = url.searchParams.get("batch") === "1";
  if (request.method === "GET" || request.method === "HEAD") {
    const input = url.searchParams.get("input");
    return { request, problem: input === null ? null : nestingProblem(input, batch) };
  }
  // A stream upload (a session file) goes to its procedure unread: it counts its own bytes while reading
  // lines. application/octet-stream needs a CORS preflight, so a foreign page cannot send it unasked.
  if (TRPC_STREAM_UPLOADS.has(url.pathname) && mediaType(request.headers) === "application/octet-stream") return { request, problem: null };
  if (!isJson(request.headers)) {
    const given = request.headers.get("content-type");
    return {
      request,
      problem: new TRPCError({
        code: "UNSUPPORTED_MEDIA_TYPE",
        message: `The API takes JSON: send Content-Type: application/json${given ? ` (this request sent "${given}")` : ""}.`,
      }),
    };
  }
  let body: Uint8Array;
  try {
    body = await readCappedBody(request, limit);
  } catch (error) {
    if (!(error instanceof BodyTooLargeError)) throw error;
    return { request, problem: new TRPCError({ code: "PAYLOAD_TOO_LARGE", message: error.message }) };
  }
  const text = new TextDecoder().decode(body);
  const headers = new Headers(request.headers);
  headers.delete("content-length");
  const copy = new Request(request.url, { method: request.method, headers, body: text, signal: request.signal });
  return { request: copy, problem: nestingProblem(text, batch) };
}
