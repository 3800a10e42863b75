import { clampIndex, hookIndex, insertAt, patchHook, PipelineChangeError, type Doc } from "./changeSupport";
import { applyRuntimeChange, invertRuntimeChange, isRuntimeChange, type SetHookCommandChange, type SetHookCommandLanguageChange, type SetHookRuntimeChange, type SetHookRuntimeTimeoutChange, type SetHookScriptChange } from "./runtimeChanges";
import {
  applyScenarioChange,
  invertScenarioChange,
  isScenarioChange,
  type AddScenarioChange,
  type DuplicateScenarioChange,
  type MoveScenarioChange,
  type RemoveScenarioChange,
  type RenameScenarioChange,
  type UpdateScenarioChange,
} from "./scenarioChanges";
import type { Hook, PipelineModule } from "./schema";
import type { PipelineSettings } from "./settingsSchema";

export { PipelineChangeError, type PipelineChangeErrorCode } from "./changeSupport";
export type { SetHookCommandChange, SetHookCommandLanguageChange, SetHookRuntimeChange, SetHookRuntimeTimeoutChange, SetHookScriptChange } from "./runtimeChanges";
export type { AddScenarioChange, DuplicateScenarioChange, MoveScenarioChange, RemoveScenarioChange, RenameScenarioChange, UpdateScenarioChange } from "./scenarioChanges";

/**
 * Edits of a pipeline document as data. The designer, undo/redo and tests all describe an edit
 * as a {@link PipelineChange} and apply it with {@link applyPipelineChanges}; nothing mutates a
 * document in place.
 *
 * Hook order: the `hooks` array is the registration order. The hooks of one point keep their
 * relative order in that array, which is what "index within a point" below refers to.
 */

/** Inserts `hook`. `index` is the position in the whole `hooks` array (default: the end). */
export interface AddHookChange {
  type: "addHook";
  hook: Hook;
  index?: number;
}
export interface RemoveHookChange {
  type: "removeHook";
  hookId: string;
}
export interface RenameHookChange {
  type: "renameHook";
  hookId: string;
  name: string;
}
/** Inserts a copy of `hookId` right after it, with a new id and name. */
export interface DuplicateHookChange {
  type: "duplicateHook";
  hookId: string;
  newId: string;
  name: string;
}
/** Moves a hook to `toIndex` among the hooks of its own point (0 = runs first in registration order). */
export interface MoveHookChange {
  type: "moveHook";
  hookId: string;
  toIndex: number;
}
export interface SetHookEnabledChange {
  type: "setHookEnabled";
  hookId: string;
  enabled: boolean;
}
export interface UpdateHookCodeChange {
  type: "updateHookCode";
  hookId: string;
  code: string;
}
export interface SetHookPriorityChange {
  type: "setHookPriority";
  hookId: string;
  priority: number | null;
}
export interface SetHookMatcherChange {
  type: "setHookMatcher";
  hookId: string;
  matcher: Hook["matcher"];
}
/** A hook's own per-handler budget (OpenClaw `timeoutMs`); null removes it (the host's default applies). */
export interface SetHookTimeoutChange {
  type: "setHookTimeout";
  hookId: string;
  timeoutMs: number | null;
}
/** What a failure of the hook does (Claude Code `onFailure`); null removes it (the host's default, continue, applies). */
export interface SetHookOnFailureChange {
  type: "setHookOnFailure";
  hookId: string;
  onFailure: "continue" | "block" | null;
}
/** A host plugin setting (OpenClaw `allowConversationAccess`); null removes it (the host's default applies). */
export interface SetHostSettingChange {
  type: "setHostSetting";
  id: string;
  value: boolean | null;
}
/** The pipeline's Settings (environment variables for the sandbox's simulated Node host); null removes them. */
export interface SetSettingsChange {
  type: "setSettings";
  settings: PipelineSettings | null;
}
/** Inserts `module`. `index` is the position in `modules` (default: the end). */
export interface AddModuleChange {
  type: "addModule";
  module: PipelineModule;
  index?: number;
}
export interface UpdateModuleCodeChange {
  type: "updateModuleCode";
  path: string;
  code: string;
}
export interface RenameModuleChange {
  type: "renameModule";
  path: string;
  newPath: string;
}
export interface RemoveModuleChange {
  type: "removeModule";
  path: string;
}

