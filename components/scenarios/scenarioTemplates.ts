import { scenarioSchema, type Scenario } from "~/core/pipeline/schema";
import { getDefaultScenario } from "~/core/profiles/scenarios";

/** A scenario with a prompt to fill in and one plain reply: the smallest turn that runs. */
export function blankScenario(name: string): Scenario {
  return scenarioSchema.parse({
    name,
    prompt: "",
    model: { kind: "scripted", responses: [{ content: [{ type: "text", text: "Done." }], stopReason: "end_turn" }] },
  });
}

/** The scenario a new pipeline of this profile starts with (crossing every hook point), or null. */
export function profileTemplate(profileId: string): Scenario | null {
  const input = getDefaultScenario(profileId);
  return input ? scenarioSchema.parse(input) : null;
}
