import { commandRuntimeSchema, scriptLocationSchema, type CommandLanguage, type CommandRuntime, type HookRuntime, type ScriptLocation } from "./runtimeSchema";
import type { Hook, Pipeline, PipelineModule, Scenario } from "./schema";
import type { PipelineSettings } from "./settingsSchema";

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
/**
 * How a hook runs, and its code with it, in one step: a command runtime (with the script's source,
 * "" for a one-liner), a Python runtime (with the module), or null for a function (the field
 * removed; `code` then the function's). Switching function ↔ command ↔ Python is this one change,
 * so one undo brings both back.
 */
export interface SetHookRuntimeChange {
  type: "setHookRuntime";
  hookId: string;
  runtime: HookRuntime | null;
  code: string;
}
/**
 * A command hook's script language; `code`, `command` and `script`, when given, change with it
 * (a script still at its template becomes the new language's, a default command line follows).
 */
export interface SetHookCommandLanguageChange {
  type: "setHookCommandLanguage";
  hookId: string;
  language: CommandLanguage;
  code?: string;
  command?: string;
  script?: ScriptLocation | null;
}
/** A command hook's command line, as the host's configuration holds it. */
export interface SetHookCommandChange {
  type: "setHookCommand";
  hookId: string;
  command: string;
}
/** Where a command hook's script lives; null: a one-liner with no script. */
export interface SetHookScriptChange {
  type: "setHookScript";
  hookId: string;
  script: ScriptLocation | null;
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

/** Inserts `scenario`. `index` is the position in `scenarios` (default: the end). */
export interface AddScenarioChange {
  type: "addScenario";
  scenario: Scenario;
  index?: number;
}
export interface RemoveScenarioChange {
  type: "removeScenario";
  name: string;
}
export interface RenameScenarioChange {
  type: "renameScenario";
  name: string;
  newName: string;
}
/** Inserts a copy of scenario `name` right after it, called `newName`. */
export interface DuplicateScenarioChange {
  type: "duplicateScenario";
  name: string;
  newName: string;
}
/** Moves a scenario to `toIndex` in `scenarios` (the order the run panel lists them in). */
export interface MoveScenarioChange {
  type: "moveScenario";
  name: string;
  toIndex: number;
}
/**
 * Replaces some top-level fields of one scenario (prompt, model, tools, …). Field-sized rather
 * than whole-scenario, so undoing "add a tool" does not also revert a prompt typed since.
 * The name changes only through {@link RenameScenarioChange}.
 */
export interface UpdateScenarioChange {
  type: "updateScenario";
  name: string;
  patch: Partial<Omit<Scenario, "name">>;
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
  | SetHostSettingChange
  | SetSettingsChange
  | AddModuleChange
  | UpdateModuleCodeChange
  | RenameModuleChange
  | RemoveModuleChange;

export type PipelineChangeErrorCode =
  | "UNKNOWN_HOOK"
  | "DUPLICATE_HOOK_ID"
  | "UNKNOWN_MODULE"
  | "DUPLICATE_MODULE"
  | "UNKNOWN_SCENARIO"
  | "DUPLICATE_SCENARIO"
  | "EMPTY_SCENARIO_NAME"
  | "NOT_A_COMMAND_HOOK"
  | "INVALID_RUNTIME";

const errorMessages: Record<PipelineChangeErrorCode, (subject: string) => string> = {
  UNKNOWN_HOOK: (s) => `there is no hook with id "${s}"`,
  DUPLICATE_HOOK_ID: (s) => `a hook with id "${s}" already exists`,
  UNKNOWN_MODULE: (s) => `there is no module "${s}"`,
  DUPLICATE_MODULE: (s) => `a module "${s}" already exists`,
  UNKNOWN_SCENARIO: (s) => `there is no scenario "${s}"`,
  DUPLICATE_SCENARIO: (s) => `a scenario "${s}" already exists`,
  EMPTY_SCENARIO_NAME: () => "a scenario needs a name",
  NOT_A_COMMAND_HOOK: (s) => `hook "${s}" is a function hook: switch it to a command first`,
  INVALID_RUNTIME: (s) => s,
};

/** A change that does not fit the document it is applied to (a stale id, a taken path). */
export class PipelineChangeError extends Error {
  override name = "PipelineChangeError";
  constructor(
    readonly code: PipelineChangeErrorCode,
    readonly subject: string,
  ) {
    super(errorMessages[code](subject));
  }
}

type Doc = Readonly<Pipeline>;

function hookIndex(doc: Doc, hookId: string): number {
  const i = doc.hooks.findIndex((h) => h.id === hookId);
  if (i < 0) throw new PipelineChangeError("UNKNOWN_HOOK", hookId);
  return i;
}

function moduleIndex(doc: Doc, path: string): number {
  const i = doc.modules.findIndex((m) => m.path === path);
  if (i < 0) throw new PipelineChangeError("UNKNOWN_MODULE", path);
  return i;
}

function scenarioIndex(doc: Doc, name: string): number {
  const i = doc.scenarios.findIndex((s) => s.name === name);
  if (i < 0) throw new PipelineChangeError("UNKNOWN_SCENARIO", name);
  return i;
}

function assertFreeScenarioName(doc: Doc, name: string): void {
  if (name.trim() === "") throw new PipelineChangeError("EMPTY_SCENARIO_NAME", name);
  if (doc.scenarios.some((s) => s.name === name)) throw new PipelineChangeError("DUPLICATE_SCENARIO", name);
}

function replaceScenario(doc: Doc, i: number, scenario: Scenario): Doc {
  const scenarios = doc.scenarios.slice();
  scenarios[i] = scenario;
  return { ...doc, scenarios };
}

function applyScenarioChange(doc: Doc, change: ScenarioChange): Doc {
  switch (change.type) {
    case "addScenario":
      assertFreeScenarioName(doc, change.scenario.name);
      return { ...doc, scenarios: insertAt(doc.scenarios, clampIndex(change.index, doc.scenarios.length), change.scenario) };
    case "removeScenario": {
      const i = scenarioIndex(doc, change.name);
      return { ...doc, scenarios: doc.scenarios.filter((_, k) => k !== i) };
    }
    case "renameScenario": {
      const i = scenarioIndex(doc, change.name);
      if (change.newName === change.name) return doc;
      assertFreeScenarioName(doc, change.newName);
      return replaceScenario(doc, i, { ...(doc.scenarios[i] as Scenario), name: change.newName });
    }
    case "duplicateScenario": {
      const i = scenarioIndex(doc, change.name);
      assertFreeScenarioName(doc, change.newName);
      return { ...doc, scenarios: insertAt(doc.scenarios, i + 1, { ...(doc.scenarios[i] as Scenario), name: change.newName }) };
    }
    case "moveScenario": {
      const from = scenarioIndex(doc, change.name);
      const to = Math.max(0, Math.min(doc.scenarios.length - 1, Math.trunc(change.toIndex)));
      if (from === to) return doc;
      const scenarios = doc.scenarios.slice();
      const [moved] = scenarios.splice(from, 1);
      scenarios.splice(to, 0, moved as Scenario);
      return { ...doc, scenarios };
    }
    case "updateScenario": {
      const i = scenarioIndex(doc, change.name);
      const scenario = doc.scenarios[i] as Scenario;
      const keys = (Object.keys(change.patch) as (keyof typeof change.patch)[]).filter((k) => (k as string) !== "name");
      if (keys.every((k) => Object.is(scenario[k], change.patch[k]))) return doc;
      const next = { ...scenario };
      for (const k of keys) Object.assign(next, { [k]: change.patch[k] });
      return replaceScenario(doc, i, next);
    }
  }
}

function invertScenarioChange(doc: Doc, change: ScenarioChange): PipelineChange[] {
  switch (change.type) {
    case "addScenario":
      return [{ type: "removeScenario", name: change.scenario.name }];
    case "removeScenario": {
      const i = scenarioIndex(doc, change.name);
      return [{ type: "addScenario", scenario: doc.scenarios[i] as Scenario, index: i }];
    }
    case "renameScenario":
      scenarioIndex(doc, change.name);
      return [{ type: "renameScenario", name: change.newName, newName: change.name }];
    case "duplicateScenario":
      return [{ type: "removeScenario", name: change.newName }];
    case "moveScenario":
      return [{ type: "moveScenario", name: change.name, toIndex: scenarioIndex(doc, change.name) }];
    case "updateScenario": {
      const scenario = doc.scenarios[scenarioIndex(doc, change.name)] as Scenario;
      const before: Record<string, unknown> = {};
      for (const k of Object.keys(change.patch)) if (k !== "name") before[k] = scenario[k as keyof Scenario];
      return [{ type: "updateScenario", name: change.name, patch: before as UpdateScenarioChange["patch"] }];
    }
  }
}

type ScenarioChange =
  | AddScenarioChange
  | RemoveScenarioChange
  | RenameScenarioChange
  | DuplicateScenarioChange
  | MoveScenarioChange
  | UpdateScenarioChange;

function isScenarioChange(change: PipelineChange): change is ScenarioChange {
  return change.type.endsWith("Scenario");
}

function clampIndex(index: number | undefined, length: number): number {
  if (index === undefined) return length;
  return Math.max(0, Math.min(length, Math.trunc(index)));
}

function insertAt<T>(items: readonly T[], index: number, item: T): T[] {
  return [...items.slice(0, index), item, ...items.slice(index)];
}

/** Replaces one hook's fields; returns `doc` itself when every field is already equal. */
function patchHook(doc: Doc, hookId: string, patch: Partial<Hook>): Doc {
  const i = hookIndex(doc, hookId);
  const hook = doc.hooks[i] as Hook;
  const keys = Object.keys(patch) as (keyof Hook)[];
  if (keys.every((k) => Object.is(hook[k], patch[k]))) return doc;
  const hooks = doc.hooks.slice();
  hooks[i] = { ...hook, ...patch };
  return { ...doc, hooks };
}

/** `runtime` checked as the file format checks it; the error names the hook, the field and what is wrong. */
function checkedRuntime(hookId: string, runtime: HookRuntime): HookRuntime {
  if (runtime.kind !== "command") return runtime;
  const parsed = commandRuntimeSchema.safeParse(runtime);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.join(".") === "script.path" ? "script path" : issue?.path[0] === "command" ? "command line" : (issue?.path.join(".") ?? "runtime");
  throw new PipelineChangeError("INVALID_RUNTIME", `hook "${hookId}": ${field}: ${issue?.message ?? "invalid"}`);
}

function checkedScript(hookId: string, script: ScriptLocation | null): ScriptLocation | null {
  if (script === null) return null;
  const parsed = scriptLocationSchema.safeParse(script);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new PipelineChangeError("INVALID_RUNTIME", `hook "${hookId}": script ${issue?.path.join(".") || "location"}: ${issue?.message ?? "invalid"}`);
}

function commandRuntimeOf(doc: Doc, hookId: string): CommandRuntime {
  const runtime = (doc.hooks[hookIndex(doc, hookId)] as Hook).runtime;
  if (runtime?.kind !== "command") throw new PipelineChangeError("NOT_A_COMMAND_HOOK", hookId);
  return runtime;
}

function sameRuntime(a: HookRuntime | undefined, b: HookRuntime | undefined): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** Sets a hook's runtime (undefined: removes the field) and, when given, its code. */
function patchRuntime(doc: Doc, hookId: string, runtime: HookRuntime | undefined, code?: string): Doc {
  const i = hookIndex(doc, hookId);
  const hook = doc.hooks[i] as Hook;
  if (sameRuntime(hook.runtime, runtime) && (code === undefined || code === hook.code)) return doc;
  const { runtime: _old, ...rest } = hook;
  const next: Hook = { ...rest, ...(runtime ? { runtime } : {}), ...(code === undefined ? {} : { code }) };
  const hooks = doc.hooks.slice();
  hooks[i] = next;
  return { ...doc, hooks };
}

function applyRuntimeChange(doc: Doc, change: RuntimeChange): Doc {
  switch (change.type) {
    case "setHookRuntime":
      hookIndex(doc, change.hookId);
      return patchRuntime(doc, change.hookId, change.runtime ? checkedRuntime(change.hookId, change.runtime) : undefined, change.code);
    case "setHookCommandLanguage": {
      const current = commandRuntimeOf(doc, change.hookId);
      const next = checkedRuntime(change.hookId, {
        ...current,
        language: change.language,
        ...(change.command === undefined ? {} : { command: change.command }),
        ...(change.script === undefined ? {} : { script: change.script }),
      });
      return patchRuntime(doc, change.hookId, next, change.code);
    }
    case "setHookCommand": {
      const current = commandRuntimeOf(doc, change.hookId);
      return patchRuntime(doc, change.hookId, checkedRuntime(change.hookId, { ...current, command: change.command }));
    }
    case "setHookScript": {
      const current = commandRuntimeOf(doc, change.hookId);
      return patchRuntime(doc, change.hookId, { ...current, script: checkedScript(change.hookId, change.script) });
    }
  }
}

type RuntimeChange = SetHookRuntimeChange | SetHookCommandLanguageChange | SetHookCommandChange | SetHookScriptChange;

function isRuntimeChange(change: PipelineChange): change is RuntimeChange {
  return change.type === "setHookRuntime" || change.type === "setHookCommandLanguage" || change.type === "setHookCommand" || change.type === "setHookScript";
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
  if (isRuntimeChange(change)) {
    // Every runtime change is undone by putting back the runtime and the code it may have replaced.
    const hook = doc.hooks[hookIndex(doc, change.hookId)] as Hook;
    return [{ type: "setHookRuntime", hookId: change.hookId, runtime: hook.runtime ?? null, code: hook.code }];
  }
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
