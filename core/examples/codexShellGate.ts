import { PIPELINE_FORMAT, type PipelineInput } from "../pipeline/schema";

const execCommand = {
  name: "exec_command",
  description: "Runs a shell command (/bin/bash -lc).",
  inputSchema: { type: "object", properties: { cmd: { type: "string" }, workdir: { type: "string" } }, required: ["cmd"] },
};

/** Codex CLI: a PreToolUse gate on the shell tool (exec_command, which hooks see as Bash), denying destructive commands with a reason. */
export const codexShellGate: PipelineInput = {
  format: PIPELINE_FORMAT,
  name: "Codex shell gate",
  description:
    "Codex CLI: a PreToolUse hook with matcher Bash (the shell tool exec_command as hooks see it) denies rm -rf and sudo with a reason. The denied command does not run; the model's function_call_output is \"Command blocked by PreToolUse hook: <reason>. Command: <cmd>\". Codex needs the reason: a deny without one lets the command run.",
  profile: "codex",
  hooks: [
    {
      id: "shell-gate",
      point: "PreToolUse",
      name: "dangerous-command-gate",
      enabled: true,
      matcher: "Bash",
      code: [
        'import type { HookJSONOutput, PreToolUseHookInput, PreToolUseHookSpecificOutput } from "codex-hooks";',
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
        "      // Codex runs the command anyway when a deny has no reason.",
        '      permissionDecisionReason: "destructive commands need a person; suggest the command to the user instead",',
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
      description: "The model cleans the build folder with rm -rf (blocked), then lists it (allowed) and answers.",
      system: "You are Codex, a coding agent.",
      prompt: "Clean up the build folder.",
      model: {
        kind: "scripted",
        responses: [
          { content: [{ type: "tool_use", id: "call_rm", name: "exec_command", input: { cmd: "rm -rf build" } }], stopReason: "tool_use" },
          { content: [{ type: "tool_use", id: "call_ls", name: "exec_command", input: { cmd: "ls build" } }], stopReason: "tool_use" },
          { content: [{ type: "text", text: "I was not allowed to delete build/. Run `rm -rf build` yourself if you are sure." }], stopReason: "end_turn" },
        ],
      },
      tools: [{ ...execCommand, results: ["app.js\napp.js.map"] }],
      expectations: [
        { kind: "hookDecision", hookId: "shell-gate", decision: "deny", occurrence: 1, label: "rm -rf is denied" },
        { kind: "toolCall", name: "exec_command", ran: false, input: { cmd: "rm -rf build" }, label: "rm -rf does not run" },
        { kind: "toolCall", name: "exec_command", ran: true, input: { cmd: "ls build" }, label: "ls runs" },
        { kind: "exitReason", equals: "no_tool_calls" },
        { kind: "noHookFailed" },
        { kind: "orderIndependent", point: "PreToolUse", label: "the decision does not depend on which PreToolUse hook finishes last" },
      ],
    },
  ],
};
