import type { Refusal } from "./screen";

/*
 * A refusal in the form the caller reads: tRPC's error shape for /api/trpc (so the app's client
 * shows the message like any other error), `{ error, code }` JSON for the other API routes (as
 * server/bundles/http.ts answers), plain text for pages.
 */

/** tRPC's JSON-RPC error numbers for the statuses a refusal uses. */
const TRPC_CODES: Record<Refusal["status"], { name: string; number: number }> = {
  400: { name: "BAD_REQUEST", number: -32600 },
  401: { name: "UNAUTHORIZED", number: -32001 },
  403: { name: "FORBIDDEN", number: -32003 },
  413: { name: "PAYLOAD_TOO_LARGE", number: -32013 },
};

function trpcBody(refusal: Refusal, url: URL): unknown {
  const { name, number } = TRPC_CODES[refusal.status];
  const procedures = url.pathname.slice("/api/trpc/".length).split(",");
  // superjson's wire form: the shape under `json`.
  const one = (path: string) => ({ error: { json: { message: refusal.message, code: number, data: { code: name, httpStatus: refusal.status, path } } } });
  return url.searchParams.get("batch") === "1" ? procedures.map(one) : one(procedures[0] ?? "");
}

export function refusalResponse(refusal: Refusal, requestUrl: string): Response {
  const url = new URL(requestUrl);
  const headers = { "cache-control": "no-store" };
  if (url.pathname.startsWith("/api/trpc/")) return Response.json(trpcBody(refusal, url), { status: refusal.status, headers });
  if (url.pathname.startsWith("/api/")) return Response.json({ error: refusal.message, code: refusal.code }, { status: refusal.status, headers });
  return new Response(`${refusal.message}\n`, { status: refusal.status, headers: { ...headers, "content-type": "text/plain; charset=utf-8" } });
}