export type PipelineChange =
  | AddScenarioChange
  | RemoveScenarioChange
  | RenameScenarioChange
  | DuplicateScenarioChange
  | MoveScenarioChange
  | UpdateScenarioChange
  | AddHookChange
  | RemoveHookChange
  | RenameHookChange
  | DuplicateHookChange
  | MoveHookChange
  | SetHookEnabledChange
  | UpdateHookCodeChange
  | SetHookPriorityChange
  | SetHookMatcherChange
  | SetHookTimeoutChange
  | SetHookOnFailureChange
  | SetHookRuntimeChange
  | SetHookCommandLanguageChange
  | SetHookCommandChange
  | SetHookScriptChange
  | SetHookRuntimeTimeoutChange
  | SetHostSettingChange
  | SetSettingsChange
  | AddModuleChange
  | UpdateModuleCodeChange
  | RenameModuleChange
  | RemoveModuleChange;

function moduleIndex(doc: Doc, path: string): number {
  const i = doc.modules.findIndex((m) => m.path === path);
  if (i < 0) throw new PipelineChangeError("UNKNOWN_MODULE", path);
  return i;
}

function moveHook(doc: Doc, hookId: string, toIndex: number): Doc {
  const hook = doc.hooks[hookIndex(doc, hookId)] as Hook;
  // Slots in the global array that belong to this point; the other points' hooks stay where they are.
  const slots: number[] = [];
  doc.hooks.forEach((h, i) => {
    if (h.point === hook.point) slots.push(i);
  });
  const group = slots.map((i) => doc.hooks[i] as Hook);
  const from = group.indexOf(hook);
  const to = Math.max(0, Math.min(group.length - 1, Math.trunc(toIndex)));
  if (from === to) return doc;
  group.splice(from, 1);
  group.splice(to, 0, hook);
  const hooks = doc.hooks.slice();
  slots.forEach((slot, k) => {
    hooks[slot] = group[k] as Hook;
  });
  return { ...doc, hooks };
}

function applyOne(doc: Doc, change: PipelineChange): Doc {
  if (isScenarioChange(change)) return applyScenarioChange(doc, change);
  if (isRuntimeChange(change)) return applyRuntimeChange(doc, change);
  switch (change.type) {
    case "addHook": {
      if (doc.hooks.some((h) => h.id === change.hook.id)) throw new PipelineChangeError("DUPLICATE_HOOK_ID", change.hook.id);
      return { ...doc, hooks: insertAt(doc.hooks, clampIndex(change.index, doc.hooks.length), change.hook) };
    }
    case "removeHook": {
      const i = hookIndex(doc, change.hookId);
      return { ...doc, hooks: doc.hooks.filter((_, k) => k !== i) };
    }
    case "duplicateHook": {
      const i = hookIndex(doc, change.hookId);
      if (doc.hooks.some((h) => h.id === change.newId)) throw new PipelineChangeError("DUPLICATE_HOOK_ID", change.newId);
      const copy: Hook = { ...(doc.hooks[i] as Hook), id: change.newId, name: change.name };
      return { ...doc, hooks: insertAt(doc.hooks, i + 1, copy) };
    }
    case "moveHook":
      return moveHook(doc, change.hookId, change.toIndex);
    case "renameHook":
      return patchHook(doc, change.hookId, { name: change.name });
    case "setHookEnabled":
      return patchHook(doc, change.hookId, { enabled: change.enabled });
    case "updateHookCode":
      return patchHook(doc, change.hookId, { code: change.code });
    case "setHookPriority":
      return patchHook(doc, change.hookId, { priority: change.priority });
    case "setHookMatcher":
      return patchHook(doc, change.hookId, { matcher: change.matcher });
    case "setHookTimeout": {
      const i = hookIndex(doc, change.hookId);
      const hook = doc.hooks[i] as Hook;
      if ((hook.timeoutMs ?? null) === change.timeoutMs) return doc;
      const { timeoutMs: _old, ...rest } = hook;
      const hooks = doc.hooks.slice();
      hooks[i] = change.timeoutMs === null ? rest : { ...rest, timeoutMs: change.timeoutMs };
      return { ...doc, hooks };
    }
    case "setHookOnFailure": {
      const i = hookIndex(doc, change.hookId);
      const hook = doc.hooks[i] as Hook;
      if ((hook.onFailure ?? null) === change.onFailure) return doc;
      const { onFailure: _old, ...rest } = hook;
      const hooks = doc.hooks.slice();
      hooks[i] = change.onFailure === null ? rest : { ...rest, onFailure: change.onFailure };
      return { ...doc, hooks };
    }
    case "setHostSetting": {
      const current = doc.hostSettings?.[change.id] ?? null;
      if (current === change.value) return doc;
      const { [change.id]: _old, ...others } = doc.hostSettings ?? {};
      const hostSettings = change.value === null ? others : { ...others, [change.id]: change.value };
      if (Object.keys(hostSettings).length > 0) return { ...doc, hostSettings };
      const { hostSettings: _gone, ...rest } = doc;
      return rest;
    }
    case "setSettings": {
      if (change.settings === null) {
        const { settings: _gone, ...rest } = doc;
        return rest;
      }
      return { ...doc, settings: change.settings };
    }
    case "addModule": {
      if (doc.modules.some((m) => m.path === change.module.path)) throw new PipelineChangeError("DUPLICATE_MODULE", change.module.path);
      return { ...doc, modules: insertAt(doc.modules, clampIndex(change.index, doc.modules.length), change.module) };
    }
    case "updateModuleCode":
    case "renameModule": {
      const i = moduleIndex(doc, change.path);
      const mod = doc.modules[i] as PipelineModule;
      const next: PipelineModule =
        change.type === "updateModuleCode" ? { ...mod, code: change.code } : { ...mod, path: change.newPath };
      if (next.code === mod.code && next.path === mod.path) return doc;
      if (next.path !== mod.path && doc.modules.some((m) => m.path === next.path)) {
        throw new PipelineChangeError("DUPLICATE_MODULE", next.path);
      }
      const modules = doc.modules.slice();
      modules[i] = next;
      return { ...doc, modules };
    }
    case "removeModule": {
      const i = moduleIndex(doc, change.path);
      return { ...doc, modules: doc.modules.filter((_, k) => k !== i) };
    }
  }
}

