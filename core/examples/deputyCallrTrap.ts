import { PIPELINE_FORMAT, type PipelineInput } from "../pipeline/schema";

/** deputy: the default timeout = 30 runs a callback in a fresh R process (callr) — an unqualified HookResultPreToolUse() is not found there, and every call is denied. */
export const deputyCallrTrap: PipelineInput = {
  format: PIPELINE_FORMAT,
  name: "deputy timeout trap",
  description:
    "deputy (R): a PreToolUse hook written as the docs write it — top level, HookResultPreToolUse() without deputy::, the default timeout of 30 s. deputy then runs it through callr in a fresh R process where deputy is not attached: it fails, and a failing PreToolUse hook denies the call (\"Hook error: in callr subprocess.\"). Its card shows the cause. Set the hook's timeout to 0, or write deputy::HookResultPreToolUse(), and the call goes through.",
  profile: "deputy",
  hooks: [
    {
      id: "allow-reads",
      point: "PreToolUse",
      name: "allow-reads",
      enabled: true,
      matcher: null,
      runtime: { kind: "r" },
      code: ["function(tool_name, tool_input, context) {", '  message("Tool: ", tool_name, " in ", context$working_dir)', '  HookResultPreToolUse(permission = "allow")', "}", ""].join("\n"),
    },
    {
      id: "log-results",
      point: "PostToolUse",
      name: "log-results",
      enabled: true,
      matcher: null,
      runtime: { kind: "r", timeout: 0 },
      code: ["function(tool_name, tool_result, tool_error, context) {", '  message(tool_name, ": ", if (is.null(tool_error)) "ok" else tool_error)', "  NULL", "}", ""].join("\n"),
    },
  ],
  scenarios: [
    {
      name: "every call denied",
      description: "read_file is allowed by permissions, then denied by the hook's own failure in the callr child.",
      system: "You are a coding agent.",
      prompt: "What is in the README?",
      hostContext: { permission_mode: "standard" },
      model: {
        kind: "scripted",
        responses: [
          { content: [{ type: "tool_use", id: "call_read", name: "read_file", input: { path: "README.md" } }], stopReason: "tool_use" },
          { content: [{ type: "text", text: "I could not read it." }], stopReason: "end_turn" },
        ],
      },
      tools: [{ name: "read_file", description: "Reads a file.", inputSchema: { type: "object", properties: { path: { type: "string" } }, required: ["path"] }, results: ["# Demo"] }],
      expectations: [
        { kind: "toolCall", name: "read_file", ran: false, label: "the call is denied by the hook's failure" },
        { kind: "context", point: "PostToolUse", path: "/tool_error", occurrence: 1, op: "equals", value: "Tool call rejected. Hook error: in callr subprocess.", label: "the model is told only callr's message" },
        { kind: "exitReason", equals: "no_tool_calls" },
      ],
    },
  ],
};
