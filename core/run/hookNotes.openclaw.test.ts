import { describe, expect, it } from "vitest";
import { runPipelineInProcess } from "../expectations/testing";
import { examplePipelines } from "../examples";
import { explainHooks } from "./hookNotes";

describe("why an OpenClaw hook did not run", () => {
  it("names the loader's reason for a hook the plugin settings gate off, and says nothing for hooks that ran", async () => {
    const example = examplePipelines.find((p) => p.name === "Prompt context by priority");
    if (!example) throw new Error("example");
    const { pipeline, events } = await runPipelineInProcess({ ...example, hostSettings: { allowConversationAccess: false } });
    const notes = explainHooks({ pipeline, events });
    expect(notes.find((n) => n.hookId === "cite-sources")?.message).toBe(
      'Gated off by the host\'s plugin settings: the loader drops it: typed hook "before_prompt_build" blocked because non-bundled plugins must set plugins.entries.prompt-context-by-priority.hooks.allowConversationAccess=true.',
    );
    const on = await runPipelineInProcess(example);
    expect(explainHooks({ pipeline: on.pipeline, events: on.events }).filter((n) => !n.fired)).toEqual([]);
  });
});
