import type { Pipeline } from "~/core/pipeline/schema";
import type { Profile } from "~/core/profiles/types";
import { fileOfUri, hookFile, moduleUri } from "./fileUris";
import { contractSource, contractUri, CHECKS_DIR, exportedTypeNames } from "./hookContract";
import type { Monaco } from "./setupMonaco";

/** The code each model was last set from, so unchanged files are skipped by identity. */
const syncedCode = new WeakMap<object, string>();
const typeNamesOf = new WeakMap<Profile, string[]>();

/**
 * Makes Monaco's models mirror the pipeline: one model per hook and module (created, updated
 * or disposed), plus each hook's hidden contract companion. Updates go through
 * `pushEditOperations` so the editor's own undo still works after an undo/redo or reload.
 */
export function syncPipelineModels(monaco: Monaco, args: { doc: Pipeline; profile: Profile }): void {
  const { doc, profile } = args;
  const wanted = new Map<string, string>();
  const languages = new Map<string, string>();
  for (const h of doc.hooks) {
    const file = hookFile(h);
    wanted.set(file.uri, h.code);
    languages.set(file.uri, file.language);
  }
  for (const m of doc.modules) wanted.set(moduleUri(m.path), m.code);
  const points = new Map(profile.points.map((p) => [p.id, p]));
  let typeNames = typeNamesOf.get(profile);
  if (!typeNames) typeNamesOf.set(profile, (typeNames = exportedTypeNames(profile)));
  for (const h of doc.hooks) {
    const point = points.get(h.point);
    // A command hook's script is not TypeScript: no contract to check.
    if (point && hookFile(h).typed) wanted.set(contractUri(h.id), contractSource({ hookId: h.id, point, typesModule: profile.typesModule, typeNames }));
  }

  for (const model of monaco.editor.getModels()) {
    const uri = model.uri.toString();
    const ours = fileOfUri(uri) !== null || uri.startsWith(CHECKS_DIR);
    if (ours && !wanted.has(uri)) model.dispose();
  }

  for (const [uri, code] of wanted) {
    const existing = monaco.editor.getModel(monaco.Uri.parse(uri));
    if (!existing) {
      const model = monaco.editor.createModel(code, languages.get(uri) ?? "typescript", monaco.Uri.parse(uri));
      model.setEOL(monaco.editor.EndOfLineSequence.LF);
      syncedCode.set(model, code);
      continue;
    }
    if (syncedCode.get(existing) === code) continue;
    syncedCode.set(existing, code);
    if (existing.getValue() === code) continue;
    existing.pushStackElement();
    existing.pushEditOperations([], [{ range: existing.getFullModelRange(), text: code }], () => null);
    existing.pushStackElement();
  }
}
