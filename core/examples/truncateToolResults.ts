import { PIPELINE_FORMAT, type PipelineInput } from "../pipeline/schema";

/** A page far larger than the scenario's budget (maxInputTokens 500 → 500 characters). */
const bigPage = Array.from({ length: 60 }, (_, i) => `Paragraph ${i + 1}: hooks run at fixed points of the agent loop.`).join("\n");

export const truncateToolResults: PipelineInput = {
  format: PIPELINE_FORMAT,
  name: "Truncate oversized tool results",
  description: "Cuts every tool result down to a share of the model's context window (post-tool-use), and tells the model it was cut.",
  profile: "vellum",
  hooks: [
    {
      id: "truncate-results",
      point: "post-tool-use",
      name: "truncate-results",
      enabled: true,
      code: [
        'import type { PostToolUseContext } from "@vellumai/plugin-api";',
        'import { characterBudget, truncate } from "../src/budget";',
        "",
        "export default async function truncateResults(ctx: PostToolUseContext): Promise<void> {",
        "  const budget = characterBudget(ctx.maxInputTokens);",
        "  const original = ctx.toolResponse.content.length;",
        "  if (original <= budget) return;",
        "  ctx.toolResponse.content = truncate(ctx.toolResponse.content, budget);",
        "  ctx.additionalContext = `The result of ${ctx.toolResponse.tool_use_id} was cut from ${original} to ${budget} characters. Ask for a narrower range if you need more.`;",
        '  ctx.logger.info({ original, budget }, "truncated a tool result");',
        "}",
        "",
      ].join("\n"),
    },
  ],
  modules: [
    {
      path: "src/budget.ts",
      code: [
        "/** About four characters per token; a tool result may use a quarter of the window. */",
        "export function characterBudget(maxInputTokens: number, share = 0.25): number {",
        "  return Math.floor(maxInputTokens * 4 * share);",
        "}",
        "",
        "/** Keeps the head of `text` within `max` characters, marking the cut. */",
        "export function truncate(text: string, max: number): string {",
        "  if (text.length <= max) return text;",
        "  const marker = `\\n[… ${text.length - max} characters cut]`;",
        "  return text.slice(0, Math.max(0, max - marker.length)) + marker;",
        "}",
        "",
      ].join("\n"),
    },
  ],
  scenarios: [
    {
      name: "large page",
      description: "The fetch tool returns 3,530 characters; the budget for a 500-token window is 500.",
      prompt: "Summarize the hooks page.",
      system: "You are a helpful assistant.",
      model: {
        kind: "scripted",
        maxInputTokens: 500,
        responses: [
          { content: [{ type: "tool_use", id: "toolu_fetch_1", name: "fetch_page", input: { url: "https://example.com/hooks" } }], stopReason: "tool_use" },
          { content: [{ type: "text", text: "The page says hooks run at fixed points of the agent loop." }], stopReason: "end_turn" },
        ],
      },
      tools: [{ name: "fetch_page", description: "Fetches a web page as text.", inputSchema: { type: "object", properties: { url: { type: "string" } } }, results: [bigPage] }],
      expectations: [
        { kind: "hookFired", hookId: "truncate-results" },
        { kind: "context", point: "post-tool-use", path: "/additionalContext", op: "matches", value: "^The result of toolu_fetch_1 was cut from 3530 to \\d+ characters", label: "the model is told the result was cut" },
        { kind: "exitReason", equals: "no_tool_calls" },
        { kind: "noHookFailed" },
      ],
    },
  ],
};
