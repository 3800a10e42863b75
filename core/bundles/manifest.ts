/**
 * The `package.json` of an exported plugin.
 *
 * - `peerDependencies["@vellumai/plugin-api"]` is `>=0.8.0`: the default the host's own
 *   installer writes into every plugin it installs (`V:src/cli/lib/install-from-github.ts:888`).
 *   The echo example's `^0.8.0` (`V:examples/plugins/echo/package.json:11-13`) does not
 *   admit 0.10.5 under the loader's own check (`semver.satisfies(hostVersion, range)`,
 *   `V:src/plugins/external-plugin-loader.ts:247-269`), which logs an error for it.
 * - `engines.node` is the echo example's (`:8-10`).
 */
export const PLUGIN_API_PACKAGE = "@vellumai/plugin-api";
export const PLUGIN_API_PEER_RANGE = ">=0.8.0";
export const PLUGIN_NODE_ENGINES = ">=20.12.0";
export const DEFAULT_PLUGIN_VERSION = "0.1.0";

export interface ManifestInput {
  name: string;
  version: string;
  description: string;
  /** The pipeline's declared npm dependencies, as package.json `dependencies` (omitted when none). */
  dependencies?: Record<string, string>;
}

export function manifestSource(input: ManifestInput): string {
  const manifest = {
    name: input.name,
    version: input.version,
    description: input.description,
    private: true,
    type: "module",
    engines: { node: PLUGIN_NODE_ENGINES },
    ...(input.dependencies && Object.keys(input.dependencies).length > 0 ? { dependencies: input.dependencies } : {}),
    peerDependencies: { [PLUGIN_API_PACKAGE]: PLUGIN_API_PEER_RANGE },
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}
