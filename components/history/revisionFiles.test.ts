import { describe, expect, it } from "vitest";
import { pipelineSchema, type Pipeline } from "~/core/pipeline/schema";
import { pairRevisionFiles, revisionFiles } from "./revisionFiles";

const base: Pipeline = pipelineSchema.parse({
  format: "hookwright.pipeline/v1",
  name: "P",
  profile: "vellum",
  hooks: [
    { id: "h1", point: "pre-model-call", name: "be-concise", code: "export default () => {};" },
    { id: "h2", point: "post-model-call", name: "audit", code: "// audit" },
  ],
  modules: [{ path: "src/util.ts", code: "export const x = 1;" }],
  scenarios: [{ name: "default", prompt: "Hi", model: { kind: "scripted", responses: [] } }],
});

describe("pairRevisionFiles", () => {
  it("marks a renamed and edited hook as one changed file, a removed module and an added scenario", () => {
    const next: Pipeline = {
      ...base,
      hooks: [{ ...(base.hooks[0] as Pipeline["hooks"][number]), name: "short", code: "export default () => ({});" }, base.hooks[1] as Pipeline["hooks"][number]],
      modules: [],
      scenarios: [...base.scenarios, { ...(base.scenarios[0] as Pipeline["scenarios"][number]), name: "second" }],
    };
    const pairs = pairRevisionFiles(revisionFiles(base), revisionFiles(next));
    expect(pairs.map((p) => [p.label, p.change])).toEqual([
      ["pipeline.json", "same"],
      ["hooks/pre-model-call/be-concise.ts → hooks/pre-model-call/short.ts", "changed"],
      ["hooks/post-model-call/audit.ts", "same"],
      ["scenarios/default.json", "same"],
      ["scenarios/second.json", "added"],
      ["src/util.ts", "removed"],
    ]);
    const hook = pairs[1];
    expect(hook?.original.split("\n")[1]).toBe("export default () => {};");
    expect(hook?.modified.split("\n")[1]).toBe("export default () => ({});");
  });

  it("shows a disabled hook as a change of its header line", () => {
    const next: Pipeline = { ...base, hooks: base.hooks.map((h) => (h.id === "h2" ? { ...h, enabled: false } : h)) };
    const audit = pairRevisionFiles(revisionFiles(base), revisionFiles(next)).find((p) => p.key === "hook:h2");
    expect(audit?.change).toBe("changed");
    expect(audit?.modified.split("\n")[0]).toContain('"enabled": false');
  });
});
