import { dependenciesFromPackageJson, type Dependency } from "../pipeline/dependencySchema";
import { BundleError } from "./errors";
import { PLUGIN_API_PACKAGE } from "./manifest";
import { stripScope } from "./names";

export interface PluginManifest {
  /** `name` with the npm scope stripped, as the host names the plugin. */
  pluginName: string;
  description: string;
}

/**
 * Reads what the importer needs from `package.json`. Like the host's loader
 * (`V:src/plugins/external-plugin-loader.ts:83-89,214-233`) only a non-empty string `name`
 * is required.
 *
 * @throws {BundleError} `NO_MANIFEST` when there is no `package.json`, `BAD_MANIFEST` when it
 *   is not JSON or has no usable `name`.
 */
export function readManifest(content: string | null | undefined): PluginManifest {
  if (content === undefined) {
    throw new BundleError("NO_MANIFEST", "This is not a Vellum plugin: there is no package.json at its root.");
  }
  if (content === null) throw new BundleError("BAD_MANIFEST", "package.json is not UTF-8 text.");
  let raw: unknown;
  try {
    raw = JSON.parse(content);
  } catch (err) {
    throw new BundleError("BAD_MANIFEST", `package.json is not valid JSON: ${err instanceof Error ? err.message : String(err)}.`);
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    throw new BundleError("BAD_MANIFEST", "package.json must hold a JSON object.");
  }
  const { name, description } = raw as { name?: unknown; description?: unknown };
  if (typeof name !== "string" || name.trim() === "") {
    throw new BundleError("BAD_MANIFEST", 'package.json needs a non-empty "name"; the host refuses plugins without one.');
  }
  return { pluginName: stripScope(name), description: typeof description === "string" ? description : "" };
}

/**
 * The `settings` an imported plugin's pipeline gets for the npm dependencies of its
 * package.json (registry ranges only; the plugin API the host provides is not one), or nothing.
 */
export function settingsWithDependencies(content: string | null | undefined): { settings?: { env: []; dependencies: Dependency[] } } {
  let value: unknown;
  try {
    value = JSON.parse(content ?? "null");
  } catch {
    return {};
  }
  const dependencies = dependenciesFromPackageJson(value, [PLUGIN_API_PACKAGE]);
  return dependencies.length > 0 ? { settings: { env: [], dependencies } } : {};
}
