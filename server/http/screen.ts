import { tokenMatches, tokenOf } from "./accessToken";
import { bodyLimitFor, declaredLength, tooLargeMessage } from "./bodyLimit";
import { clipMessage } from "./clip";
import { isHostAllowed, parseHost } from "./hosts";
import type { ServerSettings } from "./settings";

/*
 * The checks every request passes before the app sees it (run by proxy.ts), in this order:
 *
 * 1. HOST     the Host header (and X-Forwarded-Host, when a proxy sets it) names this server:
 *             a page on another name that resolves here (DNS rebinding) gets nothing. 403.
 * 2. URL      the path's percent-escapes decode (`/pipelines/%E0%A4%A` is refused here rather
 *             than failing inside the router). 400.
 * 3. ORIGIN   a request that can change something (any method but GET/HEAD/OPTIONS) comes
 *             from a page of this server: its Origin is an allowed host; without Origin (or
 *             with `Origin: null`, which browsers send when a referrer policy hides it), a
 *             browser's Sec-Fetch-Site must say same-origin (or none: typed by the user).
 *             Tools that send neither (curl, the CLI) are not browsers and pass. 403.
 * 4. SIZE     a declared Content-Length within the route's cap. 413.
 * 5. TOKEN    on an exposed server (HOST not loopback), the access token, except for the
 *             form that submits it. 401.
 */

export type RefusalCode = "HOST_NOT_ALLOWED" | "BAD_URL" | "FOREIGN_ORIGIN" | "BODY_TOO_LARGE" | "TOKEN_REQUIRED";

export interface Refusal {
  status: 400 | 401 | 403 | 413;
  code: RefusalCode;
  message: string;
}

export interface RequestFacts {
  method: string;
  /** The request URL as received (its path still percent-encoded). */
  url: string;
  headers: Headers;
}

/** Paths that answer without the access token: the access form's own endpoint. */
const TOKEN_EXEMPT_PATHS = new Set(["/api/access"]);
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The approval callback (`POST /api/approvals/<id>`, server/approvals/http.ts) is answered by a
 * channel's bot, which holds the request's own token, not the server's access token: the route
 * checks that token itself (docs/approvals.md). Host, URL, Origin and size checks still apply.
 */
function isApprovalCallback(method: string, pathname: string): boolean {
  return method.toUpperCase() === "POST" && /^\/api\/approvals\/[^/]+$/.test(pathname);
}

const refuse = (status: Refusal["status"], code: RefusalCode, message: string): Refusal => ({ status, code, message: clipMessage(message) });

function hostProblem(headers: Headers, settings: ServerSettings): Refusal | null {
  const allowedList = "Add it to HOOKWRIGHT_ALLOWED_HOSTS (comma-separated) if this server should answer to it.";
  for (const header of ["host", "x-forwarded-host"] as const) {
    const value = headers.get(header);
    if (value === null) {
      if (header === "host") return refuse(400, "HOST_NOT_ALLOWED", "The request has no Host header.");
      continue;
    }
    // A chain of proxies lists several hosts; each must be ours.
    for (const part of value.split(",")) {
      const host = parseHost(part);
      if (host === null || !isHostAllowed(host, settings.allowedHosts)) {
        return refuse(403, "HOST_NOT_ALLOWED", `This server does not answer to the host "${part.trim()}". ${allowedList}`);
      }
    }
  }
  return null;
}

function urlProblem(url: string): Refusal | null {
  const { pathname } = new URL(url);
  try {
    decodeURIComponent(pathname);
    return null;
  } catch {
    return refuse(400, "BAD_URL", `The address "${pathname}" has a malformed percent-escape (a % must be followed by two hex digits that spell UTF-8).`);
  }
}

function originProblem(method: string, headers: Headers, settings: ServerSettings): Refusal | null {
  if (SAFE_METHODS.has(method.toUpperCase())) return null;
  const origin = headers.get("origin");
  const site = headers.get("sec-fetch-site");
  if (origin === "null" && site === "same-origin") return null;
  if (origin !== null) {
    let host: string | null = null;
    try {
      host = origin === "null" ? null : new URL(origin).host;
    } catch {
      host = null;
    }
    const parsed = host === null ? null : parseHost(host);
    if (parsed === null || !isHostAllowed(parsed, settings.allowedHosts)) {
      return refuse(403, "FOREIGN_ORIGIN", `A page from "${origin}" may not change anything on this server.`);
    }
    return null;
  }
  if (site !== null && site !== "same-origin" && site !== "none") {
    return refuse(403, "FOREIGN_ORIGIN", `A request sent by another site (Sec-Fetch-Site: ${site}) may not change anything on this server.`);
  }
  return null;
}

function sizeProblem(url: string, headers: Headers): Refusal | null {
  const declared = declaredLength(headers);
  const limit = bodyLimitFor(new URL(url).pathname);
  if (declared === null || declared <= limit) return null;
  return refuse(413, "BODY_TOO_LARGE", tooLargeMessage(limit, declared));
}

function tokenProblem(method: string, url: string, headers: Headers, settings: ServerSettings, tokenHash: () => string): Refusal | null {
  const { pathname } = new URL(url);
  if (!settings.tokenRequired || TOKEN_EXEMPT_PATHS.has(pathname) || isApprovalCallback(method, pathname)) return null;
  if (tokenMatches(tokenOf(headers), tokenHash())) return null;
  return refuse(
    401,
    "TOKEN_REQUIRED",
    "This server is reachable from the network, so it needs its access token: open it in a browser and enter the token `npm start` printed, or send `Authorization: Bearer <token>`.",
  );
}

/**
 * The first check `request` fails, or null when it may go on.
 * @param tokenHash read only when the server requires a token.
 */
export function screenRequest(request: RequestFacts, settings: ServerSettings, tokenHash: () => string): Refusal | null {
  return (
    hostProblem(request.headers, settings) ??
    urlProblem(request.url) ??
    originProblem(request.method, request.headers, settings) ??
    sizeProblem(request.url, request.headers) ??
    tokenProblem(request.method, request.url, request.headers, settings, tokenHash)
  );
}
