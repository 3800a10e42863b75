import { describeIssues, parsePipeline } from "../pipeline/parsePipeline";
import { PIPELINE_FORMAT, type Hook, type Pipeline, type PipelineInput } from "../pipeline/schema";
import type { Profile } from "../profiles/types";
import { BundleError } from "./errors";
import { listSurface, type SurfaceFile } from "./hookSurface";
import { readManifest, settingsWithDependencies } from "./readManifest";
import { expandMetadataHooks } from "./expandMetadata";
import { collectModules, type ImportRoot } from "./moduleGraph";
import { singleRootFolder } from "./paths";
import { withoutVellumRecorder } from "./recorderVellum";
import type { PluginFiles } from "./types";

export interface VellumImport {
  pipeline: Pipeline;
  /** Things that were skipped or may not work, in plain words. */
  warnings: string[];
}

function withoutRoot(files: PluginFiles): PluginFiles {
  if (files.has("package.json")) return files;
  const root = singleRootFolder(files.keys());
  if (root === "" || !files.has(`${root}/package.json`)) return files;
  return new Map([...files].map(([path, content]) => [path.slice(root.length + 1), content]));
}

function uniqueId(base: string, taken: Set<string>): string {
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  taken.add(id);
  return id;
}

/**
 * Reads a Vellum plugin folder into a new pipeline on the vellum profile.
 *
 * Every hook file the host would load (`hooks/<point>.{ts,js}`, semantics.md §1d) becomes a
 * hook on that point, and the files they import relatively become modules, recursively. A
 * plugin Hookwright exported carries `hookwright.json`: then the pipeline's name, scenarios,
 * hook ids, order and disabled hooks come back too, and an unedited chain wrapper is expanded
 * back into its hooks. The files may sit in one top-level folder (a zipped plugin folder).
 *
 * @throws {BundleError} `NO_MANIFEST`/`BAD_MANIFEST` for a missing or unusable
 *   `package.json`, `NO_HOOKS` when there is nothing to import, the module errors of
 *   {@link collectModules}, and `INVALID_PIPELINE` when the result breaks a pipeline rule.
 */
export function importVellumPlugin(input: PluginFiles, options: { profile: Profile }): VellumImport {
  const { profile } = options;
  // Hookwright's recorder is an export option, not a hook: the plugin is read as exported without it.
  const { files, found: recorder } = withoutVellumRecorder(withoutRoot(input), profile);
  const manifest = readManifest(files.get("package.json"));
  const warnings: string[] = recorder ? [`Hookwright's recorder is left out: it is an export option ("Add a recorder"), not a hook.`] : [];
  const surface: SurfaceFile[] = [];
  for (const file of listSurface(files.keys(), "hooks")) {
    if (profile.points.some((p) => p.id === file.name)) surface.push(file);
    else warnings.push(`${file.path} is skipped: "${file.name}" is not a hook point the ${profile.name} host fires.`);
  }
  for (const tool of listSurface(files.keys(), "tools")) {
    warnings.push(`${tool.path} is skipped: Hookwright pipelines do not carry plugin tools.`);
  }

  const expanded = expandMetadataHooks(files, surface, profile);
  warnings.push(...expanded.warnings);
  const meta = expanded.metadata;
  if (meta === null && surface.length === 0) {
    // Name what it does have (the host's default plugins contribute injectors the host calls in code), so the refusal is not a puzzle.
    const other = [...files.keys()].filter((p) => /\.(?:ts|js|mjs)$/.test(p) && !/(?:^|\/)__tests__\//.test(p) && !/\.test\.ts$/.test(p)).sort();
    const shown = other.length > 4 ? `${other.slice(0, 4).join(", ")} and ${other.length - 4} more` : other.join(", ");
    const besides = other.length > 0 ? ` Its other files (${shown}) are not hooks the host fires; they cannot run as a pipeline.` : "";
    throw new BundleError("NO_HOOKS", `The plugin "${manifest.pluginName}" has no hook files in hooks/, so there is nothing to import.${besides}`);
  }

  const taken = new Set(expanded.hooks.map((h) => h.hook.id));
  const hooks: Array<{ hook: Hook; path: string | null }> = [...expanded.hooks];
  for (const file of surface) {
    if (expanded.claimed.has(file.path)) continue;
    const code = files.get(file.path);
    if (code === null || code === undefined) throw new BundleError("NOT_TEXT", `${file.path} is not UTF-8 text.`);
    if (file.path.endsWith(".js")) warnings.push(`${file.path} is compiled JavaScript; it is imported as the hook's TypeScript code.`);
    const hook: Hook = { id: uniqueId(file.name, taken), point: file.name, name: manifest.pluginName, enabled: true, code, priority: null, matcher: null };
    hooks.push({ hook, path: file.path });
  }

  const roots: ImportRoot[] = hooks.flatMap(({ hook, path }) => (path === null ? [] : [{ path, code: hook.code }]));
  const graph = collectModules(files, roots, meta?.modules ?? []);
  warnings.push(...graph.warnings);

  const document: PipelineInput = {
    format: PIPELINE_FORMAT,
    name: meta?.pipeline.name ?? manifest.pluginName,
    description: meta?.pipeline.description ?? manifest.description,
    profile: profile.id,
    hooks: hooks.map((h) => h.hook),
    modules: graph.modules,
    scenarios: meta?.pipeline.scenarios ?? [],
    ...(meta ? { limits: meta.pipeline.limits } : {}),
    ...settingsWithDependencies(files.get("package.json")),
  };
  const parsed = parsePipeline(document);
  if (!parsed.ok) throw new BundleError("INVALID_PIPELINE", `The plugin does not make a valid pipeline:\n${describeIssues(parsed.issues)}`);
  return { pipeline: parsed.value, warnings };
}
