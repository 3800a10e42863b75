import type { Pipeline } from "~/core/pipeline/schema";

/** One text a revision diff compares: a hook's code, a shared module, a scenario, or the settings. */
export interface RevisionFile {
  /** Stable across revisions (a hook keeps its id when renamed), so renames pair up. */
  key: string;
  /** What the user reads: `hooks/pre-model-call/be-concise.ts`, `scenarios/default.json`. */
  label: string;
  language: "typescript" | "json";
  text: string;
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** Every comparable text of a pipeline document, in the order the designer shows them. */
export function revisionFiles(doc: Pipeline): RevisionFile[] {
  const { hooks, modules, scenarios, format: _format, ...settings } = doc;
  return [
    { key: "settings", label: "pipeline.json", language: "json", text: json(settings) },
    ...hooks.map((h): RevisionFile => {
      const { code, id, ...rest } = h;
      return { key: `hook:${id}`, label: `hooks/${h.point}/${h.name}.ts`, language: "typescript", text: `// ${json(rest).replace(/\n\s*/g, " ")}\n${code}` };
    }),
    ...modules.map((m): RevisionFile => ({ key: `module:${m.path}`, label: m.path, language: "typescript", text: m.code })),
    ...scenarios.map((s): RevisionFile => ({ key: `scenario:${s.name}`, label: `scenarios/${s.name}.json`, language: "json", text: json(s) })),
  ];
}

export type FileChange = "added" | "removed" | "changed" | "same";

export interface FilePair {
  key: string;
  label: string;
  language: RevisionFile["language"];
  change: FileChange;
  original: string;
  modified: string;
}

/**
 * Pairs the files of two revisions by key: a file only in `to` is added, only in `from` removed.
 * Files keep the order of `to`, with removed ones after.
 */
export function pairRevisionFiles(from: readonly RevisionFile[], to: readonly RevisionFile[]): FilePair[] {
  const before = new Map(from.map((f) => [f.key, f]));
  const pairs: FilePair[] = to.map((f) => {
    const old = before.get(f.key);
    before.delete(f.key);
    const change: FileChange = !old ? "added" : old.text === f.text ? "same" : "changed";
    const label = old && old.label !== f.label ? `${old.label} → ${f.label}` : f.label;
    return { key: f.key, label, language: f.language, change, original: old?.text ?? "", modified: f.text };
  });
  for (const f of before.values()) pairs.push({ key: f.key, label: f.label, language: f.language, change: "removed", original: f.text, modified: "" });
  return pairs;
}
