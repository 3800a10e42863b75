import type { JsonObject } from "../../core/json";

/**
 * The bench's chain: five Vellum-style hooks doing what real plugins do on a model call, and
 * contexts of a given JSON size made of a realistic conversation (text turns, tool calls and
 * tool results of varied length).
 */

/** Hook id -> JavaScript source of the hook function (also valid TypeScript). */
export const HOOKS: Record<string, string> = {
  // Appends an instruction to the system prompt.
  "be-concise": `(ctx) => { ctx.systemPrompt = (ctx.systemPrompt ?? "") + "\\nBe concise."; }`,
  // Pushes a reminder message.
  reminder: `(ctx) => { ctx.messages.push({ role: "user", content: [{ type: "text", text: "Reminder: cite your sources." }] }); }`,
  // Truncates oversized text blocks of the latest user turn.
  truncate: `(ctx) => {
    const last = ctx.messages[ctx.messages.length - 3];
    for (const block of last.content) {
      if (block.type === "text" && block.text.length > 400) block.text = block.text.slice(0, 400) + " [truncated]";
    }
  }`,
  // Returns a partial (the host merges it).
  profile: `(ctx) => (ctx.messages.length > 10 ? { modelProfile: "long-context" } : undefined)`,
  // Reads the latest turns and logs what it saw.
  audit: `(ctx) => {
    const recent = ctx.messages.slice(-4);
    let chars = 0;
    for (const m of recent) for (const b of m.content) chars += b.type === "text" ? b.text.length : 0;
    ctx.logger.info({ chars, messages: ctx.messages.length }, "latest turns");
  }`,
};

/** A hook that reads the whole conversation (every message and block): the worst case for copy-on-write drafts. */
export const FULL_SCAN_HOOK = `(ctx) => {
  let chars = 0;
  for (const m of ctx.messages) for (const b of m.content) chars += b.type === "text" ? b.text.length : b.type === "tool_result" ? String(b.content).length : 0;
  ctx.logger.info({ chars }, "context size");
}`;

const WORDS = "the model reads the tool result and answers with a short summary of what it found in the files".split(" ");

function text(seed: number, length: number): string {
  let out = "";
  for (let i = 0; out.length < length; i++) out += `${WORDS[(seed * 7 + i * 13) % WORDS.length]} `;
  return out.slice(0, length);
}

function turn(i: number, variant: number): JsonObject[] {
  i += variant * 7919;
  const long = 150 + ((i * 97) % 600);
  if (i % 3 === 2) {
    const id = `toolu_${i}`;
    return [
      { role: "assistant", content: [{ type: "tool_use", id, name: "search", input: { query: text(i, 40) } }] },
      { role: "user", content: [{ type: "tool_result", tool_use_id: id, content: text(i + 1, long * 2) }] },
    ];
  }
  return [
    { role: "user", content: [{ type: "text", text: text(i, long / 2) }] },
    { role: "assistant", content: [{ type: "text", text: text(i + 3, long) }] },
  ];
}

/**
 * A pre-model-call-like context whose JSON is about `bytes` long. Different `variant`s are
 * different conversations of the same size.
 */
export function contextOfSize(bytes: number, variant = 0): JsonObject {
  const ctx: JsonObject = {
    conversationId: "conv_bench",
    callSite: "mainAgent",
    systemPrompt: "You are a helpful assistant.",
    modelProfile: null,
    deferAssistantOutput: false,
    messages: [],
  };
  const messages = ctx.messages as JsonObject[];
  for (let i = 0; JSON.stringify(ctx).length < bytes; i++) messages.push(...turn(i, variant));
  messages.push({ role: "user", content: [{ type: "text", text: text(1, 900) }] }, { role: "assistant", content: [{ type: "text", text: "ok" }] });
  return ctx;
}

/** The context of the next hook point in the same conversation: one more turn, another system prompt. */
export function nextPoint(ctx: JsonObject): JsonObject {
  const messages = ctx.messages as JsonObject[];
  return {
    ...ctx,
    systemPrompt: `${String(ctx.systemPrompt)} (turn ${messages.length})`,
    messages: [...messages, { role: "assistant", content: [{ type: "text", text: text(messages.length, 300) }] }],
  };
}

/**
 * The end-to-end run of issue 11: five trivial hooks on post-model-call, a scenario of 12 model
 * calls (11 replies asking for a tool with canned results, then an answer) over a history of
 * about `bytes` of JSON. With `enabled` false the same hooks are there but disabled.
 */
export const E2E_HOOKS: Record<string, string> = {
  noop: `export default (_ctx: any) => {};`,
  "read-decision": `export default (ctx: any) => { if (ctx.decision === "never") ctx.decision = "continue"; };`,
  "peek-last": `export default (ctx: any) => { const last = ctx.messages[ctx.messages.length - 1]; if (last === undefined) ctx.logger.warn("no messages"); };`,
  "empty-partial": `export default (_ctx: any) => ({});`,
  "async-noop": `export default async (_ctx: any) => { await null; };`,
};

export const E2E_MODEL_CALLS = 12;

export function e2ePipeline(bytes: number, enabled: boolean): JsonObject {
  const history = contextOfSize(bytes).messages as JsonObject[];
  const responses: JsonObject[] = [];
  for (let i = 0; i < E2E_MODEL_CALLS - 1; i++) {
    responses.push({ content: [{ type: "tool_use", id: `toolu_e2e_${i}`, name: "search", input: { query: `step ${i}` } }], stopReason: "tool_use" });
  }
  responses.push({ content: [{ type: "text", text: "Done." }], stopReason: "end_turn" });
  return {
    format: "hookwright.pipeline/v1",
    name: `hook overhead ${bytes} bytes (${enabled ? "hooks on" : "hooks off"})`,
    profile: "vellum",
    hooks: Object.entries(E2E_HOOKS).map(([id, code]) => ({ id, point: "post-model-call", name: id, enabled, code })),
    scenarios: [
      {
        name: "twelve calls",
        prompt: "Search until you are sure.",
        history,
        model: { kind: "scripted", responses },
        tools: [{ name: "search", results: ["3 results: a, b, c"] }],
        limits: { maxModelCalls: 25, maxToolCalls: 100, compactAtChars: null },
      },
    ],
  };
}
