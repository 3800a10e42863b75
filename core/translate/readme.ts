import type { BundleFile } from "../bundles/types";
import type { HostTranslation, TranslationNote } from "./types";

const KIND_WORDS: Record<TranslationNote["kind"], string> = { dropped: "left out", changed: "changed", differs: "behaves differently" };

/** A translation's notes as lines for people: `dangerous-command-gate (behaves differently): a deny …`. */
export function noteLines(notes: readonly TranslationNote[]): string[] {
  return notes.map((n) => `${n.hookName ?? "The pipeline"} (${KIND_WORDS[n.kind]}): ${n.text}`);
}

/**
 * The bundle's files with what the move did not carry over written into its README.md (or a
 * MOVED.md beside the files when the format has no README), so it travels with the hooks.
 */
export function withTranslationReadme(files: readonly BundleFile[], t: HostTranslation, notes: readonly TranslationNote[]): BundleFile[] {
  const section = [
    `## Moved from ${t.fromName}`,
    "",
    `These hooks were written for ${t.fromName} and exported for ${t.toName} by Hookwright's translation (docs/bundles.md, "Moving hooks between hosts").`,
    notes.length === 0 ? `Everything carried over: no hook is left out, changed or known to behave differently on ${t.toName}.` : `What does not carry over as it was:`,
    "",
    ...noteLines(notes).map((l) => `- ${l}`),
    "",
  ].join("\n");
  const readme = files.find((f) => f.path === "README.md");
  if (!readme) return [...files, { path: "MOVED.md", content: `# Moved from ${t.fromName}\n\n${section.split("\n").slice(2).join("\n")}` }].sort((a, b) => a.path.localeCompare(b.path));
  return files.map((f) => (f === readme ? { ...f, content: `${f.content.replace(/\n*$/, "\n\n")}${section}` } : f));
}
