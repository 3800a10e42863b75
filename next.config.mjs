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
  // `npm test` type-checks the whole tree with tsc first; a second check inside `next build` only doubles the time.
  typescript: { ignoreBuildErrors: true },
};

export default nextConfig;
