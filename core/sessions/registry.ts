import { createClaudeCodeReader } from "./claudeCode";
import { createCodexReader } from "./codex";
import { createOpenClawReader } from "./openclaw";
import { createRecordingReader } from "./recording";
import { asObject, asString, type RecordCounts, type SessionHost, type SessionReader } from "./types";

/** One reader per host's session format, and the profile id of that host's pipelines. */
/**
 * `branchesAreSessions`: the format's branches are separate sessions (a recording file joined from
 * several), so an import offers a scenario for each, not a choice of one.
 */
export const SESSION_READERS: Record<SessionHost, { create: (counts: RecordCounts) => SessionReader; profile: string | null; fileHint: string; branchesAreSessions?: boolean }> = {
  "claude-code": { create: createClaudeCodeReader, profile: "claude-code", fileHint: "~/.claude/projects/<project>/<session-id>.jsonl" },
  codex: { create: createCodexReader, profile: "codex", fileHint: "~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl" },
  openclaw: { create: createOpenClawReader, profile: "openclaw", fileHint: "~/.openclaw/agents/<agent>/sessions/<id>.jsonl" },
  // The host is in the file (each line's `host`): the reader says which profile it is.
  recording: { create: createRecordingReader, profile: null, fileHint: "<project>/.hookwright/recordings/<session id>.jsonl (Hookwright's recorder)", branchesAreSessions: true },
};

const CODEX_TYPES = new Set(["session_meta", "turn_context", "response_item", "event_msg", "compacted"]);

/**
 * Which host wrote a record, from its shape; null when this record does not tell (a Claude Code
 * `file-history-snapshot`, say): the importer looks at the next.
 */
export function detectHost(value: unknown): SessionHost | null {
  const r = asObject(value);
  if (!r) return null;
  if (r["hookwright_recording"] === 1) return "recording";
  const type = asString(r["type"]);
  if (type !== null && CODEX_TYPES.has(type) && "payload" in r) return "codex";
  if (type === "session" && "version" in r) return "openclaw";
  if ("parentId" in r && "id" in r) return "openclaw";
  if ("parentUuid" in r || "leafUuid" in r || ("uuid" in r && "sessionId" in r)) return "claude-code";
  if (r["record_type"] !== undefined || (type === "message" && "role" in r) || type === "function_call") return "codex";
  return null;
}
