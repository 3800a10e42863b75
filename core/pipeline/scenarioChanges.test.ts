import { describe, expect, it } from "vitest";
import { applyPipelineChanges, applyPipelineChangesWithInverse, PipelineChangeError, uniqueScenarioName, type PipelineChange } from "./changes";
import { pipelineSchema, PIPELINE_FORMAT, scenarioSchema, type Pipeline, type Scenario } from "./schema";

const scenario = (name: string, prompt = `ask ${name}`): Scenario =>
  scenarioSchema.parse({ name, prompt, model: { kind: "scripted", responses: [{ content: [{ type: "text", text: "ok" }] }] } });

const doc: Pipeline = pipelineSchema.parse({
  format: PIPELINE_FORMAT,
  name: "Scenarios",
  profile: "vellum",
  scenarios: [scenario("one"), scenario("two"), scenario("three")],
});

const names = (d: Pipeline) => d.scenarios.map((s) => s.name);

/** Applies a change, then its inverse, and expects the original document back. */
function roundTrip(change: PipelineChange): Pipeline {
  const { doc: next, inverse } = applyPipelineChangesWithInverse(doc, [change]);
  expect(applyPipelineChanges(next, inverse)).toEqual(doc);
  return next;
}

describe("scenario changes", () => {
  it("adds a scenario at the end or at an index, and undoes it", () => {
    expect(names(roundTrip({ type: "addScenario", scenario: scenario("four") }))).toEqual(["one", "two", "three", "four"]);
    expect(names(roundTrip({ type: "addScenario", scenario: scenario("four"), index: 0 }))).toEqual(["four", "one", "two", "three"]);
  });

  it("refuses a second scenario with the same name, and an empty name", () => {
    expect(() => applyPipelineChanges(doc, [{ type: "addScenario", scenario: scenario("two") }])).toThrow(new PipelineChangeError("DUPLICATE_SCENARIO", "two"));
    expect(() => applyPipelineChanges(doc, [{ type: "renameScenario", name: "one", newName: "  " }])).toThrow("a scenario needs a name");
    expect(() => applyPipelineChanges(doc, [{ type: "duplicateScenario", name: "one", newName: "three" }])).toThrow('a scenario "three" already exists');
  });

  it("removes a scenario and puts it back where it was on undo", () => {
    expect(names(roundTrip({ type: "removeScenario", name: "two" }))).toEqual(["one", "three"]);
  });

  it("renames, duplicates right after the original, and moves", () => {
    expect(names(roundTrip({ type: "renameScenario", name: "two", newName: "deux" }))).toEqual(["one", "deux", "three"]);
    const dup = roundTrip({ type: "duplicateScenario", name: "one", newName: "one 2" });
    expect(names(dup)).toEqual(["one", "one 2", "two", "three"]);
    expect(dup.scenarios[1]?.prompt).toBe("ask one");
    expect(names(roundTrip({ type: "moveScenario", name: "three", toIndex: 0 }))).toEqual(["three", "one", "two"]);
    expect(names(roundTrip({ type: "moveScenario", name: "one", toIndex: 99 }))).toEqual(["two", "three", "one"]);
  });

  it("updates only the patched fields and undoes only those", () => {
    const next = roundTrip({ type: "updateScenario", name: "two", patch: { prompt: "changed", seed: 7 } });
    expect(next.scenarios[1]).toMatchObject({ name: "two", prompt: "changed", seed: 7, system: null });
    expect(next.scenarios[0]).toBe(doc.scenarios[0]);
    // Undoing the seed change after the prompt was typed again keeps the new prompt.
    const { doc: seeded, inverse } = applyPipelineChangesWithInverse(doc, [{ type: "updateScenario", name: "two", patch: { seed: 9 } }]);
    const typed = applyPipelineChanges(seeded, [{ type: "updateScenario", name: "two", patch: { prompt: "typed later" } }]);
    expect(applyPipelineChanges(typed, inverse).scenarios[1]).toMatchObject({ prompt: "typed later", seed: 1 });
  });

  it("returns the same document when nothing changes", () => {
    expect(applyPipelineChanges(doc, [{ type: "updateScenario", name: "one", patch: { prompt: "ask one" } }])).toBe(doc);
    expect(applyPipelineChanges(doc, [{ type: "renameScenario", name: "one", newName: "one" }])).toBe(doc);
    expect(applyPipelineChanges(doc, [{ type: "moveScenario", name: "one", toIndex: 0 }])).toBe(doc);
  });

  it("names an unknown scenario", () => {
    expect(() => applyPipelineChanges(doc, [{ type: "removeScenario", name: "ghost" }])).toThrow('there is no scenario "ghost"');
  });
});

describe("uniqueScenarioName", () => {
  it("numbers a taken name", () => {
    expect(uniqueScenarioName(doc, "four")).toBe("four");
    expect(uniqueScenarioName(doc, "one")).toBe("one 2");
    const withTwo = applyPipelineChanges(doc, [{ type: "addScenario", scenario: scenario("one 2") }]);
    expect(uniqueScenarioName(withTwo, "one 2")).toBe("one 3");
    expect(uniqueScenarioName(doc, " ")).toBe("scenario");
  });
});
