import type { Json, JsonObject } from "../json";

/** A message flattened for display: role, then text / tool-use / tool-result blocks. */
export interface DisplayMessage {
  role: string;
  blocks: DisplayBlock[];
}
export type DisplayBlock =
  | { kind: "text"; text: string }
  | { kind: "tool_use"; id: string; name: string; input: string }
  | { kind: "tool_result"; toolUseId: string; text: string; isError: boolean }
  | { kind: "other"; json: string };

const isObject = (v: unknown): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);

/** True for arrays that look like host messages (`{role, content}`), so we render them as a conversation. */
export function isMessageArray(value: Json | undefined): value is Json[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((m) => isObject(m) && typeof m["role"] === "string" && "content" in m)
  );
}

/** Accepts any message-shaped value (trace messages are typed, context fields are plain JSON). */
export function toDisplayMessage(value: unknown): DisplayMessage {
  if (!isObject(value)) return { role: "?", blocks: [{ kind: "other", json: JSON.stringify(value) }] };
  const role = typeof value["role"] === "string" ? value["role"] : "?";
  const content = value["content"];
  if (typeof content === "string") return { role, blocks: [{ kind: "text", text: content }] };
  if (!Array.isArray(content)) return { role, blocks: [{ kind: "other", json: JSON.stringify(content) }] };
  return { role, blocks: content.map(toDisplayBlock) };
}

function toDisplayBlock(block: unknown): DisplayBlock {
  if (!isObject(block)) return { kind: "other", json: JSON.stringify(block) };
  switch (block["type"]) {
    case "text":
      return { kind: "text", text: String(block["text"] ?? "") };
    case "tool_use":
      return {
        kind: "tool_use",
        id: String(block["id"] ?? ""),
        name: String(block["name"] ?? ""),
        input: JSON.stringify(block["input"] ?? {}),
      };
    case "tool_result": {
      const c = block["content"];
      const text = typeof c === "string" ? c : Array.isArray(c) ? c.map((b) => (isObject(b) ? String(b["text"] ?? "") : "")).join("") : "";
      return { kind: "tool_result", toolUseId: String(block["tool_use_id"] ?? ""), text, isError: block["is_error"] === true };
    }
    case "image": {
      // The base64 bytes say nothing to a reader; their type and size do.
      const source = isObject(block["source"]) ? block["source"] : {};
      return { kind: "other", json: `[image ${String(source["media_type"] ?? "")}, ${String(source["data"] ?? "").length} characters of base64]` };
    }
    default:
      return { kind: "other", json: JSON.stringify(block) };
  }
}

export type MessageChange =
  | { kind: "same"; message: DisplayMessage; index: number }
  | { kind: "added"; message: DisplayMessage; index: number }
  | { kind: "removed"; message: DisplayMessage; index: number }
  | { kind: "changed"; before: DisplayMessage; after: DisplayMessage; index: number };

/**
 * Aligns two message lists (LCS over whole messages) and reports each as same/added/removed,
 * pairing a removal directly followed by an addition as "changed" (an edited message).
 * `index` is the position in the list it belongs to (after for same/added/changed, before for removed).
 */
export function diffMessages(before: readonly Json[], after: readonly Json[]): MessageChange[] {
  const a = before.map((m) => JSON.stringify(m));
  const b = after.map((m) => JSON.stringify(m));
  // Skip the shared head and tail: hooks usually append or edit one message in a long history.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);
  const rows = midA.length + 1;
  const cols = midB.length + 1;
  const lcs = new Uint32Array(rows * cols);
  for (let i = midA.length - 1; i >= 0; i--)
    for (let j = midB.length - 1; j >= 0; j--)
      lcs[i * cols + j] =
        midA[i] === midB[j] ? (lcs[(i + 1) * cols + j + 1] ?? 0) + 1 : Math.max(lcs[(i + 1) * cols + j] ?? 0, lcs[i * cols + j + 1] ?? 0);
  const out: MessageChange[] = [];
  const msg = (list: readonly Json[], i: number) => toDisplayMessage(list[i] ?? null);
  for (let k = 0; k < head; k++) out.push({ kind: "same", message: msg(after, k), index: k });
  let i = 0;
  let j = 0;
  while (i < midA.length || j < midB.length) {
    if (i < midA.length && j < midB.length && midA[i] === midB[j]) {
      out.push({ kind: "same", message: msg(after, head + j), index: head + j });
      i++;
      j++;
    } else if (i < midA.length && (j >= midB.length || (lcs[(i + 1) * cols + j] ?? 0) >= (lcs[i * cols + j + 1] ?? 0))) {
      out.push({ kind: "removed", message: msg(before, head + i), index: head + i });
      i++;
    } else {
      const prev = out[out.length - 1];
      if (prev && prev.kind === "removed") {
        out[out.length - 1] = { kind: "changed", before: prev.message, after: msg(after, head + j), index: head + j };
      } else out.push({ kind: "added", message: msg(after, head + j), index: head + j });
      j++;
    }
  }
  for (let k = 0; k < tail; k++) {
    const idx = after.length - tail + k;
    out.push({ kind: "same", message: msg(after, idx), index: idx });
  }
  return out;
}
