import type { ContentBlock, Message, Scenario } from "../pipeline/schema";
import type { HostTranslation } from "./types";

/**
 * A scenario in the target host's terms: the model's tools renamed and their inputs reshaped
 * (`Bash {command}` → `exec_command {cmd}`) in the scripted replies, the history, the tool
 * definitions and toolCall expectations. Results, prompts and everything else carry over as they are.
 */
export function translateScenario(scenario: Scenario, t: HostTranslation): Scenario {
  const block = (b: ContentBlock): ContentBlock => {
    if (b.type !== "tool_use") return b;
    const to = t.modelTools[b.name];
    return to ? { ...b, name: to.name, input: to.input(b.input) } : b;
  };
  const message = (m: Message): Message => ({ ...m, content: m.content.map(block) });
  const model: Scenario["model"] =
    scenario.model.kind === "scripted" ? { ...scenario.model, responses: scenario.model.responses.map((r) => ("error" in r ? r : { ...r, content: r.content.map(block) })) } : scenario.model;
  return {
    ...scenario,
    history: scenario.history.map(message),
    model,
    tools: scenario.tools.map((tool) => {
      const to = t.modelTools[tool.name];
      return to ? { ...tool, name: to.name, inputSchema: to.inputSchema } : tool;
    }),
    ...(scenario.expectations
      ? {
          expectations: scenario.expectations.map((e) => {
            if (e.kind !== "toolCall") return e;
            const to = t.modelTools[e.name];
            return to ? { ...e, name: to.name, ...(e.input ? { input: to.input(e.input) as typeof e.input } : {}) } : e;
          }),
        }
      : {}),
  };
}

/** The name a source model tool has on the target (itself when the table does not rename it). */
export function targetToolName(name: string, t: HostTranslation): string {
  return t.modelTools[name]?.name ?? name;
}
