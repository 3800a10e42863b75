import { ACCESS_COOKIE, tokenMatches } from "./accessToken";
import { BodyTooLargeError, MAX_ACCESS_BODY_BYTES, readCappedBody } from "./bodyLimit";
import { API_CONTENT_SECURITY_POLICY, applySecurityHeaders, newNonce } from "./securityHeaders";

/*
 * The page an exposed server shows a browser without its access token, and the endpoint its
 * form posts to (`POST /api/access`). The page is plain HTML with no script, so it works before
 * the app may load; a right token is kept in an HttpOnly cookie and the browser goes back to the
 * page it asked for.
 */

const COOKIE_MAX_AGE_S = 30 * 24 * 3600;

/** Only a path on this server: a `next` of `//evil.example` or `https://…` goes home instead. */
function safeNext(value: string | null): string {
  return value && value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\") ? value : "/";
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The form asking for the token (401), for a browser that asked for `next`. */
export function accessPageResponse(options: { next: string; wrongToken: boolean }): Response {
  const nonce = newNonce();
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Access token · Hookwright</title>
<style nonce="${nonce}">
body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f6f7f9;color:#1d2433}
main{background:#fff;border:1px solid #d8dde6;border-radius:8px;padding:24px 28px;max-width:420px}
h1{font-size:20px;margin:0 0 8px}label{display:block;font-weight:600;margin:16px 0 4px}
input{width:100%;box-sizing:border-box;font:inherit;padding:6px 8px;border:1px solid #9aa3b2;border-radius:4px}
button{margin-top:16px;font:inherit;padding:6px 16px;border-radius:4px;border:1px solid #2c5cc5;background:#2c5cc5;color:#fff}
p.error{color:#b3261e;font-weight:600}
</style></head>
<body><main>
<h1>This Hookwright server needs its access token</h1>
<p>It is reachable from the network, so it only answers people who have the token that <code>npm start</code> printed when it first started.</p>
${options.wrongToken ? '<p class="error" role="alert">That is not the access token.</p>' : ""}
<form method="post" action="/api/access">
<label for="token">Access token</label>
<input id="token" name="token" type="password" autocomplete="current-password" required autofocus>
<input type="hidden" name="next" value="${escapeHtml(safeNext(options.next))}">
<button type="submit">Continue</button>
</form>
<p>Lost it? Restart the server with <code>npm start -- --new-token</code> to get a new one.</p>
</main></body></html>`;
  const headers = new Headers({ "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
  applySecurityHeaders(headers, `default-src 'none'; style-src 'nonce-${nonce}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`);
  return new Response(html, { status: 401, headers });
}

function isHttps(request: Request): boolean {
  return new URL(request.url).protocol === "https:" || (request.headers.get("x-forwarded-proto") ?? "").split(",")[0]?.trim() === "https";
}

/** `POST /api/access` (a form with `token` and `next`): sets the cookie and goes on, or shows the form again. */
export async function accessFormResponse(request: Request, tokenHash: () => string | null | Promise<string | null>): Promise<Response> {
  const response = await answerAccessForm(request, tokenHash);
  // The form page brings its own policy; the JSON answers and the redirect get the API's.
  if (!response.headers.has("content-security-policy")) applySecurityHeaders(response.headers, API_CONTENT_SECURITY_POLICY);
  return response;
}

async function answerAccessForm(request: Request, tokenHash: () => string | null | Promise<string | null>): Promise<Response> {
  const hash = await tokenHash();
  if (hash === null) return Response.json({ error: "This server needs no access token.", code: "NO_TOKEN" }, { status: 404 });
  let form: URLSearchParams;
  try {
    form = new URLSearchParams(new TextDecoder().decode(await readCappedBody(request, MAX_ACCESS_BODY_BYTES)));
  } catch (error) {
    if (error instanceof BodyTooLargeError) return Response.json({ error: error.message, code: "BODY_TOO_LARGE" }, { status: 413 });
    throw error;
  }
  const next = safeNext(form.get("next"));
  const token = form.get("token")?.trim() ?? "";
  if (!tokenMatches(token, hash)) return accessPageResponse({ next, wrongToken: true });
  const cookie = [`${ACCESS_COOKIE}=${encodeURIComponent(token)}`, "Path=/", `Max-Age=${COOKIE_MAX_AGE_S}`, "HttpOnly", "SameSite=Lax"];
  if (isHttps(request)) cookie.push("Secure");
  return new Response(null, { status: 303, headers: { location: next, "set-cookie": cookie.join("; "), "cache-control": "no-store" } });
}
