import { BundleError } from "~/core/bundles/errors";
import { exportersFor, exporterByTarget, listExporters, type ExportOptions, type PluginExport, type PluginExporter } from "~/core/bundles/registry";
import { importClaudeCode, isClaudeCodeBundle } from "~/core/bundles/importClaudeCode";
import { importClaudeCodeModsPipeline, isClaudeCodeModsPlugin } from "../../core/bundles/importClaudeCodeModsPipeline";
import { importCodex, importCodexConfigText, isCodexBundle } from "~/core/bundles/importCodex";
import { importDeputyFolder, importDeputyHooksFile, isDeputyHooks } from "~/core/bundles/importDeputy";
import { importFimOne, importFimOnePythonFile, isFimOnePackage } from "~/core/bundles/importFimOne";
import { importOpenClawPlugin, isOpenClawPlugin } from "~/core/bundles/importOpenClaw";
import { importVellumPlugin, type VellumImport } from "~/core/bundles/importVellum";
import type { PluginFiles } from "~/core/bundles/types";
import { describeExcessiveNesting, findExcessiveNesting } from "~/core/jsonNesting";
import { dependencySchema } from "~/core/pipeline/dependencySchema";
import type { Pipeline } from "~/core/pipeline/schema";
import { getProfile, type Profile } from "~/core/profiles";
import { ArchiveError } from "./archiveError";
import { decodePluginFiles } from "./decode";
import { readPluginFolder } from "./folder";
import { DEFAULT_ARCHIVE_LIMITS, type ArchiveLimits } from "./limits";
import { installDependencies, type InstallResult } from "~/server/deps/install";
import { nodeScriptBundler } from "./scriptBundler";
import { readZipArchive } from "./unzip";
import { zipPlugin } from "./zip";
import { translateForHost } from "./crossHost";
import { translationBetween, translationTargets } from "~/core/translate/registry";
import { withTranslationReadme } from "~/core/translate/readme";
import type { TranslationNote } from "~/core/translate/types";

/** Bundle formats Hookwright writes; `--target` takes one of these (core/bundles/registry.ts). */
export const BUNDLE_TARGETS: readonly string[] = listExporters().map((e) => e.target);

function vellum(): Profile {
  const profile = getProfile("vellum");
  if (profile === undefined) throw new Error("the vellum profile is missing from core/profiles");
  return profile;
}

export interface ZippedBundle extends CrossHostPluginExport {
  /** `<plugin name>.zip`. */
  fileName: string;
  bytes: Uint8Array;
}

/**
 * The exporter for a pipeline: the one named by `target` (it must be one of the pipeline's
 * profile), else the profile's first.
 *
 * @throws {BundleError} NO_EXPORTER when the profile has none, WRONG_PROFILE for a target of another profile.
 */
export function exporterOf(pipeline: Pick<Pipeline, "profile" | "name">, target?: string): PluginExporter {
  const own = exportersFor(pipeline.profile);
  if (target !== undefined) {
    const chosen = exporterByTarget(target);
    if (!chosen) throw new BundleError("NO_EXPORTER", `Unknown target "${target}"; the targets are: ${BUNDLE_TARGETS.join(", ")}.`);
    if (chosen.profileId !== pipeline.profile && !translationBetween(pipeline.profile, chosen.profileId)) {
      const others = translationTargets(pipeline.profile).flatMap((p) => exportersFor(p).map((e) => e.target));
      throw new BundleError(
        "WRONG_PROFILE",
        `"${pipeline.name}" is on the ${pipeline.profile} profile; --target ${target} exports ${chosen.profileId} pipelines${own.length > 0 ? ` (use --target ${[...own.map((e) => e.target), ...others].join(" or ")})` : ""}.`,
      );
    }
    return chosen;
  }
  const first = own[0];
  if (!first) throw new BundleError("NO_EXPORTER", `Hookwright cannot export ${pipeline.profile} pipelines as a plugin yet; export the pipeline file instead.`);
  return first;
}

/**
 * A pipeline in its host's plugin format (the exporter of its profile, see core/bundles/registry.ts).
 * `installed` is the pipeline's installed npm dependencies, for an exporter that bundles them
 * ({@link installForExport}); without it a hook importing one cannot be exported by such an exporter.
 */
export function exportPlugin(pipeline: Pipeline, target?: string, installed: InstallResult | null = null, options: ExportOptions = {}): CrossHostPluginExport {
  const exporter = exporterOf(pipeline, target);
  const profile = getProfile(exporter.profileId);
  if (profile === undefined) throw new Error(`the ${exporter.profileId} profile is missing from core/profiles`);
  if (options.recorder === true && !exporter.recorder) throw new BundleError("NO_RECORDER", `The ${exporter.target} export cannot add a recorder; the formats that can: ${listExporters().filter((e) => e.recorder).map((e) => e.target).join(", ")}.`);
  // Another host's format: the pipeline is moved to that host's profile first, and says what did not carry over.
  const moved = exporter.profileId === pipeline.profile ? undefined : translateForHost(pipeline, exporter.profileId);
  const bundle = exporter.export(moved?.pipeline ?? pipeline, profile, { bundleScript: nodeScriptBundler(installed) }, options);
  if (!moved) return bundle;
  return { ...bundle, files: withTranslationReadme(bundle.files, moved.translation, moved.notes), moved: { from: moved.translation.fromName, to: moved.translation.toName, notes: moved.notes } };
}

/** An export, and when it went to another host's format, what the move did not carry over. */
export interface CrossHostPluginExport extends PluginExport {
  moved?: { from: string; to: string; notes: TranslationNote[] };
}

