import { NextResponse, type NextRequest } from "next/server";
import { getStore } from "~/db/openStore";
import { accessPageResponse } from "~/server/http/accessPage";
import { ensureAccessToken } from "~/server/http/accessToken";
import { refusalResponse } from "~/server/http/refusalResponse";
import { screenRequest } from "~/server/http/screen";
import {
  API_CONTENT_SECURITY_POLICY,
  ASSET_CONTENT_SECURITY_POLICY,
  applySecurityHeaders,
  newNonce,
  pageContentSecurityPolicy,
} from "~/server/http/securityHeaders";
import { serverSettings } from "~/server/http/settings";

/*
 * Every request passes here first (Next 16's proxy, on the Node runtime): the checks of
 * server/http/screen.ts (Host, URL, Origin, size, token), then the security headers, with a
 * fresh CSP nonce for pages. docs/security.md explains the threat model.
 */

let tokenHash: Promise<string> | null = null;

/** The access token's hash, made (and shown once, in the server log) when the server was started without `npm start`. */
function currentTokenHash(): Promise<string> {
  if (tokenHash === null) {
    const reading = getStore()
      .then((store) => ensureAccessToken(store.meta))
      .then(({ hash, created }) => {
        if (created !== null) console.log(`hookwright: access token (shown once; kept hashed in the database): ${created}`);
        return hash;
      });
    tokenHash = reading;
    // A failed read is tried again on the next request.
    reading.catch(() => {
      if (tokenHash === reading) tokenHash = null;
    });
  }
  return tokenHash;
}

const isDev = process.env.NODE_ENV === "development";

export async function proxy(request: NextRequest): Promise<Response> {
  const { pathname } = request.nextUrl;
  const settings = serverSettings();
  // Read only when a token is required (a loopback server never touches the store here).
  const hash = settings.tokenRequired ? await currentTokenHash() : null;
  const refusal = screenRequest({ method: request.method, url: request.url, headers: request.headers }, settings, () => hash ?? "");
  if (refusal) {
    const wantsPage = refusal.code === "TOKEN_REQUIRED" && request.method === "GET" && (request.headers.get("accept") ?? "").includes("text/html");
    if (wantsPage) return accessPageResponse({ next: `${pathname}${request.nextUrl.search}`, wrongToken: false });
    const response = refusalResponse(refusal, request.url);
    applySecurityHeaders(response.headers, API_CONTENT_SECURITY_POLICY);
    return response;
  }
  if (pathname.startsWith("/_next/")) {
    const response = NextResponse.next();
    applySecurityHeaders(response.headers, ASSET_CONTENT_SECURITY_POLICY);
    return response;
  }
  if (pathname.startsWith("/api/")) {
    const response = NextResponse.next();
    // The access form's endpoint answers with the form itself (HTML with its own nonce and policy);
    // headers set here would replace that policy.
    if (pathname === "/api/access") applySecurityHeaders(response.headers, null);
    else applySecurityHeaders(response.headers, API_CONTENT_SECURITY_POLICY);
    return response;
  }
  // A page: Next reads the nonce from the request's CSP header and puts it on its scripts.
  const csp = pageContentSecurityPolicy(newNonce(), { dev: isDev });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("content-security-policy", csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  applySecurityHeaders(response.headers, csp);
  return response;
}

export const config = {
  // Everything, build assets included (their CSP is the one Monaco's workers run under).
  matcher: "/:path*",
};
