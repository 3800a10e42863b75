import { PIPELINE_FORMAT, type PipelineInput } from "../pipeline/schema";

const hook = (id: string, name: string, rewrite: string, note: string) => ({
  id,
  point: "PreToolUse",
  name,
  enabled: true,
  matcher: "Bash",
  code: [
    'import type { HookJSONOutput, PreToolUseHookInput, PreToolUseHookSpecificOutput } from "@anthropic-ai/claude-agent-sdk";',
    "",
    `// ${note}`,
    "export default async (input: PreToolUseHookInput): Promise<HookJSONOutput<PreToolUseHookSpecificOutput> | void> => {",
    '  const command = (input.tool_input as { command?: string }).command ?? "";',
    `  return { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow", updatedInput: { command: ${rewrite} } } };`,
    "};",
    "",
  ].join("\n"),
});

const scenario = (name: string, completionOrder: "declared" | "reverse", command: string) => ({
  name,
  description: `Completion order ${completionOrder}: the hook that completes last rewrites the command, the other's rewrite is lost.`,
  system: "You are Claude Code.",
  prompt: "Run the tests.",
  completionOrder,
  model: {
    kind: "scripted" as const,
    responses: [
      { content: [{ type: "tool_use" as const, id: "toolu_test", name: "Bash", input: { command: "npm test" } }], stopReason: "tool_use" as const },
      { content: [{ type: "text" as const, text: "Tests ran." }], stopReason: "end_turn" as const },
    ],
  },
  tools: [{ name: "Bash", description: "Runs a shell command.", inputSchema: { type: "object" }, results: ["3 passing"] }],
  expectations: [
    { kind: "toolCall" as const, name: "Bash", ran: true, input: { command }, label: `the command is "${command}"` },
    { kind: "exitReason" as const, equals: "no_tool_calls" },
    { kind: "noHookFailed" as const },
  ],
});

/** Claude Code: two PreToolUse hooks rewrite the same command; the last to complete wins (anthropics/claude-code #83353). */
export const claudeInputRace: PipelineInput = {
  format: PIPELINE_FORMAT,
  name: "Claude Code updatedInput race",
  description:
    "Claude Code: two PreToolUse hooks on Bash both allow and rewrite `command` from the ORIGINAL input (one adds a timeout, one adds CI=1). They run in parallel; the host keeps the updatedInput of whichever completes last, so one rewrite is silently lost. The two scenarios differ only in completionOrder and get different commands.",
  profile: "claude-code",
  hooks: [
    hook("add-timeout", "add-timeout", "`timeout 60 ${command}`", "Wraps every command in a 60 s timeout."),
    hook("ci-env", "ci-env", "`CI=1 ${command}`", "Runs every command with CI=1."),
  ],
  scenarios: [scenario("declared order", "declared", "CI=1 npm test"), scenario("reverse order", "reverse", "timeout 60 npm test")],
};
