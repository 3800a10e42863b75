/*
 * The security headers of every response. The proxy (proxy.ts) sets them on everything it
 * sees; next.config.mjs repeats the fixed ones for the few files it does not (build assets).
 *
 * Pages get a nonce-based Content-Security-Policy: Next puts the request's nonce on its own
 * scripts, and 'strict-dynamic' lets those load the app's chunks, Monaco and its workers.
 * Styles stay 'unsafe-inline' because React Flow and Monaco set inline styles at run time
 * (a nonce would switch 'unsafe-inline' off). Monaco runs without 'unsafe-eval' (measured in
 * Chromium against the production build, see docs/security.md); only `next dev` needs it.
 */

/** Headers that are the same on every response. */
export const FIXED_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "x-content-type-options": "nosniff",
  // Not no-referrer: under it Chromium posts the app's own forms with `Origin: null`.
  "referrer-policy": "same-origin",
  "x-frame-options": "DENY",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
};

/** The policy of an HTML page; `nonce` is fresh for every request. */
export function pageContentSecurityPolicy(nonce: string, options: { dev: boolean }): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${options.dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The policy of API answers and downloads: nothing may run in or embed them. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The policy of the build's assets (/_next/…). It is the one Monaco's workers run under (a
 * worker takes the policy its script was served with): its own chunks, no eval.
 */
export const ASSET_CONTENT_SECURITY_POLICY = "default-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/** A fresh nonce for one page. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Buffer.from(bytes).toString("base64");
}

/** Sets the fixed headers and `csp` on `headers` (null: the response sets its own policy). */
export function applySecurityHeaders(headers: Headers, csp: string | null): void {
  for (const [name, value] of Object.entries(FIXED_SECURITY_HEADERS)) headers.set(name, value);
  if (csp !== null) headers.set("content-security-policy", csp);
}
