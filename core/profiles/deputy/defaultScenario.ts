import type { ScenarioInput } from "../scenarioTypes";

/**
 * The scenario every new deputy pipeline starts with: a run starts (SessionStart,
 * UserPromptSubmit), the model reads a file (permissions allow it: PreToolUse, then PostToolUse)
 * and answers (Stop, SessionEnd).
 */
export const deputyDefaultScenario: ScenarioInput = {
  name: "default",
  description: "The agent reads DESCRIPTION with read_file under the standard permissions, then answers.",
  system: "You are a helpful R coding agent.",
  prompt: "Which packages does this project import?",
  hostContext: { permission_mode: "standard" },
  model: {
    kind: "scripted",
    responses: [
      { content: [{ type: "tool_use", id: "call_1", name: "read_file", input: { path: "DESCRIPTION" } }], stopReason: "tool_use" },
      { content: [{ type: "text", text: "It imports cli, R6 and ellmer." }], stopReason: "end_turn" },
    ],
  },
  tools: [
    {
      name: "read_file",
      description: "Reads a file in the working directory.",
      inputSchema: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
      results: ["Package: demo\nImports: cli, R6, ellmer"],
    },
  ],
  expectations: [{ kind: "exitReason", equals: "no_tool_calls" }, { kind: "noHookFailed" }],
};
