import { PIPELINE_FORMAT, type PipelineInput } from "../pipeline/schema";

const runBash = { name: "run_bash", description: "Runs a bash command.", inputSchema: { type: "object", properties: { command: { type: "string" } }, required: ["command"] } };
const readFile = { name: "read_file", description: "Reads a file.", inputSchema: { type: "object", properties: { path: { type: "string" } }, required: ["path"] } };

const rmThenLs: NonNullable<PipelineInput["scenarios"]>[number]["model"] = {
  kind: "scripted",
  responses: [
    { content: [{ type: "tool_use", id: "call_rm", name: "run_bash", input: { command: "rm -rf build" } }], stopReason: "tool_use" },
    { content: [{ type: "tool_use", id: "call_ls", name: "run_bash", input: { command: "ls build" } }], stopReason: "tool_use" },
    { content: [{ type: "text", text: "I was not allowed to delete build/." }], stopReason: "end_turn" },
  ],
};

/** deputy (seed 004): the reference's bash gate and tool logger, and why the gate needs bash to be allowed first. */
export const deputyBashGate: PipelineInput = {
  format: PIPELINE_FORMAT,
  name: "deputy bash gate",
  description:
    "deputy (R): a PreToolUse hook with pattern ^run_bash$ denies rm -rf (HookMatcher's own example) and the seed's PostToolUse logger reports every result. The model reads \"Tool calling failed with error Tool call rejected. <reason>\" and goes on. Under the default permissions bash is off: run_bash is rejected before any hook, so the gate never fires.",
  profile: "deputy",
  hooks: [
    {
      id: "bash-gate",
      point: "PreToolUse",
      name: "block-rm-rf",
      enabled: true,
      matcher: "^run_bash$",
      runtime: { kind: "r" },
      code: [
        "# HookMatcher$new(event = \"PreToolUse\", pattern = \"^run_bash$\", callback = ...) (D:R/hooks.R:326-339).",
        "# deputy:: qualified: with the default timeout (30 s) the callback runs in a fresh R process where deputy is not attached.",
        "function(tool_name, tool_input, context) {",
        '  if (grepl("rm -rf", tool_input$command, fixed = TRUE)) {',
        '    deputy::HookResultPreToolUse(permission = "deny", reason = "Dangerous!")',
        "  } else {",
        '    deputy::HookResultPreToolUse(permission = "allow")',
        "  }",
        "}",
        "",
      ].join("\n"),
    },
    {
      id: "tool-logger",
      point: "PostToolUse",
      name: "log-tool-results",
      enabled: true,
      matcher: null,
      runtime: { kind: "r", timeout: 0 },
      code: [
        "# The seed's PostToolUse example (HookEvent reference), with timeout = 0 so its output is shown by deputy.",
        "function(tool_name, tool_result, tool_error, context) {",
        "  if (!is.null(tool_error)) {",
        '    warning("Tool failed: ", tool_error)',
        "  }",
        "  deputy::HookResultPostToolUse()",
        "}",
        "",
      ].join("\n"),
    },
  ],
  scenarios: [
    {
      name: "bash allowed (full mode)",
      description: "permission_mode full: rm -rf reaches PreToolUse and is denied; ls runs; both results go through the logger.",
      system: "You are a coding agent.",
      prompt: "Clean up the build folder.",
      hostContext: { permission_mode: "full" },
      model: rmThenLs,
      tools: [{ ...runBash, results: ["app.R\nutils.R"] }],
      expectations: [
        { kind: "hookDecision", hookId: "bash-gate", decision: "deny", occurrence: 1, label: "rm -rf is denied" },
        { kind: "hookDecision", hookId: "bash-gate", decision: "allow", occurrence: 2, label: "ls is allowed" },
        { kind: "toolCall", name: "run_bash", ran: false, input: { command: "rm -rf build" }, label: "rm -rf does not run" },
        { kind: "toolCall", name: "run_bash", ran: true, input: { command: "ls build" }, label: "ls runs" },
        { kind: "context", point: "PostToolUse", path: "/tool_error", occurrence: 1, op: "equals", value: "Tool call rejected. Dangerous!", label: "PostToolUse still fires for the rejected call, with ellmer's error" },
        { kind: "exitReason", equals: "no_tool_calls" },
        { kind: "noHookFailed" },
      ],
    },
    {
      name: "default permissions",
      description: "permissions_standard(): bash = FALSE, so run_bash is rejected by the permission check and the ^run_bash$ gate never fires.",
      system: "You are a coding agent.",
      prompt: "Clean up the build folder, then read the README.",
      hostContext: { permission_mode: "standard" },
      model: {
        kind: "scripted",
        responses: [
          { content: [{ type: "tool_use", id: "call_rm", name: "run_bash", input: { command: "rm -rf build" } }], stopReason: "tool_use" },
          { content: [{ type: "tool_use", id: "call_read", name: "read_file", input: { path: "README.md" } }], stopReason: "tool_use" },
          { content: [{ type: "text", text: "Bash is disabled here; the README says to run make clean." }], stopReason: "end_turn" },
        ],
      },
      tools: [
        { ...runBash, results: ["(never runs)"] },
        { ...readFile, results: ["Run make clean to clean up."] },
      ],
      expectations: [
        { kind: "hookFired", hookId: "bash-gate", fired: false, label: "the gate never fires: permissions come first" },
        { kind: "toolCall", name: "run_bash", ran: false, label: "run_bash is rejected by permissions" },
        { kind: "context", point: "PostToolUse", path: "/tool_error", occurrence: 1, op: "equals", value: "Tool call rejected. Bash command execution is not allowed" },
        { kind: "exitReason", equals: "no_tool_calls" },
        { kind: "noHookFailed" },
      ],
    },
  ],
};
