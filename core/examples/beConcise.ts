import { PIPELINE_FORMAT, type PipelineInput } from "../pipeline/schema";

export const beConcise: PipelineInput = {
  format: PIPELINE_FORMAT,
  name: "Be concise",
  description: "Appends an instruction to the system prompt before every model call.",
  profile: "vellum",
  hooks: [
    {
      id: "be-concise",
      point: "pre-model-call",
      name: "be-concise",
      enabled: true,
      code: [
        'import type { PreModelCallContext } from "@vellumai/plugin-api";',
        "",
        "export default async function beConcise(ctx: PreModelCallContext): Promise<void> {",
        '  if (ctx.callSite !== "mainAgent") return;',
        '  ctx.systemPrompt = (ctx.systemPrompt ?? "") + "\\nBe concise.";',
        "}",
        "",
      ].join("\n"),
    },
  ],
  scenarios: [
    {
      name: "default",
      prompt: "Explain what a hook is.",
      system: "You are a helpful assistant.",
      model: {
        kind: "scripted",
        responses: [{ content: [{ type: "text", text: "A hook is code the host runs at a fixed point." }], stopReason: "end_turn" }],
      },
      expectations: [
        { kind: "context", point: "pre-model-call", path: "/systemPrompt", op: "contains", value: "Be concise.", label: "every model call is asked to be concise" },
        { kind: "exitReason", equals: "no_tool_calls" },
        { kind: "noHookFailed" },
      ],
    },
  ],
};
