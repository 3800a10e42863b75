import { scenarioSchema, type Scenario } from "~/core/pipeline/schema";

/** A scenario with a prompt to fill in and one plain reply: the smallest turn that runs. */
export function blankScenario(name: string): Scenario {
  return scenarioSchema.parse({
    name,
    prompt: "",
    model: { kind: "scripted", responses: [{ content: [{ type: "text", text: "Done." }], stopReason: "end_turn" }] },
  });
}
