import { describe, expect, it } from "vitest";
import { examplePipelines } from "../examples";
import { parsePipeline } from "../pipeline/parsePipeline";
import type { Pipeline, PipelineInput } from "../pipeline/schema";
import { describeRevision, isUnchanged, summarizeRevision } from "./summarize";

function doc(input: PipelineInput): Pipeline {
  const parsed = parsePipeline(input);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return parsed.value;
}

const gate = doc(examplePipelines.find((p) => p.name === "Dangerous shell command gate") as PipelineInput);
const extra = (id: string, name: string, point = "before_tool_call") => ({ id, point, name, enabled: true, code: "export default async function () {}", priority: null, matcher: null });

describe("summarizeRevision", () => {
  it("a first revision is 'created'; the same document twice is unchanged", () => {
    expect(describeRevision(summarizeRevision(null, gate))).toEqual(["created the pipeline"]);
    expect(isUnchanged(summarizeRevision(gate, structuredClone(gate)))).toBe(true);
  });

  it("names hooks added, removed, renamed, edited, toggled, reordered and moved", () => {
    const prev: Pipeline = { ...gate, hooks: [...gate.hooks, extra("a", "alpha"), extra("b", "beta"), extra("c", "gamma")] };
    const [gateHook, a, b, c] = prev.hooks as [Pipeline["hooks"][number], ...Pipeline["hooks"]];
    if (!gateHook || !a || !b || !c) throw new Error("setup");
    const next: Pipeline = {
      ...prev,
      name: "Gate v2",
      hooks: [{ ...gateHook, code: `${gateHook.code}\n// more` }, { ...b, name: "beta2", enabled: false }, { ...a, priority: 5 }, extra("d", "delta")],
    };
    const changes = summarizeRevision(prev, next);
    expect(changes).toMatchObject({
      renamed: { from: "Dangerous shell command gate", to: "Gate v2" },
      hooksAdded: ["delta"],
      hooksRemoved: ["gamma"],
      hooksEdited: ["dangerous-command-gate"],
      hooksRenamed: [{ from: "beta", to: "beta2" }],
      hooksToggled: [{ name: "beta2", enabled: false }],
      hooksReordered: ["before_tool_call"],
      hooksMoved: ["alpha"],
      settingsChanged: false,
    });
    expect(describeRevision(changes)).toEqual([
      "renamed the pipeline “Dangerous shell command gate” → “Gate v2”",
      "added hook “delta”",
      "deleted hook “gamma”",
      "renamed hook “beta” → “beta2”",
      "edited hook “dangerous-command-gate”",
      "disabled hook “beta2”",
      "reordered the hooks of before_tool_call",
      "moved or re-prioritized hook “alpha”",
    ]);
  });

  it("names module and scenario changes; a scenario that only changed its name is a rename", () => {
    const [scenario] = gate.scenarios;
    if (!scenario) throw new Error("setup");
    const prev: Pipeline = { ...gate, scenarios: [scenario, { ...scenario, name: "old" }, { ...scenario, name: "gone", prompt: "bye" }] };
    const next: Pipeline = {
      ...prev,
      description: "changed",
      modules: [{ path: "src/dangerous.ts", code: "export const isDangerousCommand = () => true;" }, { path: "src/new.ts", code: "" }],
      scenarios: [{ ...scenario, prompt: "Different." }, { ...scenario, name: "new name" }, { ...scenario, name: "fresh", prompt: "hello", system: "x" }],
    };
    expect(describeRevision(summarizeRevision(prev, next))).toEqual([
      "added module src/new.ts",
      "edited module src/dangerous.ts",
      "renamed scenario “old” → “new name”, “gone” → “fresh”",
      "edited scenario “cleanup request”, “fresh”",
      "changed the pipeline settings",
    ]);
  });
});
