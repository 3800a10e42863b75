import type { ScenarioInput } from "../scenarioTypes";

/** The scenario every new mods pipeline starts with: the model runs Bash once, then answers (tool.call and classic.PreToolUse fire). */
export const modsDefaultScenario: ScenarioInput = {
  name: "default",
  description: "The model lists the project with Bash, then answers.",
  system: "You are Claude Code, Anthropic's official CLI for Claude.",
  prompt: "What is in this project?",
  model: {
    kind: "scripted",
    responses: [
      { content: [{ type: "tool_use", id: "toolu_ls", name: "Bash", input: { command: "ls", description: "List files" } }], stopReason: "tool_use" },
      { content: [{ type: "text", text: "The project has index.js and package.json." }], stopReason: "end_turn" },
    ],
  },
  tools: [
    {
      name: "Bash",
      description: "Executes a bash command.",
      inputSchema: { type: "object", properties: { command: { type: "string" }, description: { type: "string" } }, required: ["command"] },
      results: ["index.js\npackage.json"],
    },
  ],
  expectations: [{ kind: "exitReason", equals: "no_tool_calls" }, { kind: "noHookFailed" }],
};
