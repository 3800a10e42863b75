import { jsonEqual } from "../chain/jsonValue";
import type { Json } from "../json";
import type { Hook, Pipeline } from "../pipeline/schema";

/** What one revision changed against the one before it (hook lists name hooks by their name in the newer revision). */
export interface RevisionChanges {
  /** The first revision: nothing before it. */
  created: boolean;
  renamed: { from: string; to: string } | null;
  hooksAdded: string[];
  hooksRemoved: string[];
  /** Code changed. */
  hooksEdited: string[];
  hooksRenamed: { from: string; to: string }[];
  hooksToggled: { name: string; enabled: boolean }[];
  /** Points whose hooks changed registration order. */
  hooksReordered: string[];
  /** Hooks whose point, priority or matcher changed. */
  hooksMoved: string[];
  modulesAdded: string[];
  modulesRemoved: string[];
  modulesEdited: string[];
  scenariosAdded: string[];
  scenariosRemoved: string[];
  scenariosEdited: string[];
  scenariosRenamed: { from: string; to: string }[];
  /** Description, profile or sandbox limits. */
  settingsChanged: boolean;
}

const same = (a: unknown, b: unknown) => jsonEqual(a as Json, b as Json);

/**
 * Compares two revisions of a pipeline document. Hooks are matched by id, modules by path,
 * scenarios by name (a scenario that only changed its name, or was renamed and edited in the same
 * revision while keeping its place, is a rename).
 *
 * @example summarizeRevision(null, doc).created === true
 */
export function summarizeRevision(prev: Pipeline | null, next: Pipeline): RevisionChanges {
  const out: RevisionChanges = {
    created: prev === null,
    renamed: null,
    hooksAdded: [],
    hooksRemoved: [],
    hooksEdited: [],
    hooksRenamed: [],
    hooksToggled: [],
    hooksReordered: [],
    hooksMoved: [],
    modulesAdded: [],
    modulesRemoved: [],
    modulesEdited: [],
    scenariosAdded: [],
    scenariosRemoved: [],
    scenariosEdited: [],
    scenariosRenamed: [],
    settingsChanged: false,
  };
  if (prev === null) return out;
  if (prev.name !== next.name) out.renamed = { from: prev.name, to: next.name };
  out.settingsChanged = prev.description !== next.description || prev.profile !== next.profile || !same(prev.limits, next.limits);

  const before = new Map(prev.hooks.map((h) => [h.id, h]));
  const after = new Map(next.hooks.map((h) => [h.id, h]));
  for (const h of next.hooks) {
    const old = before.get(h.id);
    if (!old) {
      out.hooksAdded.push(h.name);
      continue;
    }
    if (old.name !== h.name) out.hooksRenamed.push({ from: old.name, to: h.name });
    if (old.code !== h.code) out.hooksEdited.push(h.name);
    if (old.enabled !== h.enabled) out.hooksToggled.push({ name: h.name, enabled: h.enabled });
    if (old.point !== h.point || old.priority !== h.priority || old.matcher !== h.matcher) out.hooksMoved.push(h.name);
  }
  for (const h of prev.hooks) if (!after.has(h.id)) out.hooksRemoved.push(h.name);
  const points = [...new Set(next.hooks.map((h) => h.point))];
  for (const point of points) {
    const order = (hooks: readonly Hook[]) => hooks.filter((h) => h.point === point && before.has(h.id) && after.has(h.id)).map((h) => h.id);
    if (!same(order(prev.hooks), order(next.hooks))) out.hooksReordered.push(point);
  }

  const oldModules = new Map(prev.modules.map((m) => [m.path, m.code]));
  const newModules = new Set(next.modules.map((m) => m.path));
  for (const m of next.modules) {
    const code = oldModules.get(m.path);
    if (code === undefined) out.modulesAdded.push(m.path);
    else if (code !== m.code) out.modulesEdited.push(m.path);
  }
  for (const m of prev.modules) if (!newModules.has(m.path)) out.modulesRemoved.push(m.path);

  const oldScenarios = new Map(prev.scenarios.map((s) => [s.name, s]));
  const newNames = new Set(next.scenarios.map((s) => s.name));
  const added = next.scenarios.filter((s) => !oldScenarios.has(s.name));
  const removed = prev.scenarios.filter((s) => !newNames.has(s.name));
  for (const s of next.scenarios) {
    const old = oldScenarios.get(s.name);
    if (old && !same(old, s)) out.scenariosEdited.push(s.name);
  }
  for (const s of added) {
    const content = (x: typeof s) => ({ ...x, name: "" });
    const twin = removed.find((r) => same(content(r), content(s))) ?? removed.find((r) => prev.scenarios.indexOf(r) === next.scenarios.indexOf(s));
    if (twin) {
      removed.splice(removed.indexOf(twin), 1);
      out.scenariosRenamed.push({ from: twin.name, to: s.name });
      if (!same(content(twin), content(s))) out.scenariosEdited.push(s.name);
    } else out.scenariosAdded.push(s.name);
  }
  out.scenariosRemoved.push(...removed.map((s) => s.name));
  return out;
}

/** Whether a revision changed nothing (a save of the same document). */
export function isUnchanged(c: RevisionChanges): boolean {
  return describeRevision(c).length === 0;
}

/** The changes in plain words, one line per kind ("added hook “a”", "edited scenario “default”"). */
export function describeRevision(c: RevisionChanges): string[] {
  const q = (names: readonly string[]) => names.map((n) => `“${n}”`).join(", ");
  const r = (list: readonly { from: string; to: string }[]) => list.map((x) => `“${x.from}” → “${x.to}”`).join(", ");
  const lines: string[] = [];
  if (c.created) lines.push("created the pipeline");
  if (c.renamed) lines.push(`renamed the pipeline ${r([c.renamed])}`);
  if (c.hooksAdded.length) lines.push(`added hook ${q(c.hooksAdded)}`);
  if (c.hooksRemoved.length) lines.push(`deleted hook ${q(c.hooksRemoved)}`);
  if (c.hooksRenamed.length) lines.push(`renamed hook ${r(c.hooksRenamed)}`);
  if (c.hooksEdited.length) lines.push(`edited hook ${q(c.hooksEdited)}`);
  for (const t of c.hooksToggled) lines.push(`${t.enabled ? "enabled" : "disabled"} hook “${t.name}”`);
  if (c.hooksReordered.length) lines.push(`reordered the hooks of ${c.hooksReordered.join(", ")}`);
  if (c.hooksMoved.length) lines.push(`moved or re-prioritized hook ${q(c.hooksMoved)}`);
  if (c.modulesAdded.length) lines.push(`added module ${c.modulesAdded.join(", ")}`);
  if (c.modulesRemoved.length) lines.push(`deleted module ${c.modulesRemoved.join(", ")}`);
  if (c.modulesEdited.length) lines.push(`edited module ${c.modulesEdited.join(", ")}`);
  if (c.scenariosAdded.length) lines.push(`added scenario ${q(c.scenariosAdded)}`);
  if (c.scenariosRemoved.length) lines.push(`deleted scenario ${q(c.scenariosRemoved)}`);
  if (c.scenariosRenamed.length) lines.push(`renamed scenario ${r(c.scenariosRenamed)}`);
  if (c.scenariosEdited.length) lines.push(`edited scenario ${q(c.scenariosEdited)}`);
  if (c.settingsChanged) lines.push("changed the pipeline settings");
  return lines;
}
