import type { ScenarioInput } from "../scenarioTypes";

/**
 * The scenario every new FIM One pipeline starts with: the session starts (SessionStart), the
 * model queries the database (PreToolUse, PostToolUse), then answers.
 */
export const fimOneDefaultScenario: ScenarioInput = {
  name: "default",
  description: "The agent looks up last month's orders with sql_query, then answers.",
  system: "You are FIM One, an enterprise AI agent.",
  prompt: "How many orders did we get last month?",
  hostContext: { agent_id: "agent-sales", user_id: "user-42", metadata: { org_id: "org-acme", conversation_id: "conv-1" } },
  model: {
    kind: "scripted",
    responses: [
      {
        content: [
          { type: "text", text: "I will query the orders table." },
          { type: "tool_use", id: "call_1", name: "sql_query", input: { sql: "SELECT count(*) FROM orders WHERE month = '2026-10'" } },
        ],
        stopReason: "tool_use",
      },
      { content: [{ type: "text", text: "We got 1,284 orders last month." }], stopReason: "end_turn" },
    ],
  },
  tools: [{ name: "sql_query", description: "Runs a read-only SQL query.", inputSchema: { type: "object", properties: { sql: { type: "string" } }, required: ["sql"] }, results: ["count\n1284"] }],
  expectations: [{ kind: "exitReason", equals: "no_tool_calls" }, { kind: "noHookFailed" }],
};
