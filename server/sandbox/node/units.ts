/**
 * The units of the sandbox's simulated Node surface (server/sandbox/guest/node/units/), by the
 * name the guest asks for: a Node built-in module's name, or `internal/…` for the parts behind
 * globals that are not modules of their own. Shared by the bundler and the host.
 */
export const NODE_UNIT_FILES: Readonly<Record<string, string>> = {
  "internal/text": "text.ts",
  "internal/abort": "abort.ts",
  process: "process.ts",
  buffer: "buffer.ts",
  events: "events.ts",
  url: "url.ts",
};
