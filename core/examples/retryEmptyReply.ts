import { PIPELINE_FORMAT, type PipelineInput } from "../pipeline/schema";

export const retryEmptyReply: PipelineInput = {
  format: PIPELINE_FORMAT,
  name: "Retry on an empty reply",
  description: "When the model answers with nothing, asks again once per empty reply with decision 'continue' (post-model-call).",
  profile: "vellum",
  hooks: [
    {
      id: "retry-empty",
      point: "post-model-call",
      name: "retry-empty",
      enabled: true,
      code: [
        'import type { PostModelCallContext } from "@vellumai/plugin-api";',
        "",
        "export default async function retryEmpty(ctx: PostModelCallContext): Promise<void> {",
        '  if (ctx.callSite !== "mainAgent" || ctx.error) return;',
        '  if (ctx.content.some((block) => block.type === "tool_use")) return;',
        '  const text = ctx.content.map((block) => (block.type === "text" ? block.text : "")).join("");',
        '  if (text.trim() !== "") return;',
        '  ctx.logger.warn({ stopReason: ctx.stopReason }, "empty reply: asking again");',
        '  ctx.messages.push({ role: "user", content: [{ type: "text", text: "Your last reply was empty. Please answer the question." }] });',
        '  ctx.decision = "continue";',
        "}",
        "",
      ].join("\n"),
    },
  ],
  scenarios: [
    {
      name: "empty first reply",
      description: "The first reply is empty; the hook continues and the second reply answers.",
      prompt: "What is the capital of France?",
      model: {
        kind: "scripted",
        responses: [
          { content: [], stopReason: "end_turn" },
          { content: [{ type: "text", text: "Paris." }], stopReason: "end_turn" },
        ],
      },
      expectations: [
        { kind: "hookDecision", hookId: "retry-empty", decision: "continue", occurrence: 1, label: "the empty reply is retried" },
        { kind: "hookDecision", hookId: "retry-empty", decision: "none", occurrence: 2, label: "the answer is not retried" },
        { kind: "exitReason", equals: "no_tool_calls" },
      ],
    },
  ],
};
