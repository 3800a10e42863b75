import { PIPELINE_FORMAT, type PipelineInput } from "../../core/pipeline/schema";

/**
 * "Be concise" plus a post-tool-use hook, with a scenario whose model asks for `perReply` tools
 * at once, `replies` times: one run records a long trace (every tool call adds tool and hook
 * events). `compactAtChars` lets the loop compact the history, which keeps every context (and
 * so the recorded trace) bounded however long the turn gets.
 */
export function benchPipeline(options: { replies: number; perReply: number; compactAtChars?: number }): PipelineInput {
  const responses = [];
  let n = 0;
  for (let r = 1; r <= options.replies; r++) {
    const content: ({ type: "text"; text: string } | { type: "tool_use"; id: string; name: string; input: { query: string } })[] = [
      { type: "text", text: `Batch ${r}.` },
    ];
    for (let i = 0; i < options.perReply; i++) {
      n++;
      content.push({ type: "tool_use", id: `toolu_${n}`, name: "search", input: { query: `part ${n}` } });
    }
    responses.push({ content, stopReason: "tool_use" as const });
  }
  responses.push({ content: [{ type: "text" as const, text: "Done." }], stopReason: "end_turn" as const });
  return {
    format: PIPELINE_FORMAT,
    name: "Bench: many tools",
    profile: "vellum",
    hooks: [
      {
        id: "be-concise",
        point: "pre-model-call",
        name: "be-concise",
        enabled: true,
        code: 'export default async function (ctx) { ctx.systemPrompt = (ctx.systemPrompt ?? "") + "\\nBe concise."; }\n',
      },
      {
        id: "count-tools",
        point: "post-tool-use",
        name: "count-tools",
        enabled: true,
        code: "let calls = 0;\nexport default async function (ctx) { calls++; ctx.logger?.info?.(`tool call ${calls}`); }\n",
      },
    ],
    scenarios: [
      {
        name: "many-tools",
        prompt: "Research every part.",
        system: "You are a helpful assistant.",
        model: { kind: "scripted", responses },
        tools: [{ name: "search", description: "Search", results: Array.from({ length: 20 }, (_, i) => `result ${i + 1}`) }],
        limits: { maxModelCalls: options.replies + 5, maxToolCalls: n + 5, compactAtChars: options.compactAtChars ?? null },
      },
    ],
  };
}
