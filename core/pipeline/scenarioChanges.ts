import type { PipelineChange } from "./changes";
import { clampIndex, insertAt, PipelineChangeError, type Doc } from "./changeSupport";
import type { Scenario } from "./schema";

/** The scenario edits of a pipeline (see {@link PipelineChange}): add, remove, rename, copy, move, update. */

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

export function applyScenarioChange(doc: Doc, change: ScenarioChange): Doc {
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

export function invertScenarioChange(doc: Doc, change: ScenarioChange): PipelineChange[] {
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

export type ScenarioChange =
  | AddScenarioChange
  | RemoveScenarioChange
  | RenameScenarioChange
  | DuplicateScenarioChange
  | MoveScenarioChange
  | UpdateScenarioChange;

export function isScenarioChange(change: PipelineChange): change is ScenarioChange {
  return change.type.endsWith("Scenario");
}

