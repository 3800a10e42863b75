import type { Hook } from "../pipeline/schema";
import type { Profile } from "../profiles/types";
import type { SurfaceFile } from "./hookSurface";
import { BUNDLE_METADATA_PATH, bundleMetadataSchema, isExportedHookEntry, type BundleMetadata, type ExportedHookEntry } from "./metadata";
import type { PluginFiles } from "./types";
import { wrapperForPoint } from "./wrapper";

export interface ExpandedHooks {
  /** The bundle's metadata when it is present and usable. */
  metadata: BundleMetadata | null;
  /** Hooks restored from the metadata, in the pipeline's order, with the file their code came from. */
  hooks: Array<{ hook: Hook; path: string | null }>;
  /** Hook files whose hooks are in `hooks`; every other hook file is imported as it is. */
  claimed: Set<string>;
  warnings: string[];
}

function readMetadata(files: PluginFiles, profile: Profile, warnings: string[]): BundleMetadata | null {
  const raw = files.get(BUNDLE_METADATA_PATH);
  if (raw === undefined) return null;
  const ignored = (why: string): null => {
    warnings.push(`${BUNDLE_METADATA_PATH} is ignored (${why}); the plugin is imported from its hook files alone.`);
    return null;
  };
  if (raw === null) return ignored("it is not UTF-8 text");
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return ignored("it is not valid JSON");
  }
  const parsed = bundleMetadataSchema.safeParse(json);
  if (!parsed.success) return ignored(`unexpected content at ${parsed.error.issues[0]?.path.join(".") || "the top"}`);
  if (parsed.data.pipeline.profile !== profile.id) return ignored(`it is for the "${parsed.data.pipeline.profile}" profile`);
  return parsed.data;
}

/** The code of a point's hooks when its hook file is exactly what Hookwright wrote for them, else null. */
function restorePoint(files: PluginFiles, profile: Profile, entries: ExportedHookEntry[], hookFile: SurfaceFile | undefined): string[] | null {
  if (hookFile === undefined) return null;
  const [only] = entries;
  if (entries.length === 1 && only?.file === hookFile.path) {
    const code = files.get(hookFile.path);
    return typeof code === "string" ? [code] : null;
  }
  const spec = profile.points.find((p) => p.id === hookFile.name);
  if (spec === undefined) return null;
  const expected = wrapperForPoint(
    spec,
    profile.typesModule,
    entries.map((e) => ({ name: e.name, file: e.file })),
  );
  if (files.get(hookFile.path) !== expected) return null;
  const codes = entries.map((e) => files.get(e.file));
  return codes.every((c): c is string => typeof c === "string") ? codes : null;
}

/**
 * Restores the hooks of a plugin Hookwright exported from its `hookwright.json`: ids, names,
 * order, disabled hooks, and the hooks behind a chain wrapper. A point whose hook file was
 * edited (or removed) since the export is left to the plain importer, with a warning.
 */
export function expandMetadataHooks(files: PluginFiles, surface: readonly SurfaceFile[], profile: Profile): ExpandedHooks {
  const warnings: string[] = [];
  const metadata = readMetadata(files, profile, warnings);
  const claimed = new Set<string>();
  if (metadata === null) return { metadata, hooks: [], claimed, warnings };

  const byPoint = new Map<string, ExportedHookEntry[]>();
  for (const entry of metadata.hooks) {
    if (isExportedHookEntry(entry)) byPoint.set(entry.point, [...(byPoint.get(entry.point) ?? []), entry]);
  }
  const codeById = new Map<string, { code: string; path: string }>();
  for (const [point, entries] of byPoint) {
    const hookFile = surface.find((f) => f.name === point);
    const codes = restorePoint(files, profile, entries, hookFile);
    if (codes === null) {
      warnings.push(
        hookFile === undefined
          ? `hooks/${point}.ts is missing, so its ${entries.length === 1 ? "hook is" : `${entries.length} hooks are`} left out.`
          : `${hookFile.path} was changed after Hookwright exported it, so it is imported as one hook.`,
      );
      continue;
    }
    if (hookFile) claimed.add(hookFile.path);
    entries.forEach((entry, i) => codeById.set(entry.id, { code: codes[i] ?? "", path: entry.file }));
  }

  const hooks = metadata.hooks.flatMap((entry): ExpandedHooks["hooks"] => {
    if (!isExportedHookEntry(entry)) return [{ hook: entry, path: null }];
    const restored = codeById.get(entry.id);
    if (restored === undefined) return [];
    const { file: _file, ...rest } = entry;
    return [{ hook: { ...rest, code: restored.code }, path: restored.path }];
  });
  return { metadata, hooks, claimed, warnings };
}
