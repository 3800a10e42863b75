import { describeIssues, parsePipeline } from "../pipeline/parsePipeline";
import type { Hook, Pipeline } from "../pipeline/schema";
import type { HookPointSpec, Profile } from "../profiles/types";
import { CHAIN_RUNTIME_PATH, CHAIN_RUNTIME_SOURCE } from "./chainRuntime";
import { BundleError } from "./errors";
import { hasDefaultExport } from "./importSpecifiers";
import { BUNDLE_METADATA_FORMAT, BUNDLE_METADATA_PATH, type BundleMetadata } from "./metadata";
import { DEFAULT_PLUGIN_VERSION, manifestSource } from "./manifest";
import { dependenciesObject } from "../pipeline/dependencySchema";
import { pluginNameOf } from "./names";
import { readmeSource, type ReadmePoint } from "./readme";
import { addVellumRecorder, vellumRecorderReadme } from "./recorderVellum";
import type { BundleFile } from "./types";
import { chainedHookPath, wrapperForPoint } from "./wrapper";

export interface VellumExportOptions {
  /** The vellum profile (hook points, context types, the types module). */
  profile: Profile;
  /** The manifest version; `0.1.0` by default. */
  version?: string;
  /** Add Hookwright's recorder around every point (recorderVellum.ts). */
  recorder?: boolean;
}

export interface VellumExport {
  /** The manifest name, also the folder name the plugin installs under. */
  pluginName: string;
  /** Every file of the plugin folder, sorted by path. */
  files: BundleFile[];
  /** Things the user should know that do not stop the export. */
  warnings: string[];
}

interface PointPlan {
  spec: HookPointSpec;
  hooks: Hook[];
}

/** Top-level `.js`/`.ts` files under `tools/` are imported by the host as tool definitions. */
function isHostSurfaceModule(path: string): boolean {
  return /^tools\/[^/]+\.ts$/.test(path);
}

function planPoints(pipeline: Pipeline, profile: Profile): PointPlan[] {
  const byPoint = new Map<string, Hook[]>();
  for (const hook of pipeline.hooks) {
    if (!profile.points.some((p) => p.id === hook.point)) {
      throw new BundleError(
        "UNKNOWN_POINT",
        `Hook "${hook.name}" is on "${hook.point}", which is not a hook point of the ${profile.id} profile.`,
      );
    }
    if (!hook.enabled) continue;
    byPoint.set(hook.point, [...(byPoint.get(hook.point) ?? []), hook]);
  }
  return profile.points.flatMap((spec) => {
    const hooks = byPoint.get(spec.id);
    return hooks ? [{ spec, hooks }] : [];
  });
}

/**
 * Writes a pipeline as a Vellum plugin folder (semantics.md §1d): `package.json`,
 * `hooks/<point>.ts` per hook point with enabled hooks, the pipeline's modules at their own
 * paths (so `../src/x` imports keep working), `README.md` and `hookwright.json`.
 *
 * A point with one enabled hook gets the hook's code as it is. A point with several gets a
 * generated `hooks/<point>.ts` that runs them, each from its own file under `hookwright/`,
 * with the host's chain semantics (see `hookwright/chain.ts`). Disabled hooks are left out
 * of the plugin; their code is kept in `hookwright.json` only. Pure: same pipeline, same files.
 *
 * @throws {BundleError} `INVALID_PIPELINE` when `pipeline` does not parse, `WRONG_PROFILE`
 *   when it is not on the vellum profile, `UNKNOWN_POINT` when a hook is on a point the
 *   profile lacks, `PATH_COLLISION` when a module would overwrite a generated file or be
 *   loaded by the host as a tool.
 * @example
 * const { pluginName, files } = exportVellumPlugin(pipeline, { profile: getProfile("vellum") });
 */
