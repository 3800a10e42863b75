/*
 * The fixed security headers (server/http/securityHeaders.ts, which proxy.ts applies to every
 * response together with a Content-Security-Policy), repeated here for anything the proxy
 * does not see. Kept in step with FIXED_SECURITY_HEADERS by server/http/securityHeaders.test.ts.
 */
export const fixedSecurityHeaders = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "same-origin",
  "x-frame-options": "DENY",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
};

/** @type {import('next').NextConfig} */
const nextConfig = {
  // A separate build folder lets the e2e suite (and parallel developer builds) avoid clobbering `.next`.
  distDir: process.env.HOOKWRIGHT_DIST_DIR || ".next",
  // Native and WASM packages are loaded by Node at run time, never bundled.
  serverExternalPackages: [
    "better-sqlite3",
    "esbuild",
    "quickjs-emscripten-core",
    "@jitl/quickjs-wasmfile-release-sync",
  ],
  poweredByHeader: false,
  async headers() {
    return [{ source: "/:path*", headers: Object.entries(fixedSecurityHeaders).map(([key, value]) => ({ key, value })) }];
  },
  experimental: {
    // Next holds a request body for the proxy up to this size and silently cuts it beyond. Above
    // every route's own cap (10 MB at most, server/http/bodyLimit.ts), so a route always sees
    // enough of an oversized body to refuse it with 413 instead of reading a truncated one.
    proxyClientMaxBodySize: 16 * 1024 * 1024,
  },
  // `npm test` type-checks the whole tree with tsc first; a second check inside `next build` only doubles the time.
  typescript: { ignoreBuildErrors: true },
};

export default nextConfig;
