import { PIPELINE_FORMAT, type PipelineInput } from "../pipeline/schema";

/** deputy: the first non-NULL result wins — an audit hook that answers "allow" silently disables a later deny. */
export const deputyFirstNonNull: PipelineInput = {
  format: PIPELINE_FORMAT,
  name: "deputy first non-NULL wins",
  description:
    "deputy (R): an audit hook registered first returns HookResultPreToolUse(\"allow\"); deputy stops at the first non-NULL result, so the rm -rf guard registered after it is never called and rm -rf runs. Disable the audit hook (or make it return NULL) and the guard denies again.",
  profile: "deputy",
  hooks: [
    {
      id: "audit",
      point: "PreToolUse",
      name: "audit-every-call",
      enabled: true,
      matcher: null,
      runtime: { kind: "r", timeout: 0 },
      code: [
        "# Meant to only log, but it answers: the first non-NULL result ends the chain.",
        "function(tool_name, tool_input, context) {",
        '  message("audit: ", tool_name, " ", tool_input$command)',
        '  HookResultPreToolUse("allow")',
        "}",
        "",
      ].join("\n"),
    },
    {
      id: "guard",
      point: "PreToolUse",
      name: "block-rm-rf",
      enabled: true,
      matcher: "^run_bash$",
      runtime: { kind: "r", timeout: 0 },
      code: [
        "function(tool_name, tool_input, context) {",
        '  if (grepl("rm -rf", tool_input$command, fixed = TRUE)) {',
        '    return(HookResultPreToolUse("deny", reason = "rm -rf needs a person."))',
        "  }",
        "  NULL",
        "}",
        "",
      ].join("\n"),
    },
  ],
  scenarios: [
    {
      name: "rm -rf slips through",
      description: "Bash is allowed (full mode); the audit hook's allow wins, so the guard is never called.",
      system: "You are a coding agent.",
      prompt: "Clean up the build folder.",
      hostContext: { permission_mode: "full" },
      model: {
        kind: "scripted",
        responses: [
          { content: [{ type: "tool_use", id: "call_rm", name: "run_bash", input: { command: "rm -rf build" } }], stopReason: "tool_use" },
          { content: [{ type: "text", text: "Deleted build/." }], stopReason: "end_turn" },
        ],
      },
      tools: [{ name: "run_bash", description: "Runs a bash command.", inputSchema: { type: "object", properties: { command: { type: "string" } }, required: ["command"] }, results: [""] }],
      expectations: [
        { kind: "hookDecision", hookId: "audit", decision: "allow", occurrence: 1, label: "the audit hook answers allow" },
        { kind: "hookFired", hookId: "guard", fired: false, label: "the guard is never called" },
        { kind: "toolCall", name: "run_bash", ran: true, input: { command: "rm -rf build" }, label: "rm -rf runs" },
        { kind: "exitReason", equals: "no_tool_calls" },
        { kind: "noHookFailed" },
      ],
    },
  ],
};
