import type { ScenarioInput } from "../scenarioTypes";

/**
 * The scenario every new registry pipeline starts with: it crosses each of the five hook points.
 * The model first asks for a destructive command (the call a before_tool_call gate is for), then a
 * harmless one, then answers; session_start, before_prompt_build per call, after_tool_call per
 * result and agent_done fire on the way.
 */
export const registryDefaultScenario: ScenarioInput = {
  name: "default",
  description: "The model tries `rm -rf ./build` (a call a gate should stop), then lists the folder, then answers.",
  system: "You are a careful DevOps assistant.",
  prompt: "Clean up the build folder.",
  model: {
    kind: "scripted",
    responses: [
      {
        content: [
          { type: "text", text: "I'll remove it." },
          { type: "tool_use", id: "toolu_rm", name: "terminal", input: { command: "rm -rf ./build" } },
        ],
        stopReason: "tool_use",
      },
      { content: [{ type: "tool_use", id: "toolu_ls", name: "terminal", input: { command: "ls ./build" } }], stopReason: "tool_use" },
      { content: [{ type: "text", text: "The build folder holds app.js and app.js.map." }], stopReason: "end_turn" },
    ],
  },
  tools: [
    {
      name: "terminal",
      description: "Runs a shell command.",
      inputSchema: { type: "object", properties: { command: { type: "string" } }, required: ["command"] },
      results: ["removed ./build", "app.js\napp.js.map"],
    },
  ],
  expectations: [{ kind: "exitReason", equals: "no_tool_calls" }, { kind: "noHookFailed" }],
};
