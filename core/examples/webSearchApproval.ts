import { PIPELINE_FORMAT, type PipelineInput } from "../pipeline/schema";
import type { ScenarioInput } from "../profiles/scenarioTypes";

/** The turn both scenarios play: the model asks to search the web, then answers with `answer`. */
function searchTurn(answer: string): Pick<ScenarioInput, "system" | "prompt" | "model" | "tools"> {
  return {
    system: "You are a helpful research assistant.",
    prompt: "Who won the 2026 Tour de France?",
    model: {
      kind: "scripted",
      responses: [
        { content: [{ type: "text", text: "Let me search for that." }, { type: "tool_use", id: "toolu_search", name: "web_search", input: { query: "2026 Tour de France winner" } }], stopReason: "tool_use" },
        { content: [{ type: "text", text: answer }], stopReason: "end_turn" },
      ],
    },
    tools: [
      {
        name: "web_search",
        description: "Searches the web.",
        inputSchema: { type: "object", properties: { query: { type: "string" } }, required: ["query"] },
        results: ["Tour de France 2026: overall winner announced in Paris on 26 July."],
      },
    ],
  };
}

/** The Quick start of OpenClaw's plugin hooks docs (seed 003): every web search needs a person's approval. */
export const webSearchApproval: PipelineInput = {
  format: PIPELINE_FORMAT,
  name: "Web search approval",
  description:
    "OpenClaw: a before_tool_call hook (priority 50, matcher web_search) asks a person to approve each web search. With no one to ask (a CLI run), the host cancels the request and the model is told the call did not run.",
  profile: "openclaw",
  hooks: [
    {
      id: "search-approval",
      point: "before_tool_call",
      name: "tool-preflight",
      enabled: true,
      priority: 50,
      matcher: ["web_search"],
      code: [
        'import type { PluginHookBeforeToolCallEvent, PluginHookBeforeToolCallResult, PluginHookToolContext } from "openclaw/plugin-sdk/plugin-entry";',
        "",
        "export default async (event: PluginHookBeforeToolCallEvent, ctx: PluginHookToolContext): Promise<PluginHookBeforeToolCallResult | void> => {",
        '  if (event.toolName !== "web_search") {',
        "    return;",
        "  }",
        "",
        "  return {",
        "    requireApproval: {",
        '      title: "Run web search",',
        '      description: `Allow search query: ${String(event.params.query ?? "")}`,',
        '      severity: "info",',
        "      timeoutMs: 60_000,",
        '      timeoutBehavior: "deny",',
        "    },",
        "  };",
        "};",
        "",
      ].join("\n"),
    },
  ],
  scenarios: [
    {
      name: "search without an approver",
      description: "The model searches the web; nobody can approve (a non-interactive run), so the call is cancelled and the model answers from what it knows.",
      ...searchTurn("I could not run a web search (it needs approval), so I cannot confirm the 2026 winner."),
      expectations: [
        { kind: "hookDecision", hookId: "search-approval", decision: "approval", occurrence: 1, label: "the search asks for approval" },
        { kind: "toolCall", name: "web_search", ran: false, label: "the search does not run without an approval" },
        { kind: "exitReason", equals: "no_tool_calls" },
        { kind: "noHookFailed" },
      ],
    },
    {
      name: "a person allows the search",
      description: "The same turn with the approver's answer scripted (as a headless run or a rehearsal would): allow-once half a second after the card appears, so the search runs.",
      ...searchTurn("The search says the overall winner was announced in Paris on 26 July."),
      approvals: [{ match: { tool: "web_search" }, decision: "allow-once", afterMs: 500, by: "scripted approver" }],
      expectations: [
        { kind: "hookDecision", hookId: "search-approval", decision: "approval", occurrence: 1, label: "the search asks for approval" },
        { kind: "toolCall", name: "web_search", ran: true, label: "the approved search runs" },
        { kind: "exitReason", equals: "no_tool_calls" },
      ],
    },
  ],
};
