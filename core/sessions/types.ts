import type { PointFixture } from "../pipeline/pointFixtureSchema";
import type { ContentBlock } from "../pipeline/schema";

/** The hosts whose session files Hookwright reads (one reader each, core/sessions/registry.ts). */
export type SessionHost = "claude-code" | "codex" | "openclaw" | "recording";

/**
 * One step of a recorded conversation, as every reader hands it to {@link sessionToScenario}: the
 * host's records reduced to what a scenario can hold.
 */
export type SessionStep =
  /** A person's message (the prompt of a turn). */
  | { kind: "user"; text: string }
  /** Part or all of one model reply; consecutive assistant steps are one reply. */
  | { kind: "assistant"; content: ContentBlock[]; stopReason: StopReason | null; error?: string }
  /** A tool's recorded answer to a call of the reply before it. */
  | { kind: "tool_result"; toolUseId: string; toolName: string | null; content: string; isError: boolean; sideFile?: boolean }
  /** The host compacted the history here: the summary replaced what came before. */
  | { kind: "compaction"; summary: string | null; trigger: string | null; tokensBefore: number | null }
  /** Instructions the host sent as a system/developer message. */
  | { kind: "system"; text: string }
  /** What a hook of the host said about a tool call (Claude Code hook records). */
  | { kind: "hook"; toolUseId: string | null; event: string | null; text: string };

export type StopReason = "end_turn" | "tool_use" | "max_tokens" | "stop_sequence";

/** A leaf of a session tree other hosts' branches end at (edits, retries, abandoned paths). */
export interface SessionBranch {
  /** The id of the branch's last record (pass it as `branch` to import this branch). */
  leaf: string;
  /** Records from the root to the leaf. */
  records: number;
  /** The first words of its last message. */
  preview: string;
  /** The host's title for it, where it recorded one (Claude Code `summary` records). */
  title: string | null;
  timestamp: string | null;
  chosen: boolean;
}

/** A line that could not be read: its 1-based number and what was wrong. */
export interface BadLine {
  line: number;
  problem: string;
}

/** What a reader found, before the steps become a scenario. */
export interface SessionReadResult {
  host: SessionHost;
  steps: SessionStep[];
  /** Instructions the file records (Codex `base_instructions`), null where the host does not record them. */
  system: string | null;
  branches: SessionBranch[];
  meta: { sessionId: string | null; cwd: string | null; version: string | null; model: string | null; startedAt: string | null };
  /** Plain words about what the reader left out (thinking, images, sidechains…). */
  notes: string[];
  /** The recorded inputs per point ("Run this point" contexts), from a recording; absent for transcripts. */
  fixtures?: PointFixture[];
  /** The profile the file's host is, when the file says (a recording names its host); else the registry's. */
  profile?: string | null;
}

/**
 * A reader of one host's session JSONL, fed one parsed line at a time so a file of any size is read
 * in memory proportional to what it keeps, never to the file.
 */
export interface SessionReader {
  /** One parsed record; `line` is its 1-based line number. Unknown types are counted, never thrown. */
  record(value: unknown, line: number): void;
  /** The conversation on the chosen branch (`leaf`, default: the branch ending at the last record). */
  finish(options: { leaf?: string | null }): SessionReadResult;
}

/** Counts by record type, shared by the readers and the import summary. */
export interface RecordCounts {
  /** Records of types (or subtypes) the reader does not know: skipped. */
  unknown: Map<string, number>;
  /** Records of known types that a scenario has no place for (token counts, UI state, …): skipped. */
  notImported: Map<string, number>;
}

export function createRecordCounts(): RecordCounts {
  return { unknown: new Map(), notImported: new Map() };
}

export function bump(map: Map<string, number>, key: string, by = 1): void {
  map.set(key, (map.get(key) ?? 0) + by);
}

/** A JSON object's fields, or null when the value is not an object. */
export function asObject(value: unknown): Record<string, unknown> | null {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

export function asString(value: unknown): string | null {
  return typeof value === "string" ? value : null;
}

/** The text of a string or of a block list's text blocks (Messages-API / pi content), joined by newlines. */
export function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  const parts: string[] = [];
  for (const block of content) {
    const b = asObject(block);
    if (!b) continue;
    const text = asString(b["text"]);
    if (text !== null && (b["type"] === "text" || b["type"] === "input_text" || b["type"] === "output_text")) parts.push(text);
  }
  return parts.join("\n");
}

/**
 * The first words of `text`, on one line. Only the head of the text is read, and the result is
 * built from its own characters: a slice would keep the whole (possibly megabytes) string alive.
 */
export function preview(text: string, max = 80): string {
  const flat = text.slice(0, max * 4).replace(/\s+/g, " ").trim();
  return flat.length > max ? `${[...flat.slice(0, max - 1)].join("")}…` : [...flat].join("");
}
