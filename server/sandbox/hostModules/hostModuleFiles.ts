/**
 * The host modules the sandbox can provide (server/sandbox/hostModules/guest/), by id. A
 * profile declares which bare specifier loads which (`Profile.hostModules`): the Vellum
 * profile serves `@vellumai/plugin-api` from `vellum/plugin-api`, as the host's boot-time shim
 * does. Shared by the bundler and the host.
 */
export const HOST_MODULE_FILES: Readonly<Record<string, string>> = {
  "vellum/plugin-api": "vellumPluginApi.ts",
};

/** The unit name a host module loads under in a realm (never a Node built-in's name). */
export const HOST_UNIT_PREFIX = "host:";
