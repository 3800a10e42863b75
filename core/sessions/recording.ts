import type { ContentBlock } from "../pipeline/schema";
import { SessionImportError } from "./errors";
import { recordedFixtures, type RecordedEvent } from "./recordingFixtures";
import { at, RECORDING_MAPS, type RecordingMap } from "./recordingMaps";
import { asObject, asString, bump, preview, type RecordCounts, type SessionBranch, type SessionReader, type SessionReadResult, type SessionStep, type StopReason } from "./types";

/**
 * A file of Hookwright's recorder (core/bundles/recorder.ts): one line per hook event,
 * `{"hookwright_recording":1,"host","point","at","session","input"}`, of one or more sessions.
 * Each session is a branch (its id the leaf; the default is the session of the last line). The
 * chosen session's events become its conversation, mapped by the host's {@link RecordingMap}
 * (prompt, tool calls and results, replies), and every event becomes a "Run this point" context.
 */

const STOP_REASONS = new Set<StopReason>(["end_turn", "tool_use", "max_tokens", "stop_sequence"]);

interface Session {
  id: string;
  host: string;
  events: RecordedEvent[];
  lastLine: number;
}

export function createRecordingReader(counts: RecordCounts): SessionReader {
  const sessions = new Map<string, Session>();
  let capped = 0;
  let oversize = 0;
  let lastSession: string | null = null;

  return {
    record(value, line) {
      const r = asObject(value);
      if (!r || r["hookwright_recording"] !== 1) {
        bump(counts.unknown, r ? (asString(r["type"]) ?? "(not a recorder line)") : "(not an object)");
        return;
      }
      if (r["capped"] === true) {
        capped++;
        return;
      }
      const point = asString(r["point"]);
      const input = asObject(r["input"]);
      if (point === null || input === null) {
        if (r["input"] === null && typeof r["inputBytes"] === "number") oversize++;
        else bump(counts.unknown, "recorder line without point or input");
        return;
      }
      const id = asString(r["session"]) ?? "no-session";
      let session = sessions.get(id);
      if (!session) {
        session = { id, host: asString(r["host"]) ?? "unknown", events: [], lastLine: line };
        sessions.set(id, session);
      }
      session.events.push({ point, at: asString(r["at"]), input });
      session.lastLine = line;
      lastSession = id;
    },

    finish({ leaf }) {
      const chosenId = leaf ?? lastSession;
      const chosen = chosenId === null ? undefined : sessions.get(chosenId);
      if (!chosen) {
        if (leaf) throw new SessionImportError("NO_SUCH_BRANCH", `no session "${leaf}" in this recording (its sessions are listed in the import summary)`);
        throw new SessionImportError("EMPTY", "the recording has no recorded events");
      }
      const map = RECORDING_MAPS[chosen.host];
      const steps = map ? conversationOf(chosen.events, map) : [];
      const { fixtures, tooLarge, overCount } = recordedFixtures(chosen.events, map);
      const points = new Set(chosen.events.map((e) => e.point));
      const notes = [`${chosen.events.length} recorded event${chosen.events.length === 1 ? "" : "s"} on ${points.size} point${points.size === 1 ? "" : "s"}: ${fixtures.length} become${fixtures.length === 1 ? "s" : ""} "Run this point" contexts`];
      if (!map) notes.push(`recorded from the host "${chosen.host}", whose events Hookwright cannot turn into a conversation: only the "Run this point" contexts are imported`);
      if (overCount > 0) notes.push(`${overCount} more event${overCount === 1 ? "" : "s"} not kept as contexts (a scenario keeps at most ${fixtures.length + tooLarge})`);
      if (tooLarge > 0) notes.push(`${tooLarge} recorded input${tooLarge === 1 ? " is" : "s are"} too large to keep as a context, even with long strings cut`);
      if (oversize > 0) notes.push(`${oversize} event${oversize === 1 ? " was" : "s were"} over the recorder's line cap: the recording has only ${oversize === 1 ? "its" : "their"} size`);
      if (capped > 0) notes.push("the recording reached its size cap: the recorder wrote nothing after that");
      const first = chosen.events[0];
      return {
        host: "recording",
        steps,
        system: null,
        branches: [...sessions.values()].map((s) => branchOf(s, s === chosen)),
        meta: { sessionId: chosen.id, cwd: asString(at(first?.input, ["cwd"])), version: null, model: null, startedAt: first?.at ?? null },
        notes,
        fixtures,
        profile: map?.profile ?? null,
      } satisfies SessionReadResult;
    },
  };
}

