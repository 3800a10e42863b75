import { PIPELINE_FORMAT, type PipelineInput } from "../pipeline/schema";

export const auditLog: PipelineInput = {
  format: PIPELINE_FORMAT,
  name: "Audit log",
  description: "Logs every tool call with its arguments and outcome (after_tool_call, a void hook: it cannot change anything).",
  profile: "registry",
  hooks: [
    {
      id: "audit-log",
      point: "after_tool_call",
      name: "audit-log",
      enabled: true,
      code: [
        'import type { AfterToolCallContext } from "hook-registry";',
        "",
        "export default async function auditLog(ctx: AfterToolCallContext): Promise<void> {",
        "  const outcome = ctx.isError ? \"error\" : \"ok\";",
        "  console.log(`[audit] session=${ctx.sessionId} turn=${ctx.turnCount} tool=${ctx.toolName} args=${JSON.stringify(ctx.args)} outcome=${outcome}`);",
        "}",
        "",
      ].join("\n"),
    },
  ],
  scenarios: [
    {
      name: "two lookups",
      description: "Two tool calls, one failing: the log shows both.",
      prompt: "What's the weather in Paris and in Atlantis?",
      model: {
        kind: "scripted",
        responses: [
          {
            content: [
              { type: "tool_use", id: "toolu_w1", name: "weather", input: { city: "Paris" } },
              { type: "tool_use", id: "toolu_w2", name: "weather", input: { city: "Atlantis" } },
            ],
            stopReason: "tool_use",
          },
          { content: [{ type: "text", text: "Paris: 18°C and sunny. I could not find Atlantis." }], stopReason: "end_turn" },
        ],
      },
      tools: [
        {
          name: "weather",
          description: "Current weather for a city.",
          inputSchema: { type: "object", properties: { city: { type: "string" } } },
          results: ["18°C, sunny", { content: "unknown city: Atlantis", isError: true }],
        },
      ],
      expectations: [
        { kind: "toolCall", name: "weather", input: { city: "Paris" } },
        { kind: "toolCall", name: "weather", input: { city: "Atlantis" } },
        { kind: "hookFired", hookId: "audit-log" },
        { kind: "noHookFailed" },
      ],
    },
  ],
};
