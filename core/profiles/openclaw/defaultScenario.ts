import type { ScenarioInput } from "../scenarioTypes";

/**
 * The scenario every new OpenClaw pipeline starts with. The model searches the web (the call an
 * approval gate is for), reads the result, then answers; on the way the run crosses the gateway,
 * session and message hooks, the turn preamble, the provider-call observers, every tool hook,
 * the finalize pass and delivery. The history is long enough to be compacted once.
 */
export const openclawDefaultScenario: ScenarioInput = {
  name: "default",
  description: "The model runs a web search, reads the result and answers; the history is compacted once on the way.",
  system: "You are a helpful research assistant.",
  prompt: "What is the tallest building in the world?",
  history: [
    { role: "user", content: [{ type: "text", text: "Hi! I have some questions about architecture." }] },
    { role: "assistant", content: [{ type: "text", text: "Happy to help. Ask away." }] },
  ],
  model: {
    kind: "scripted",
    responses: [
      {
        content: [
          { type: "text", text: "Let me look that up." },
          { type: "tool_use", id: "toolu_search", name: "web_search", input: { query: "tallest building in the world" } },
        ],
        stopReason: "tool_use",
      },
      { content: [{ type: "text", text: "The Burj Khalifa in Dubai, at 828 m, is the tallest building in the world." }], stopReason: "end_turn" },
    ],
  },
  tools: [
    {
      name: "web_search",
      description: "Searches the web.",
      inputSchema: { type: "object", properties: { query: { type: "string" } }, required: ["query"] },
      results: ["Burj Khalifa (Dubai): 828 m, completed 2010. Merdeka 118 (Kuala Lumpur): 679 m."],
    },
  ],
  limits: { compactAtChars: 200 },
  expectations: [{ kind: "exitReason", equals: "no_tool_calls" }, { kind: "noHookFailed" }],
};
