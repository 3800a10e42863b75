import type { ContentBlock } from "../pipeline/schema";
import { treePath } from "./treePath";
import { SessionImportError } from "./errors";
import { asObject, asString, bump, preview, textOf, type RecordCounts, type SessionBranch, type SessionReadResult, type SessionReader, type SessionStep, type StopReason } from "./types";

interface Entry {
  parent: string | null;
  line: number;
  message: boolean;
  steps: SessionStep[];
  timestamp: string | null;
  /** What to show for an entry without steps (a bash execution's command). */
  note: string | null;
}

/** pi's stop reasons (`stop | length | toolUse | error | aborted`) as the scenario's. */
const STOP: Record<string, StopReason> = { stop: "end_turn", toolUse: "tool_use", length: "max_tokens", aborted: "end_turn" };
/** Entry types of the pi v3 tree that do not enter the model's context, or that a scenario has no place for. */
const NOT_IMPORTED = new Set(["model_change", "thinking_level_change", "custom", "label", "session_info", "custom_message", "branch_summary", "reset"]);

/**
 * Reads an OpenClaw session (`~/.openclaw/agents/<agent>/sessions/<id>.jsonl`, pi's session v3): a
 * `session` header (id, cwd, version), then entries linked by `id`/`parentId` into a tree: `message`
 * (`user`, `assistant` with `text` / `thinking` / `toolCall` blocks and a stop reason, `toolResult`
 * answering a call by `toolCallId`, and pi's own roles: `bashExecution`, `custom`,
 * `branchSummary`, `compactionSummary`), `compaction` (a summary with `firstKeptEntryId` and
 * `tokensBefore`), and settings entries (model and thinking-level changes, labels…). The branch
 * imported ends at the last entry unless a leaf is named.
 */