/**
 * Applies changes in order and returns the new document.
 *
 * Unchanged hooks and modules keep their identity, and when no change alters anything the very
 * same `doc` object is returned, so selector-based subscribers and memoised views skip work.
 *
 * @param doc - the document to start from; never mutated.
 * @param changes - applied one after the other, each seeing the previous one's result.
 * @returns the resulting document (`doc` itself when nothing changed).
 * @throws {@link PipelineChangeError} `UNKNOWN_HOOK`/`UNKNOWN_MODULE`/`UNKNOWN_SCENARIO` when a
 *   change names an id, path or scenario the document does not have,
 *   `DUPLICATE_HOOK_ID`/`DUPLICATE_MODULE`/`DUPLICATE_SCENARIO` when an add, duplicate or rename
 *   would create a second hook id, module path or scenario name, `EMPTY_SCENARIO_NAME` for a
 *   scenario named "", `NOT_A_COMMAND_HOOK` for a command-line, script or language change on a
 *   function hook, `INVALID_RUNTIME` for an empty command line or a script path that is absolute
 *   or contains `..` (the message names the hook and the field).
 * @example
 * const next = applyPipelineChanges(doc, [{ type: "setHookEnabled", hookId: "h1", enabled: false }]);
 */
export function applyPipelineChanges<TDoc extends Doc>(doc: TDoc, changes: readonly PipelineChange[]): TDoc {
  let out: Doc = doc;
  for (const change of changes) out = applyOne(out, change);
  return out as TDoc;
}

/**
 * The changes that undo `change`, computed against the document it is about to be applied to.
 *
 * @param doc - the document before `change`.
 * @returns changes that, applied after `change`, give back a document equal to `doc`.
 * @throws {@link PipelineChangeError} when `change` does not fit `doc` (as {@link applyPipelineChanges}).
 */
