import { PIPELINE_FORMAT, type PipelineInput } from "../pipeline/schema";

/** Claude Code: a Stop hook that sends Claude back once to run the tests, guarded by stop_hook_active (anthropics/claude-code #85547). */
export const claudeStopTests: PipelineInput = {
  format: PIPELINE_FORMAT,
  name: "Claude Code Stop hook: tests first",
  description:
    "Claude Code: a Stop hook blocks the first stop with \"Run npm test …\"; the reason goes back to Claude as \"Stop hook feedback\", the loop continues, Claude runs the tests, and the next Stop carries stop_hook_active: true, so the hook lets it stop. Without that check the host would stop it after 9 blocks in a row.",
  profile: "claude-code",
  hooks: [
    {
      id: "tests-first",
      point: "Stop",
      name: "tests-before-done",
      enabled: true,
      code: [
        'import type { HookJSONOutput, StopHookInput } from "@anthropic-ai/claude-agent-sdk";',
        "",
        "export default async (input: StopHookInput): Promise<HookJSONOutput | void> => {",
        "  // Already sent back once: let Claude stop, or the loop never ends.",
        "  if (input.stop_hook_active) return;",
        '  return { decision: "block", reason: "Run npm test and make sure the tests pass before you finish." };',
        "};",
        "",
      ].join("\n"),
    },
  ],
  scenarios: [
    {
      name: "done too early",
      description: "Claude says it is done; the hook sends it back once; it runs the tests and stops.",
      system: "You are Claude Code.",
      prompt: "Fix the add() bug.",
      model: {
        kind: "scripted",
        responses: [
          { content: [{ type: "text", text: "Fixed add() to use Number()." }], stopReason: "end_turn" },
          { content: [{ type: "tool_use", id: "toolu_test", name: "Bash", input: { command: "npm test" } }], stopReason: "tool_use" },
          { content: [{ type: "text", text: "All 3 tests pass." }], stopReason: "end_turn" },
        ],
      },
      tools: [{ name: "Bash", description: "Runs a shell command.", inputSchema: { type: "object" }, results: ["3 passing"] }],
      expectations: [
        { kind: "hookDecision", hookId: "tests-first", decision: "block", occurrence: 1, label: "the first stop is blocked" },
        { kind: "context", point: "Stop", path: "/input/stop_hook_active", occurrence: 2, op: "equals", value: true, label: "the second Stop has stop_hook_active" },
        { kind: "toolCall", name: "Bash", ran: true, input: { command: "npm test" }, label: "Claude runs the tests" },
        { kind: "exitReason", equals: "no_tool_calls" },
        { kind: "noHookFailed" },
      ],
    },
  ],
};
