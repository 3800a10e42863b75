import type { ContentBlock, Message } from "../pipeline/schema";

/** Characters of one block as the compaction budget counts them. */
function blockChars(block: ContentBlock): number {
  switch (block.type) {
    case "text":
      return block.text.length;
    case "tool_use":
      return block.name.length + JSON.stringify(block.input).length;
    case "tool_result":
      return typeof block.content === "string" ? block.content.length : block.content.reduce((n, b) => n + b.text.length, 0);
    case "image":
      // Not text: the budget counts characters the model reads as text.
      return 0;
  }
}

/**
 * Size of a history for the compaction budget (`scenario.limits.compactAtChars`): the
 * characters of its text blocks, tool results, and tool names plus JSON inputs.
 */
export function historyChars(messages: readonly Message[]): number {
  let n = 0;
  for (const m of messages) for (const b of m.content) n += blockChars(b);
  return n;
}

export function textOf(content: readonly ContentBlock[]): string {
  return content.map((b) => (b.type === "text" ? b.text : "")).join("");
}

export function userText(text: string): Message {
  return { role: "user", content: [{ type: "text", text }] };
}

/**
 * The user's message of a turn: the prompt's text, then an image block per attachment. As the
 * Vellum host's `createUserMessage` (`V:src/agent/message-types.ts:7-17`) when there are
 * attachments; without any, the text block is kept even when blank, as before.
 */
export function userMessage(text: string, attachments: readonly { mimeType: string; data: string }[] = []): Message {
  if (attachments.length === 0) return userText(text);
  const content: Message["content"] = text.trim().length > 0 ? [{ type: "text", text }] : [];
  for (const a of attachments) content.push({ type: "image", source: { type: "base64", media_type: a.mimeType, data: a.data } });
  return { role: "user", content };
}

const SUMMARY_PREFIX = "[Compacted: ";

function hasToolResult(m: Message): boolean {
  return m.content.some((b) => b.type === "tool_result");
}

/**
 * Simulated compaction: replaces the oldest messages by one summary message so the kept tail
 * fits in half the budget. The cut never separates a tool_result from its tool_use. Returns
 * null when nothing can be compacted (the host's "compactor exhausted": no post-compact).
 */
export function compactHistory(messages: readonly Message[], budgetChars: number): { messages: Message[]; removed: number } | null {
  const len = messages.length;
  if (len < 2) return null;
  const target = Math.floor(budgetChars / 2);
  // Smallest cut whose tail fits the target (or keep only the last message).
  let cut = len - 1;
  let tail = 0;
  for (let i = len - 1; i >= 1; i--) {
    tail += historyChars([messages[i] as Message]);
    if (tail > target) break;
    cut = i;
  }
  const valid = (c: number) => !(messages[c]?.role === "user" && hasToolResult(messages[c] as Message));
  let chosen = -1;
  for (let c = cut; c <= len - 1 && chosen < 0; c++) if (valid(c)) chosen = c;
  for (let c = cut - 1; c >= 1 && chosen < 0; c--) if (valid(c)) chosen = c;
  if (chosen < 1) return null;
  const removed = messages.slice(0, chosen);
  // Re-summarising only an earlier summary would loop forever without shrinking anything.
  if (removed.length === 1 && textOf(removed[0]?.content ?? []).startsWith(SUMMARY_PREFIX)) return null;
  const firstUser = removed.find((m) => m.role === "user" && textOf(m.content) !== "");
  const preview = firstUser ? ` It began with: "${textOf(firstUser.content).slice(0, 60)}"` : "";
  const summary = userText(`${SUMMARY_PREFIX}${removed.length} earlier messages (${historyChars(removed)} characters) were summarized.]${preview}`);
  return { messages: [summary, ...messages.slice(chosen)], removed: removed.length };
}