function branchOf(s: Session, chosen: boolean): SessionBranch {
  const map = RECORDING_MAPS[s.host];
  const prompt = map ? s.events.map((e) => promptOf(e, map)).find((p) => p !== null) : undefined;
  return { leaf: s.id, records: s.events.length, preview: preview(prompt ?? s.events.map((e) => e.point).join(", ")), title: map?.name ?? s.host, timestamp: s.events[0]?.at ?? null, chosen };
}

function promptOf(event: RecordedEvent, map: RecordingMap): string | null {
  for (const m of map.prompt) {
    if (m.point !== event.point) continue;
    const text = at(event.input, m.path);
    if (typeof text === "string" && text !== "") return text;
  }
  return null;
}

function contentText(value: unknown): string {
  return typeof value === "string" ? value : value === undefined ? "" : JSON.stringify(value);
}

/** Reply blocks a scenario can hold: text and tool calls. */
function replyBlocks(value: unknown): ContentBlock[] {
  if (!Array.isArray(value)) return [];
  const out: ContentBlock[] = [];
  for (const item of value) {
    const b = asObject(item);
    if (b?.["type"] === "text" && typeof b["text"] === "string") out.push({ type: "text", text: b["text"] });
    const input = asObject(b?.["input"]);
    if (b?.["type"] === "tool_use" && typeof b["id"] === "string" && typeof b["name"] === "string" && input) out.push({ type: "tool_use", id: b["id"], name: b["name"], input });
  }
  return out;
}

/** The session's conversation in the order the host fired its points. */
/** What a call gets when the recording holds no result for it. */
const NO_RESULT = "No result was recorded for this call: the host fired no post-tool point for it (a hook may have blocked it).";

function conversationOf(events: readonly RecordedEvent[], map: RecordingMap): SessionStep[] {
  const steps: SessionStep[] = [];
  let lastPrompt: string | null = null;
  let synthetic = 0;
  // Calls without a recorded id are answered by the next result of the same tool.
  const pending: { id: string; name: string }[] = [];
  // A call no result was recorded for (a hook blocked it, so no post-tool point fired) is answered before the turn goes on, so the model's next words stay a reply of their own.
  const settle = () => {
    for (const p of pending.splice(0)) steps.push({ kind: "tool_result", toolUseId: p.id, toolName: p.name, content: NO_RESULT, isError: true });
  };
  for (const event of events) {
    const prompt = promptOf(event, map);
    // A host may hand the same prompt to several points of one turn (OpenClaw): one user step.
    if (prompt !== null && prompt !== lastPrompt) {
      settle();
      steps.push({ kind: "user", text: prompt });
      lastPrompt = prompt;
    }
    for (const m of map.reply) {
      if (m.point !== event.point) continue;
      const content = replyBlocks(at(event.input, m.content));
      const stop = at(event.input, m.stopReason);
      if (content.length > 0) steps.push({ kind: "assistant", content, stopReason: STOP_REASONS.has(stop as StopReason) ? (stop as StopReason) : null });
    }
    for (const m of map.toolCall) {
      if (m.point !== event.point) continue;
      const name = asString(at(event.input, m.name));
      if (name === null) continue;
      const id = asString(at(event.input, m.id)) ?? `recorded-call-${++synthetic}`;
      const input = asObject(at(event.input, m.input)) ?? {};
      pending.push({ id, name });
      steps.push({ kind: "assistant", content: [{ type: "tool_use", id, name, input }], stopReason: "tool_use" });
    }
    for (const m of map.toolResult) {
      if (m.point !== event.point) continue;
      const name = m.name ? asString(at(event.input, m.name)) : null;
      let id = asString(at(event.input, m.id));
      if (id === null) {
        const i = pending.findIndex((p) => p.name === name);
        id = i >= 0 ? (pending[i]?.id ?? null) : null;
      }
      if (id === null) continue;
      const i = pending.findIndex((p) => p.id === id);
      if (i >= 0) pending.splice(i, 1);
      const error = m.error ? at(event.input, m.error) : undefined;
      const failed = m.failed || (error !== undefined && error !== null) || (m.isError ? at(event.input, m.isError) === true : false);
      steps.push({ kind: "tool_result", toolUseId: id, toolName: name, content: contentText(error !== undefined && error !== null ? error : at(event.input, m.content)), isError: failed });
    }
    for (const m of map.finalText) {
      if (m.point !== event.point) continue;
      const text = at(event.input, m.path);
      if (typeof text !== "string" || text === "") continue;
      settle();
      steps.push({ kind: "assistant", content: [{ type: "text", text }], stopReason: "end_turn" });
    }
  }
  return steps;
}
