/**
 * The units of the sandbox's simulated Node surface (server/sandbox/guest/node/units/), by the
 * name the guest asks for: a Node built-in module's name, or `internal/…` for the parts behind
 * globals that are not modules of their own. Shared by the bundler and the host.
 */
export const NODE_UNIT_FILES: Readonly<Record<string, string>> = {
  "internal/text": "text.ts",
  "internal/abort": "abort.ts",
  "internal/fetch": "fetch.ts",
  process: "process.ts",
  buffer: "buffer.ts",
  events: "events.ts",
  url: "url.ts",
  path: "path.ts",
  "path/posix": "path-posix.ts",
  util: "util.ts",
  "util/types": "util-types.ts",
  crypto: "crypto.ts",
  os: "os.ts",
  querystring: "querystring.ts",
  assert: "assert.ts",
  "assert/strict": "assert-strict.ts",
  string_decoder: "string-decoder.ts",
  timers: "timers.ts",
  "timers/promises": "timers-promises.ts",
  fs: "fs.ts",
  "fs/promises": "fs-promises.ts",
  http: "http.ts",
  https: "https.ts",
};