export function invertPipelineChange(doc: Doc, change: PipelineChange): PipelineChange[] {
  if (isScenarioChange(change)) return invertScenarioChange(doc, change);
  if (isRuntimeChange(change)) return invertRuntimeChange(doc, change);
  switch (change.type) {
    case "addHook":
      return [{ type: "removeHook", hookId: change.hook.id }];
    case "removeHook": {
      const i = hookIndex(doc, change.hookId);
      return [{ type: "addHook", hook: doc.hooks[i] as Hook, index: i }];
    }
    case "duplicateHook":
      return [{ type: "removeHook", hookId: change.newId }];
    case "moveHook": {
      const hook = doc.hooks[hookIndex(doc, change.hookId)] as Hook;
      const from = doc.hooks.filter((h) => h.point === hook.point).indexOf(hook);
      return [{ type: "moveHook", hookId: change.hookId, toIndex: from }];
    }
    case "renameHook":
    case "setHookEnabled":
    case "updateHookCode":
    case "setHookPriority":
    case "setHookMatcher": {
      const hook = doc.hooks[hookIndex(doc, change.hookId)] as Hook;
      const id = change.hookId;
      if (change.type === "renameHook") return [{ type: "renameHook", hookId: id, name: hook.name }];
      if (change.type === "setHookEnabled") return [{ type: "setHookEnabled", hookId: id, enabled: hook.enabled }];
      if (change.type === "updateHookCode") return [{ type: "updateHookCode", hookId: id, code: hook.code }];
      if (change.type === "setHookPriority") return [{ type: "setHookPriority", hookId: id, priority: hook.priority }];
      return [{ type: "setHookMatcher", hookId: id, matcher: hook.matcher }];
    }
    case "setHookTimeout": {
      const hook = doc.hooks[hookIndex(doc, change.hookId)] as Hook;
      return [{ type: "setHookTimeout", hookId: change.hookId, timeoutMs: hook.timeoutMs ?? null }];
    }
    case "setHookOnFailure": {
      const hook = doc.hooks[hookIndex(doc, change.hookId)] as Hook;
      return [{ type: "setHookOnFailure", hookId: change.hookId, onFailure: hook.onFailure ?? null }];
    }
    case "setHostSetting":
      return [{ type: "setHostSetting", id: change.id, value: doc.hostSettings?.[change.id] ?? null }];
    case "setSettings":
      return [{ type: "setSettings", settings: doc.settings ?? null }];
    case "addModule":
      return [{ type: "removeModule", path: change.module.path }];
    case "updateModuleCode": {
      const mod = doc.modules[moduleIndex(doc, change.path)] as PipelineModule;
      return [{ type: "updateModuleCode", path: change.path, code: mod.code }];
    }
    case "renameModule":
      moduleIndex(doc, change.path);
      return [{ type: "renameModule", path: change.newPath, newPath: change.path }];
    case "removeModule": {
      const i = moduleIndex(doc, change.path);
      return [{ type: "addModule", module: doc.modules[i] as PipelineModule, index: i }];
    }
  }
}

/**
 * Applies `changes` and also returns the changes that undo them (in the order to apply them).
 *
 * @throws {@link PipelineChangeError} as {@link applyPipelineChanges}.
 */
export function applyPipelineChangesWithInverse<TDoc extends Doc>(
  doc: TDoc,
  changes: readonly PipelineChange[],
): { doc: TDoc; inverse: PipelineChange[] } {
  let out: Doc = doc;
  const inverse: PipelineChange[] = [];
  for (const change of changes) {
    inverse.unshift(...invertPipelineChange(out, change));
    out = applyOne(out, change);
  }
  return { doc: out as TDoc, inverse };
}

/** The hooks of one point in registration order. */
export function hooksAtPoint(doc: Doc, point: string): Hook[] {
  return doc.hooks.filter((h) => h.point === point);
}

/** `base`, or `base-2`, `base-3`, … whichever is not yet a hook id. */
export function uniqueHookId(doc: Doc, base: string): string {
  const stem = slug(base) || "hook";
  const taken = new Set(doc.hooks.map((h) => h.id));
  if (!taken.has(stem)) return stem;
  for (let n = 2; ; n++) if (!taken.has(`${stem}-${n}`)) return `${stem}-${n}`;
}

/** `base`, or `base-2`, … whichever no hook on `point` is called yet. */
export function uniqueHookName(doc: Doc, point: string, base: string): string {
  const taken = new Set(hooksAtPoint(doc, point).map((h) => h.name));
  if (!taken.has(base)) return base;
  const stem = base.replace(/-\d+$/, "");
  for (let n = 2; ; n++) if (!taken.has(`${stem}-${n}`)) return `${stem}-${n}`;
}

/** `base`, or `base 2`, `base 3`, … whichever no scenario is called yet. */
export function uniqueScenarioName(doc: Doc, base: string): string {
  const taken = new Set(doc.scenarios.map((s) => s.name));
  const stem = base.trim() || "scenario";
  if (!taken.has(stem)) return stem;
  const root = stem.replace(/ \d+$/, "");
  for (let n = 2; ; n++) if (!taken.has(`${root} ${n}`)) return `${root} ${n}`;
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
}
