import type { ScenarioInput } from "../scenarioTypes";

/**
 * The scenario every new Claude Code pipeline starts with. It crosses every hook event the loop
 * fires: the session starts, the prompt is submitted, the model runs Bash (PreToolUse,
 * PostToolUse), a command that fails (PostToolUseFailure) and a subagent (SubagentStart /
 * SubagentStop) in one batch (PostToolBatch), then answers (Stop); the history is compacted
 * once (PreCompact, PostCompact); the turn ends (Notification, SessionEnd). PermissionRequest
 * fires only when a hook asks, StopFailure only on an API error.
 */
export const claudeCodeDefaultScenario: ScenarioInput = {
  name: "default",
  description: "The model lists files with Bash, runs a failing test, asks a subagent to review, then answers; the history is compacted once.",
  system: "You are Claude Code, an AI coding assistant.",
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
          { type: "tool_use", id: "toolu_ls", name: "Bash", input: { command: "ls", description: "List files" } },
          { type: "tool_use", id: "toolu_test", name: "Test", input: { command: "npm test" } },
          { type: "tool_use", id: "toolu_task", name: "Task", input: { description: "Review", prompt: "Review index.js", subagent_type: "code-reviewer" } },
        ],
        stopReason: "tool_use",
      },
      { content: [{ type: "text", text: "One test fails: add() returns a string. The reviewer suggests Number()." }], stopReason: "end_turn" },
    ],
  },
  tools: [
    { name: "Bash", description: "Runs a shell command.", inputSchema: { type: "object", properties: { command: { type: "string" } }, required: ["command"] }, results: ["index.js\npackage.json\ntest.js"] },
    { name: "Test", description: "Runs the test suite.", inputSchema: { type: "object", properties: { command: { type: "string" } } }, results: [{ content: "1 failing: add(1, 2) returned '12'", isError: true }] },
    { name: "Task", description: "Runs a subagent.", inputSchema: { type: "object", properties: { prompt: { type: "string" } } }, results: ["add() concatenates strings; wrap its arguments in Number()."] },
  ],
  limits: { compactAtChars: 300 },
  expectations: [{ kind: "exitReason", equals: "no_tool_calls" }, { kind: "noHookFailed" }],
};
