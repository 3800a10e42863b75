/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native and WASM packages are loaded by Node at run time, never bundled.
  serverExternalPackages: [
    "better-sqlite3",
    "esbuild",
    "quickjs-emscripten-core",
    "@jitl/quickjs-wasmfile-release-sync",
  ],
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;
