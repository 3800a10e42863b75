import type { ScenarioInput } from "../scenarioTypes";

/**
 * The scenario every new Codex pipeline starts with. It crosses every hook event the loop fires:
 * the session starts, the prompt is submitted, the model runs the shell (exec_command, seen by
 * hooks as Bash: PreToolUse, PostToolUse), then answers (Stop); the history is compacted once
 * (PreCompact, PostCompact).
 */
export const codexDefaultScenario: ScenarioInput = {
  name: "default",
  description: "The model lists files with exec_command (hooks see Bash), then answers; the history is compacted once.",
  system: "You are Codex, a coding agent.",
  prompt: "Check the project and tell me whether the tests pass.",
  history: [
    { role: "user", content: [{ type: "text", text: "Hi, I am working on a small Node project." }] },
    { role: "assistant", content: [{ type: "text", text: "Great, what can I do for you?" }] },
  ],
  model: {
    kind: "scripted",
    responses: [
      {
        content: [
          { type: "text", text: "Let me look at the project." },
          { type: "tool_use", id: "call_ls", name: "exec_command", input: { cmd: "ls" } },
        ],
        stopReason: "tool_use",
      },
      { content: [{ type: "text", text: "The project has index.js, package.json and test.js." }], stopReason: "end_turn" },
    ],
  },
  tools: [
    {
      name: "exec_command",
      description: "Runs a shell command (/bin/bash -lc).",
      inputSchema: { type: "object", properties: { cmd: { type: "string" }, workdir: { type: "string" } }, required: ["cmd"] },
      results: ["index.js\npackage.json\ntest.js"],
    },
  ],
  limits: { compactAtChars: 150 },
  expectations: [{ kind: "exitReason", equals: "no_tool_calls" }, { kind: "noHookFailed" }],
};
