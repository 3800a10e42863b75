import { PIPELINE_FORMAT, type PipelineInput } from "../../core/pipeline/schema";

/**
 * The tool-heavy turn of issue 11: the model calls a fetch tool `results` times, one call per
 * reply, each result `resultBytes` long, so the history ends at about results × resultBytes. One
 * post-tool-use hook reads every result (a truncation hook whose budget these results fit), as
 * users bring first. The tool's TypeScript handler makes the text, so the pipeline stays small.
 */
export function traceSizePipeline(options: { results: number; resultBytes: number }): PipelineInput {
  const { results, resultBytes } = options;
  const responses = [];
  for (let n = 1; n <= results; n++) {
    responses.push({ content: [{ type: "tool_use" as const, id: `toolu_${n}`, name: "fetch", input: { page: n } }], stopReason: "tool_use" as const });
  }
  responses.push({ content: [{ type: "text" as const, text: "Read every page." }], stopReason: "end_turn" as const });
  return {
    format: PIPELINE_FORMAT,
    name: `Bench: ${results} results of ${Math.round(resultBytes / 1000)} KB`,
    profile: "vellum",
    hooks: [
      {
        id: "truncate-large",
        point: "post-tool-use",
        name: "truncate-large",
        enabled: true,
        code: [
          "const BUDGET = 1_000_000;",
          "export default function (ctx) {",
          "  const text = ctx.toolResponse.content;",
          "  if (typeof text === 'string' && text.length > BUDGET) ctx.toolResponse.content = text.slice(0, BUDGET);",
          "}",
          "",
        ].join("\n"),
      },
    ],
    scenarios: [
      {
        name: "big-results",
        prompt: "Read every page.",
        system: "You are a helpful assistant.",
        model: { kind: "scripted", maxInputTokens: 10_000_000, responses },
        tools: [
          {
            name: "fetch",
            description: "Fetches a page of text.",
            inputSchema: { type: "object" },
            handler: `export default function (input) {\n  const line = "page " + input.page + ": hooks run at fixed points of the agent loop. ";\n  return line.repeat(Math.ceil(${resultBytes} / line.length)).slice(0, ${resultBytes});\n}\n`,
          },
        ],
        limits: { maxModelCalls: results + 5, maxToolCalls: results + 5, compactAtChars: null },
      },
    ],
  };
}