export function createOpenClawReader(counts: RecordCounts): SessionReader {
  const entries = new Map<string, Entry>();
  const hasChild = new Set<string>();
  const toolNames = new Map<string, string>();
  const meta: SessionReadResult["meta"] = { sessionId: null, cwd: null, version: null, model: null, startedAt: null };
  const dropped = { thinking: 0, images: 0, roles: new Map<string, number>() };
  let lastMessage: string | null = null;

  function assistantSteps(m: Record<string, unknown>): SessionStep[] {
    meta.model ??= asString(m["model"]);
    const content: ContentBlock[] = [];
    for (const raw of Array.isArray(m["content"]) ? m["content"] : []) {
      const b = asObject(raw);
      const type = asString(b?.["type"]);
      if (b && type === "text" && typeof b["text"] === "string") content.push({ type: "text", text: b["text"] });
      else if (b && type === "toolCall" && typeof b["id"] === "string" && typeof b["name"] === "string") {
        toolNames.set(b["id"], b["name"]);
        content.push({ type: "tool_use", id: b["id"], name: b["name"], input: asObject(b["arguments"]) ?? {} });
      } else if (type === "thinking") dropped.thinking++;
      else if (type === "image") dropped.images++;
      else bump(counts.unknown, `message.assistant.${type ?? "(no type)"}`);
    }
    const stop = asString(m["stopReason"]);
    if (stop === "error") return [{ kind: "assistant", content, stopReason: null, error: asString(m["errorMessage"]) ?? "provider error" }];
    return [{ kind: "assistant", content, stopReason: stop === null ? null : (STOP[stop] ?? "end_turn") }];
  }

  function messageSteps(m: Record<string, unknown>): SessionStep[] {
    const role = asString(m["role"]) ?? "(no role)";
    switch (role) {
      case "user":
        if (Array.isArray(m["content"])) for (const b of m["content"]) if (asObject(b)?.["type"] === "image") dropped.images++;
        return [{ kind: "user", text: textOf(m["content"]) }];
      case "assistant":
        return assistantSteps(m);
      case "toolResult": {
        const id = asString(m["toolCallId"]);
        if (id === null) return bump(counts.unknown, "message.toolResult (no toolCallId)"), [];
        return [{ kind: "tool_result", toolUseId: id, toolName: asString(m["toolName"]) ?? toolNames.get(id) ?? null, content: textOf(m["content"]), isError: m["isError"] === true }];
      }
      case "compactionSummary":
        return [{ kind: "compaction", summary: asString(m["summary"]), trigger: null, tokensBefore: typeof m["tokensBefore"] === "number" ? m["tokensBefore"] : null }];
      case "bashExecution":
      case "custom":
      case "branchSummary":
        bump(dropped.roles, role);
        return [];
      default:
        bump(counts.unknown, `message.${role}`);
        return [];
    }
  }

  return {
    record(value, line) {
      const record = asObject(value);
      if (!record) return void bump(counts.unknown, "(not an object)");
      const type = asString(record["type"]) ?? "(no type)";
      if (type === "session") {
        meta.sessionId ??= asString(record["id"]);
        meta.cwd ??= asString(record["cwd"]);
        meta.version ??= record["version"] === undefined ? null : String(record["version"]);
        meta.startedAt ??= asString(record["timestamp"]);
        return;
      }
      const id = asString(record["id"]);
      const parent = asString(record["parentId"]);
      if (parent !== null) hasChild.add(parent);
      let steps: SessionStep[] = [];
      if (type === "message") {
        const m = asObject(record["message"]);
        steps = m ? messageSteps(m) : (bump(counts.unknown, "message (no message)"), []);
      } else if (type === "compaction") {
        steps = [{ kind: "compaction", summary: asString(record["summary"]), trigger: null, tokensBefore: typeof record["tokensBefore"] === "number" ? record["tokensBefore"] : null }];
      } else bump(NOT_IMPORTED.has(type) ? counts.notImported : counts.unknown, type);
      if (id === null) return;
      const message = type === "message";
      // pi's own roles leave no step; a bash execution still says what it ran.
      const command = asString(asObject(record["message"])?.["command"]);
      entries.set(id, { parent, line, message, steps, timestamp: asString(record["timestamp"]), note: steps.length === 0 && command !== null ? `$ ${command}` : null });
      if (message) lastMessage = id;
    },
    finish({ leaf }) {
      if (lastMessage === null) throw new SessionImportError("EMPTY", "no message entry with an id: this is not an OpenClaw session with a conversation");
      const chosen = leaf ?? lastMessage;
      if (!entries.has(chosen)) throw new SessionImportError("NO_SUCH_BRANCH", `no entry with id "${chosen}" in this session (the leaves are listed in the import summary)`);
      const path = pathTo(chosen);
      // A compaction's summary replaced the entries before its first kept one: the model saw the summary, not them.
      const branches: SessionBranch[] = [];
      const leaves = new Set<string>();
      for (const id of entries.keys()) {
        if (hasChild.has(id)) continue;
        // The last message of the path that ends here (a settings entry after it is not a branch of its own).
        let at: string | null = id;
        for (let guard = 0; at !== null && guard < 10_000; guard++) {
          const e = entries.get(at);
          if (!e) break;
          if (e.message) {
            leaves.add(at);
            break;
          }
          at = e.parent;
        }
      }
      for (const id of leaves) {
        const e = entries.get(id);
        if (e) branches.push({ leaf: id, records: pathTo(id).records.length, preview: previewOf(e), title: null, timestamp: e.timestamp, chosen: id === chosen });
      }
      if (!leaves.has(chosen)) branches.push({ leaf: chosen, records: path.records.length, preview: (() => { const e = entries.get(chosen); return e ? previewOf(e) : ""; })(), title: null, timestamp: entries.get(chosen)?.timestamp ?? null, chosen: true });
      const notes: string[] = [];
      if (path.missingParent !== null) notes.push(`the branch starts at an entry whose parent ${path.missingParent} is not in this file: the conversation before it is not imported`);
      if (dropped.thinking > 0) notes.push(`${dropped.thinking} thinking block${dropped.thinking === 1 ? "" : "s"} not imported`);
      if (dropped.images > 0) notes.push(`${dropped.images} image${dropped.images === 1 ? "" : "s"} not imported`);
      for (const [role, n] of dropped.roles) notes.push(`${n} "${role}" message${n === 1 ? "" : "s"} not imported (pi's own roles, no model turn)`);
      const steps: SessionStep[] = [];
      for (const id of path.records) for (const s of entries.get(id)?.steps ?? []) steps.push(s);
      return { host: "openclaw", steps, system: null, branches, meta, notes };
    },
  };

  function previewOf(e: Entry): string {
    const last = e.steps.at(-1);
    if (last === undefined) return e.note ?? "";
    if (last.kind === "assistant") return preview(last.error !== undefined ? `error: ${last.error}` : textOf(last.content) || last.content.map((b) => (b.type === "tool_use" ? b.name : "")).join(" "));
    return preview(last.kind === "tool_result" ? last.content : last.kind === "compaction" ? (last.summary ?? "") : last.kind === "hook" || last.kind === "user" || last.kind === "system" ? last.text : "");
  }

  function pathTo(leaf: string): { records: string[]; missingParent: string | null } {
    return treePath(leaf, (id) => entries.get(id), { record: "entry", parentField: "parentId" });
  }
}