export function exportVellumPlugin(input: Pipeline, options: VellumExportOptions): VellumExport {
  const parsed = parsePipeline(input);
  if (!parsed.ok) throw new BundleError("INVALID_PIPELINE", `The pipeline is not valid:\n${describeIssues(parsed.issues)}`);
  const pipeline = parsed.value;
  const { profile } = options;
  if (pipeline.profile !== profile.id) {
    throw new BundleError(
      "WRONG_PROFILE",
      `Only pipelines on the ${profile.id} profile can be exported as a Vellum plugin; "${pipeline.name}" is on the "${pipeline.profile}" profile.`,
    );
  }
  const pluginName = pluginNameOf(pipeline.name);
  const description = pipeline.description.trim() || `Hooks exported from the Hookwright pipeline "${pipeline.name}".`;
  const files = new Map<string, string>();
  const hookFile = new Map<string, string>();
  const readmePoints: ReadmePoint[] = [];

  for (const { spec, hooks } of planPoints(pipeline, profile)) {
    const file = `hooks/${spec.id}.ts`;
    const [only] = hooks;
    if (hooks.length === 1 && only) {
      files.set(file, only.code);
      hookFile.set(only.id, file);
    } else {
      const chained = hooks.map((hook, i) => ({ name: hook.name, file: chainedHookPath(spec.id, i, hook.name) }));
      hooks.forEach((hook, i) => {
        const path = chained[i]?.file ?? "";
        files.set(path, hook.code);
        hookFile.set(hook.id, path);
      });
      files.set(file, wrapperForPoint(spec, profile.typesModule, chained));
      files.set(CHAIN_RUNTIME_PATH, CHAIN_RUNTIME_SOURCE);
    }
    readmePoints.push({ spec, hooks, file });
  }

  for (const module of pipeline.modules) {
    if (files.has(module.path)) {
      throw new BundleError("PATH_COLLISION", `Module ${module.path} would overwrite a file Hookwright generates for the plugin; rename the module.`);
    }
    if (isHostSurfaceModule(module.path)) {
      throw new BundleError(
        "PATH_COLLISION",
        `Module ${module.path} would be loaded by the host as a plugin tool, because tools/ is a plugin surface folder; move it, for example to src/.`,
      );
    }
    files.set(module.path, module.code);
  }

  const metadata: BundleMetadata = {
    format: BUNDLE_METADATA_FORMAT,
    pipeline: {
      name: pipeline.name,
      description: pipeline.description,
      profile: pipeline.profile,
      limits: pipeline.limits,
      scenarios: pipeline.scenarios,
    },
    hooks: pipeline.hooks.map((hook) => {
      const file = hookFile.get(hook.id);
      if (file === undefined) return { ...hook, enabled: false as const };
      const { code: _code, ...rest } = hook;
      return { ...rest, file };
    }),
    modules: pipeline.modules.map((m) => m.path),
  };
  files.set("package.json", manifestSource({ name: pluginName, version: options.version ?? DEFAULT_PLUGIN_VERSION, description, dependencies: dependenciesObject(pipeline.settings?.dependencies) }));
  files.set(
    "README.md",
    readmeSource({
      pluginName,
      pipelineName: pipeline.name,
      description,
      points: readmePoints,
      modules: pipeline.modules.map((m) => m.path),
      disabled: pipeline.hooks.filter((h) => !h.enabled).map((h) => ({ name: h.name, point: h.point })),
    }),
  );
  files.set(BUNDLE_METADATA_PATH, `${JSON.stringify(metadata, null, 2)}\n`);
  if (options.recorder) {
    addVellumRecorder(files, profile);
    files.set("README.md", [files.get("README.md") ?? "", ...vellumRecorderReadme(profile)].join("\n"));
  }

  const warnings = readmePoints.length === 0 ? ["The pipeline has no enabled hooks, so the plugin will not change anything."] : [];
  for (const { spec, hooks } of readmePoints) {
    for (const hook of hooks) {
      if (!hasDefaultExport(hook.code)) {
        warnings.push(`Hook "${hook.name}" on ${spec.id} has no default export; the host only runs a hook file's default-exported function.`);
      }
    }
  }
  const sorted = [...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([path, content]) => ({ path, content }));
  return { pluginName, files: sorted, warnings };
}
