import { PIPELINE_FORMAT, type PipelineInput } from "../pipeline/schema";

const bash = { name: "Bash", description: "Runs a shell command.", inputSchema: { type: "object", properties: { command: { type: "string" } }, required: ["command"] } };

/** Claude Code: the classic PreToolUse gate on Bash (seed 004), denying destructive commands with a reason the model reads. */
export const claudeBashGate: PipelineInput = {
  format: PIPELINE_FORMAT,
  name: "Claude Code Bash gate",
  description:
    "Claude Code: a PreToolUse hook with matcher Bash denies rm -rf and sudo with a reason. The denied call does not run; the model receives an is_error tool_result \"PreToolUse:Bash hook error: <reason>\" and answers; harmless commands run.",
  profile: "claude-code",
  hooks: [
    {
      id: "bash-gate",
      point: "PreToolUse",
      name: "dangerous-command-gate",
      enabled: true,
      matcher: "Bash",
      code: [
        'import type { HookJSONOutput, PreToolUseHookInput, PreToolUseHookSpecificOutput } from "@anthropic-ai/claude-agent-sdk";',
        "",
        "const DANGEROUS = [/\\brm\\s+-(?:[a-z]*r[a-z]*f|[a-z]*f[a-z]*r)\\b/, /\\bsudo\\b/];",
        "",
        "export default async (input: PreToolUseHookInput): Promise<HookJSONOutput<PreToolUseHookSpecificOutput> | void> => {",
        '  const command = (input.tool_input as { command?: string }).command ?? "";',
        "  if (!DANGEROUS.some((re) => re.test(command))) return;",
        "  return {",
        "    hookSpecificOutput: {",
        '      hookEventName: "PreToolUse",',
        '      permissionDecision: "deny",',
        "      permissionDecisionReason: `Refusing to run \"${command}\": destructive commands need a person. Suggest the command to the user instead.`,",
        "    },",
        "  };",
        "};",
        "",
      ].join("\n"),
    },
  ],
  scenarios: [
    {
      name: "model tries rm -rf",
      description: "The model cleans the build folder with rm -rf (denied), then lists it (allowed) and answers.",
      system: "You are Claude Code.",
      prompt: "Clean up the build folder.",
      model: {
        kind: "scripted",
        responses: [
          { content: [{ type: "tool_use", id: "toolu_rm", name: "Bash", input: { command: "rm -rf build" } }], stopReason: "tool_use" },
          { content: [{ type: "tool_use", id: "toolu_ls", name: "Bash", input: { command: "ls build" } }], stopReason: "tool_use" },
          { content: [{ type: "text", text: "I was not allowed to delete build/. Run `rm -rf build` yourself if you are sure." }], stopReason: "end_turn" },
        ],
      },
      tools: [{ ...bash, results: ["app.js\napp.js.map"] }],
      expectations: [
        { kind: "hookDecision", hookId: "bash-gate", decision: "deny", occurrence: 1, label: "rm -rf is denied" },
        { kind: "toolCall", name: "Bash", ran: false, input: { command: "rm -rf build" }, label: "rm -rf does not run" },
        { kind: "toolCall", name: "Bash", ran: true, input: { command: "ls build" }, label: "ls runs" },
        { kind: "exitReason", equals: "no_tool_calls" },
        { kind: "noHookFailed" },
        { kind: "orderIndependent", point: "PreToolUse", label: "the decision does not depend on which PreToolUse hook finishes last" },
      ],
    },
  ],
};
