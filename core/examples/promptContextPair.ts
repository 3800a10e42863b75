import { PIPELINE_FORMAT, type PipelineInput } from "../pipeline/schema";

const hookCode = (text: string) =>
  [
    'import type { PluginHookAgentContext, PluginHookBeforePromptBuildEvent, PluginHookBeforePromptBuildResult } from "openclaw/plugin-sdk/plugin-entry";',
    "",
    "export default async (event: PluginHookBeforePromptBuildEvent, ctx: PluginHookAgentContext): Promise<PluginHookBeforePromptBuildResult | void> => {",
    `  return { prependContext: ${JSON.stringify(text)} };`,
    "};",
    "",
  ].join("\n");

/** Two before_prompt_build hooks whose contexts are concatenated in priority order (semantics.md §2c). */
export const promptContextPair: PipelineInput = {
  format: PIPELINE_FORMAT,
  name: "Prompt context by priority",
  description:
    "OpenClaw: two before_prompt_build hooks each return a prependContext; the runner joins them with a blank line in priority order (50 before 10, whatever their registration order). Needs allowConversationAccess, which this plugin sets.",
  profile: "openclaw",
  hostSettings: { allowConversationAccess: true },
  hooks: [
    { id: "house-style", point: "before_prompt_build", name: "house-style", enabled: true, priority: 10, code: hookCode("House style: answer in British English.") },
    { id: "cite-sources", point: "before_prompt_build", name: "cite-sources", enabled: true, priority: 50, code: hookCode("Always cite your sources.") },
    {
      id: "prompt-log",
      point: "llm_input",
      name: "prompt-log",
      enabled: true,
      code: [
        'import type { PluginHookAgentContext, PluginHookLlmInputEvent } from "openclaw/plugin-sdk/plugin-entry";',
        "",
        "export default async (event: PluginHookLlmInputEvent, ctx: PluginHookAgentContext): Promise<void> => {",
        "  console.log(`prompt sent to ${event.model}:\\n${event.prompt}`);",
        "};",
        "",
      ].join("\n"),
    },
  ],
  scenarios: [
    {
      name: "a question",
      description: "One question; the prompt the model receives starts with both contexts, the higher priority first.",
      system: "You are a helpful assistant.",
      prompt: "What colour is the sky?",
      model: { kind: "scripted", responses: [{ content: [{ type: "text", text: "The sky is blue (source: NASA, 'Why is the sky blue?')." }], stopReason: "end_turn" }] },
      expectations: [
        {
          kind: "context",
          point: "llm_input",
          path: "/event/prompt",
          op: "equals",
          value: "Always cite your sources.\n\nHouse style: answer in British English.\n\nWhat colour is the sky?",
          label: "both contexts reach the model, priority 50 first",
        },
        { kind: "hookFired", hookId: "house-style" },
        { kind: "exitReason", equals: "no_tool_calls" },
        { kind: "noHookFailed" },
      ],
    },
  ],
};