/** A pipeline as a plugin zip: files under `<plugin name>/`, byte-identical for the same pipeline. */
export function exportPluginZip(pipeline: Pipeline, target?: string, installed: InstallResult | null = null, options: ExportOptions = {}): ZippedBundle {
  const bundle = exportPlugin(pipeline, target, installed, options);
  return { ...bundle, fileName: `${bundle.pluginName}.zip`, bytes: zipPlugin(bundle.pluginName, bundle.files) };
}

/**
 * The pipeline's declared npm dependencies, installed (server/deps/install.ts) when the target
 * bundles them into its scripts; null when it does not or the pipeline declares none. A failed
 * install is returned, not thrown: it only matters to a hook that imports the package.
 */
export async function installForExport(pipeline: Pipeline, target?: string): Promise<InstallResult | null> {
  const dependencies = pipeline.settings?.dependencies ?? [];
  if (dependencies.length === 0 || !exporterOf(pipeline, target).bundlesDependencies) return null;
  // A pipeline that did not come through the schema still cannot point the installer at a path or URL.
  const invalid = dependencies.map((d) => dependencySchema.safeParse(d)).find((r) => !r.success);
  if (invalid) return { ok: false, message: invalid.error?.issues[0]?.message ?? "a dependency is invalid" };
  return installDependencies(dependencies);
}

/** {@link exportPluginZip} after {@link installForExport}: what the download route and the CLI write. */
export async function exportPluginZipInstalled(pipeline: Pipeline, target?: string, options: ExportOptions = {}): Promise<ZippedBundle> {
  return exportPluginZip(pipeline, target, await installForExport(pipeline, target), options);
}

/**
 * Reads an untrusted plugin zip in memory and turns it into a new pipeline.
 *
 * @throws {ArchiveError} when the archive is refused, {@link BundleError} when it is not a
 *   usable plugin.
 */
export function importPluginZip(bytes: Uint8Array, limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS): VellumImport {
  return importFiles(refuseDeepJson(decodePluginFiles(readZipArchive(bytes, limits))));
}

function profileOrThrow(id: string): Profile {
  const profile = getProfile(id);
  if (profile === undefined) throw new Error(`the ${id} profile is missing from core/profiles`);
  return profile;
}

/** A plugin in whichever host format its files are: an OpenClaw manifest makes it OpenClaw's, Claude Code hooks (a plugin's hooks.json, a project's .claude/settings.json) Claude Code's, a hookwright_hooks/ package (or Python modules without a package.json) FIM One's, else Vellum's. */
function importFiles(files: PluginFiles): VellumImport {
  if (isOpenClawPlugin(files)) return importOpenClawPlugin(files, { profile: profileOrThrow("openclaw") });
  // Before Claude Code's: a .codex/ path or a Codex plugin manifest decides Codex (a dual plugin shares hooks/hooks.json).
  if (isCodexBundle(files)) return importCodex(files, { profile: profileOrThrow("codex") });
  // Before Claude Code's: a hooks/hooks.json listing "modules" is a mod plugin (its settings-hook form has "hooks").
  if (isClaudeCodeModsPlugin(files)) return importClaudeCodeModsPipeline(files, { profile: profileOrThrow("claude-code-mods"), settingsProfile: profileOrThrow("claude-code") });
  if (isClaudeCodeBundle(files)) return importClaudeCode(files, { profile: profileOrThrow("claude-code") });
  if (isFimOnePackage(files)) return importFimOne(files, { profile: profileOrThrow("fim-one") });
  if (isDeputyHooks(files)) return importDeputyFolder(files, { profile: profileOrThrow("deputy") });
  return importVellumPlugin(files, { profile: vellum() });
}

/**
 * One Python file of FIM One hook classes (read statically, never run) as a new pipeline on the fim-one profile.
 *
 * @throws {BundleError} when a class cannot be read without running it (naming the line), or there is none
 */
export function importPythonFile(fileName: string, bytes: Uint8Array): VellumImport {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new BundleError("NOT_TEXT", `${fileName} is not UTF-8 text.`);
  }
  return importFimOnePythonFile({ fileName, text, profile: profileOrThrow("fim-one") });
}

/**
 * One Codex config.toml (or requirements.toml) holding `[hooks]` tables, as a new pipeline on the
 * codex profile; its commands' scripts are not in it, so they come in as one-liners (with a note).
 *
 * @throws {BundleError} for malformed TOML or hooks, naming the file, the line and the field
 */
export function importCodexConfigFile(fileName: string, bytes: Uint8Array): VellumImport {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new BundleError("NOT_TEXT", `${fileName} is not UTF-8 text.`);
  }
  return importCodexConfigText(fileName, text, { profile: profileOrThrow("codex") });
}

/**
 * One R file of deputy hooks (hooks.R: HookMatcher$new() calls, read statically, never run) as a new pipeline on the deputy profile.
 *
 * @throws {BundleError} when a HookMatcher$new() cannot be read without running R (naming the line), or there is none
 */
export function importRFile(fileName: string, bytes: Uint8Array): VellumImport {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new BundleError("NOT_TEXT", `${fileName} is not UTF-8 text.`);
  }
  return importDeputyHooksFile({ fileName, text, profile: profileOrThrow("deputy") });
}

/** Reads a plugin folder (with the archive limits) and turns it into a new pipeline. */
export async function importPluginFolder(dir: string, limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS): Promise<VellumImport> {
  return importFiles(refuseDeepJson(decodePluginFiles(await readPluginFolder(dir, limits))));
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
