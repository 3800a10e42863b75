import { exportVellumPlugin, type VellumExport } from "~/core/bundles/exportVellum";
import { importVellumPlugin, type VellumImport } from "~/core/bundles/importVellum";
import type { PluginFiles } from "~/core/bundles/types";
import { describeExcessiveNesting, findExcessiveNesting } from "~/core/jsonNesting";
import type { Pipeline } from "~/core/pipeline/schema";
import { getProfile, type Profile } from "~/core/profiles";
import { ArchiveError } from "./archiveError";
import { decodePluginFiles } from "./decode";
import { readPluginFolder } from "./folder";
import { DEFAULT_ARCHIVE_LIMITS, type ArchiveLimits } from "./limits";
import { readZipArchive } from "./unzip";
import { zipPlugin } from "./zip";

/** Bundle formats Hookwright writes; `--target` takes one of these. */
export const BUNDLE_TARGETS = ["vellum"] as const;
export type BundleTarget = (typeof BUNDLE_TARGETS)[number];

function vellum(): Profile {
  const profile = getProfile("vellum");
  if (profile === undefined) throw new Error("the vellum profile is missing from core/profiles");
  return profile;
}

export interface ZippedBundle extends VellumExport {
  /** `<plugin name>.zip`. */
  fileName: string;
  bytes: Uint8Array;
}

/** A pipeline as a Vellum plugin's files (see {@link exportVellumPlugin}). */
export function exportPlugin(pipeline: Pipeline): VellumExport {
  return exportVellumPlugin(pipeline, { profile: vellum() });
}

/** A pipeline as a Vellum plugin zip: files under `<plugin name>/`, byte-identical for the same pipeline. */
export function exportPluginZip(pipeline: Pipeline): ZippedBundle {
  const bundle = exportPlugin(pipeline);
  return { ...bundle, fileName: `${bundle.pluginName}.zip`, bytes: zipPlugin(bundle.pluginName, bundle.files) };
}

/**
 * Reads an untrusted plugin zip in memory and turns it into a new pipeline.
 *
 * @throws {ArchiveError} when the archive is refused, {@link BundleError} when it is not a
 *   usable plugin.
 */
export function importPluginZip(bytes: Uint8Array, limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS): VellumImport {
  return importVellumPlugin(refuseDeepJson(decodePluginFiles(readZipArchive(bytes, limits))), { profile: vellum() });
}

/** Reads a plugin folder (with the archive limits) and turns it into a new pipeline. */
export async function importPluginFolder(dir: string, limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS): Promise<VellumImport> {
  return importVellumPlugin(refuseDeepJson(decodePluginFiles(await readPluginFolder(dir, limits))), { profile: vellum() });
}

/** An untrusted plugin's JSON files (package.json, hookwright.json) nest no deeper than the importer can walk. */
function refuseDeepJson(files: PluginFiles): PluginFiles {
  for (const [path, text] of files) {
    if (text === null || !path.endsWith(".json")) continue;
    const found = findExcessiveNesting(text);
    if (found) throw new ArchiveError("JSON_TOO_DEEP", `In ${path}, ${describeExcessiveNesting(found)}`);
  }
  return files;
}
