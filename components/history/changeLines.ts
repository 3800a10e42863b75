import type { RevisionChanges } from "~/core/revisions/summarize";

const quote = (names: readonly string[]) => names.map((n) => `“${n}”`).join(", ");
const renames = (list: readonly { from: string; to: string }[]) => list.map((r) => `“${r.from}” → “${r.to}”`).join(", ");

/** What a revision changed, one plain line per kind of change (the history list's bullets). */
export function changeLines(c: RevisionChanges): string[] {
  const lines: string[] = [];
  if (c.created) lines.push("created the pipeline");
  if (c.renamed) lines.push(`renamed the pipeline “${c.renamed.from}” → “${c.renamed.to}”`);
  if (c.hooksAdded.length) lines.push(`added hook ${quote(c.hooksAdded)}`);
  if (c.hooksRemoved.length) lines.push(`deleted hook ${quote(c.hooksRemoved)}`);
  if (c.hooksRenamed.length) lines.push(`renamed hook ${renames(c.hooksRenamed)}`);
  if (c.hooksEdited.length) lines.push(`edited the code of ${quote(c.hooksEdited)}`);
  for (const t of c.hooksToggled) lines.push(`${t.enabled ? "enabled" : "disabled"} “${t.name}”`);
  if (c.hooksReordered.length) lines.push(`reordered the hooks of ${c.hooksReordered.join(", ")}`);
  if (c.hooksMoved.length) lines.push(`changed priority or matcher of ${quote(c.hooksMoved)}`);
  if (c.modulesAdded.length) lines.push(`added module ${c.modulesAdded.join(", ")}`);
  if (c.modulesRemoved.length) lines.push(`deleted module ${c.modulesRemoved.join(", ")}`);
  if (c.modulesEdited.length) lines.push(`edited module ${c.modulesEdited.join(", ")}`);
  if (c.scenariosAdded.length) lines.push(`added scenario ${quote(c.scenariosAdded)}`);
  if (c.scenariosRemoved.length) lines.push(`deleted scenario ${quote(c.scenariosRemoved)}`);
  if (c.scenariosRenamed.length) lines.push(`renamed scenario ${renames(c.scenariosRenamed)}`);
  if (c.scenariosEdited.length) lines.push(`edited scenario ${quote(c.scenariosEdited)}`);
  if (c.settingsChanged) lines.push("changed the pipeline settings");
  return lines;
}
