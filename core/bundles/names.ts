/**
 * Names a Vellum plugin bundle is written with. The host's own publish check requires an
 * unscoped kebab-case manifest name (`V:src/cli/lib/publish-plugin.ts:141-145`,
 * `/^[a-z0-9][a-z0-9_-]*$/`); the loader keys hooks by file basename, so a hook point id is
 * already a valid file name.
 */

const FALLBACK_PLUGIN_NAME = "hookwright-plugin";

/** Lower-case ASCII kebab-case: accents folded, every other run of symbols becomes one dash. */
export function kebabCase(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * The manifest `name` for a pipeline: its name in kebab-case, capped at 64 characters so the
 * plugin folder name stays readable. Names with no Latin letters or digits fall back to
 * `hookwright-plugin`.
 */
export function pluginNameOf(pipelineName: string): string {
  const name = kebabCase(pipelineName).slice(0, 64).replace(/-+$/, "");
  return name === "" ? FALLBACK_PLUGIN_NAME : name;
}

/** The npm scope is not part of the plugin name (`V:src/plugins/external-plugin-loader.ts:107-110`). */
export function stripScope(packageName: string): string {
  const match = /^@[^/]+\/(.+)$/.exec(packageName);
  return match?.[1] ?? packageName;
}
