import type { ContentBlock } from "../pipeline/schema";
import { treePath } from "./treePath";
import { SessionImportError } from "./errors";
import {
  asObject,
  asString,
  bump,
  preview,
  textOf,
  type RecordCounts,
  type SessionBranch,
  type SessionReadResult,
  type SessionReader,
  type SessionStep,
  type StopReason,
} from "./types";

/** One record of the uuid/parentUuid tree, with only what a scenario needs of it. */
interface Node {
  parent: string | null;
  /** A compact boundary starts a new chain (`parentUuid: null`) and names the old one here. */
  logicalParent: string | null;
  line: number;
  message: boolean;
  sidechain: boolean;
  steps: SessionStep[];
  timestamp: string | null;
}

/** Record types Claude Code writes that a scenario has no place for (UI state, snapshots, progress). */
const NOT_IMPORTED = new Set(["file-history-snapshot", "queue-operation", "progress", "custom-title", "agent-name", "last-prompt", "tag", "pr-link", "worktree-state"]);

const STOP_REASONS: Record<string, StopReason> = { end_turn: "end_turn", tool_use: "tool_use", max_tokens: "max_tokens", stop_sequence: "stop_sequence", pause_turn: "end_turn", refusal: "end_turn" };

const SIDE_FILE = /<persisted-output>|\/tool-results\/[\w.-]+/;

/**
 * Reads a Claude Code transcript (`~/.claude/projects/<project>/<session>.jsonl`): `user` and
 * `assistant` records carrying Messages-API messages, linked by `uuid`/`parentUuid` into a tree
 * (an edit or a retry starts a second branch; `isSidechain` records are a subagent's own
 * conversation), `summary` records titling a leaf, `system` records (a `compact_boundary` restarts
 * the chain and names the old one in `logicalParentUuid`) and hook attachments. The branch imported
 * ends at the last record unless a leaf is named; the other leaves are listed.
 */
export function createClaudeCodeReader(counts: RecordCounts): SessionReader {
  const nodes = new Map<string, Node>();
  const hasChild = new Set<string>();
  const titles = new Map<string, string>();
  const toolNames = new Map<string, string>();
  const meta: SessionReadResult["meta"] = { sessionId: null, cwd: null, version: null, model: null, startedAt: null };
  const dropped = { thinking: 0, images: 0, sidechain: 0, meta: 0, otherBlocks: new Map<string, number>() };
  let lastMessage: string | null = null;
  // A subagent's own transcript (`<session>/subagents/agent-<id>.jsonl`) holds only sidechain records:
  // its conversation is read until a main-chain message shows the file is a whole session.
  let lastSidechainMessage: string | null = null;
  let agentId: string | null = null;

  function contentBlocks(content: unknown): ContentBlock[] {
    if (typeof content === "string") return content === "" ? [] : [{ type: "text", text: content }];
    const out: ContentBlock[] = [];
    if (!Array.isArray(content)) return out;
    for (const raw of content) {
      const b = asObject(raw);
      const type = asString(b?.["type"]) ?? "(no type)";
      if (b && type === "text" && typeof b["text"] === "string") out.push({ type: "text", text: b["text"] });
      else if (b && type === "tool_use" && typeof b["id"] === "string" && typeof b["name"] === "string") {
        toolNames.set(b["id"], b["name"]);
        out.push({ type: "tool_use", id: b["id"], name: b["name"], input: asObject(b["input"]) ?? {} });
      } else if (type === "thinking" || type === "redacted_thinking") dropped.thinking++;
      else bump(dropped.otherBlocks, type);
    }
    return out;
  }

  function userSteps(message: Record<string, unknown>, record: Record<string, unknown>): SessionStep[] {
    const content = message["content"];
    if (record["isCompactSummary"] === true) return [{ kind: "compaction", summary: textOf(content), trigger: null, tokensBefore: null }];
    if (typeof content === "string") return [{ kind: "user", text: content }];
    const steps: SessionStep[] = [];
    const texts: string[] = [];
    for (const raw of Array.isArray(content) ? content : []) {
      const b = asObject(raw);
      const type = asString(b?.["type"]);
      if (!b) continue;
      if (type === "tool_result" && typeof b["tool_use_id"] === "string") {
        const text = resultText(b["content"]);
        steps.push({ kind: "tool_result", toolUseId: b["tool_use_id"], toolName: toolNames.get(b["tool_use_id"]) ?? null, content: text, isError: b["is_error"] === true, ...(SIDE_FILE.test(text) ? { sideFile: true } : {}) });
      } else if (type === "text" && typeof b["text"] === "string") texts.push(b["text"]);
      else if (type === "image") dropped.images++;
      else bump(dropped.otherBlocks, type ?? "(no type)");
    }
    if (texts.length > 0) steps.push({ kind: "user", text: texts.join("\n") });
    return steps;
  }

  function resultText(content: unknown): string {
    if (typeof content === "string") return content;
    if (Array.isArray(content)) {
      for (const b of content) if (asObject(b)?.["type"] === "image") dropped.images++;
      return textOf(content);
    }
    return content === undefined || content === null ? "" : JSON.stringify(content);
  }

  function stepsOf(type: string, record: Record<string, unknown>): SessionStep[] | null {
    const message = asObject(record["message"]);
    if (type === "user" && message) {
      if (record["isMeta"] === true) {
        dropped.meta++;
        return [];
      }
      return userSteps(message, record);
    }
    if (type === "assistant" && message) {
      meta.model ??= asString(message["model"]);
      if (record["isApiErrorMessage"] === true) return [{ kind: "assistant", content: [], stopReason: null, error: textOf(message["content"]) || "API error" }];
      const stop = asString(message["stop_reason"]);
      return [{ kind: "assistant", content: contentBlocks(message["content"]), stopReason: stop === null ? null : (STOP_REASONS[stop] ?? "end_turn") }];
    }
    if (type === "system") {
      const subtype = asString(record["subtype"]) ?? "(none)";
      if (subtype === "compact_boundary") {
        const m = asObject(record["compactMetadata"]);
        return [{ kind: "compaction", summary: null, trigger: asString(m?.["trigger"]), tokensBefore: typeof m?.["preTokens"] === "number" ? m["preTokens"] : null }];
      }
      const text = asString(record["content"]);
      if (text !== null && (typeof record["toolUseID"] === "string" || /hook/i.test(subtype) || /\bhook\b/i.test(text))) {
        return [{ kind: "hook", toolUseId: asString(record["toolUseID"]), event: asString(record["hookEvent"]) ?? asString(record["hookName"]), text }];
      }
      bump(counts.notImported, `system.${subtype}`);
      return [];
    }
    if (type === "attachment") {
      const a = asObject(record["attachment"]);
      const kind = asString(a?.["type"]) ?? "(none)";
      if (a && kind.startsWith("hook")) {
        const text = [a["content"], a["stdout"], a["stderr"], a["blockingError"]].find((v): v is string => typeof v === "string" && v !== "") ?? "";
        return [{ kind: "hook", toolUseId: asString(a["toolUseID"]), event: asString(a["hookName"]) ?? asString(a["hookEvent"]), text: text === "" ? kind : `${kind}: ${text}` }];
      }
      bump(counts.notImported, `attachment.${kind}`);
      return [];
    }
    return null;
  }

  return {
    record(value, line) {
      const record = asObject(value);
      if (!record) {
        bump(counts.unknown, "(not an object)");
        return;
      }
      const type = asString(record["type"]) ?? "(no type)";
      if (type === "summary") {
        const leaf = asString(record["leafUuid"]);
        const summary = asString(record["summary"]);
        if (leaf !== null && summary !== null) titles.set(leaf, summary);
        return;
      }
      meta.sessionId ??= asString(record["sessionId"]);
      meta.cwd ??= asString(record["cwd"]);
      meta.version ??= asString(record["version"]);
      const uuid = asString(record["uuid"]);
      const known = type === "user" || type === "assistant" || type === "system" || type === "attachment";
      if (!known) bump(NOT_IMPORTED.has(type) ? counts.notImported : counts.unknown, type);
      if (uuid === null) {
        if (known) bump(counts.unknown, `${type} (no uuid)`);
        return;
      }
      const parent = asString(record["parentUuid"]);
      const logicalParent = asString(record["logicalParentUuid"]);
      if (parent !== null) hasChild.add(parent);
      if (logicalParent !== null) hasChild.add(logicalParent);
      const timestamp = asString(record["timestamp"]);
      meta.startedAt ??= timestamp;
      const message = type === "user" || type === "assistant";
      if (record["isSidechain"] === true) {
        // A subagent's own conversation: its tool calls are the subagent's, not this session's.
        if (message) dropped.sidechain++;
        const alone = lastMessage === null;
        nodes.set(uuid, { parent, logicalParent, line, message: alone && message, sidechain: true, steps: alone && known ? (stepsOf(type, record) ?? []) : [], timestamp });
        if (alone && message) lastSidechainMessage = uuid;
        agentId ??= asString(record["agentId"]);
        return;
      }
      const steps = known ? (stepsOf(type, record) ?? []) : [];
      nodes.set(uuid, { parent, logicalParent, line, message, sidechain: false, steps, timestamp });
      if (message) {
        if (lastMessage === null && lastSidechainMessage !== null) forgetSidechainSteps();
        lastMessage = uuid;
      }
    },

    finish({ leaf }) {
      const subagent = lastMessage === null && lastSidechainMessage !== null;
      if (subagent) lastMessage = lastSidechainMessage;
      if (nodes.size === 0 || lastMessage === null) throw new SessionImportError("EMPTY", "no user or assistant record with a uuid: this is not a Claude Code transcript with a conversation");
      const chosen = leaf ?? lastMessage;
      if (!nodes.has(chosen)) throw new SessionImportError("NO_SUCH_BRANCH", `no record with uuid "${chosen}" in this transcript (the leaves are listed in the import summary)`);
      const path = pathTo(chosen);
      const leaves: SessionBranch[] = [];
      for (const uuid of branchLeaves()) {
        const node = nodes.get(uuid);
        if (!node) continue;
        leaves.push({ leaf: uuid, records: uuid === chosen ? path.records.length : pathTo(uuid).records.length, preview: previewOf(node.steps), title: titles.get(uuid) ?? null, timestamp: node.timestamp, chosen: uuid === chosen });
      }
      if (!leaves.some((l) => l.chosen)) leaves.push({ leaf: chosen, records: path.records.length, preview: previewOf(nodes.get(chosen)?.steps ?? []), title: titles.get(chosen) ?? null, timestamp: nodes.get(chosen)?.timestamp ?? null, chosen: true });
      const notes: string[] = [];
      if (path.missingParent !== null) notes.push(`the branch starts at a record whose parent ${path.missingParent} is not in this file (a resumed session): the conversation before it is not imported`);
      if (subagent) notes.push(`a subagent's own transcript${agentId !== null ? ` (agent ${agentId})` : ""}: its conversation is imported, its first prompt being the task the parent session gave it; the parent session's transcript holds the call that started it`);
      else if (dropped.sidechain > 0) notes.push(`${dropped.sidechain} sidechain record${dropped.sidechain === 1 ? "" : "s"} (a subagent's own conversation) not imported: the Task/Agent call's recorded result stands for them`);
      if (dropped.thinking > 0) notes.push(`${dropped.thinking} thinking block${dropped.thinking === 1 ? "" : "s"} not imported (scenarios have no thinking blocks)`);
      if (dropped.images > 0) notes.push(`${dropped.images} image${dropped.images === 1 ? "" : "s"} not imported`);
      if (dropped.meta > 0) notes.push(`${dropped.meta} meta user record${dropped.meta === 1 ? "" : "s"} (the host's own notes, not typed by a person) not imported`);
      for (const [type, n] of dropped.otherBlocks) notes.push(`${n} content block${n === 1 ? "" : "s"} of type "${type}" not imported`);
      const steps: SessionStep[] = [];
      for (const uuid of path.records) for (const step of nodes.get(uuid)?.steps ?? []) steps.push(step);
      return { host: "claude-code", steps, system: null, branches: leaves, meta, notes };
    },
  };

  /**
   * The last message record of every path that ends in the tree (a record nothing points at, or a
   * system or hook record after the last message of its branch), sidechains left out.
   */
  function branchLeaves(): string[] {
    const out = new Set<string>();
    for (const [uuid, node] of nodes) {
      if (hasChild.has(uuid) || (node.sidechain && !node.message)) continue;
      let at: string | null = uuid;
      for (let guard = 0; at !== null && guard < 10_000; guard++) {
        const n = nodes.get(at);
        if (!n) break;
        if (n.message) {
          out.add(at);
          break;
        }
        at = n.parent ?? n.logicalParent;
      }
    }
    return [...out];
  }

  /** A main-chain message arrived after sidechain records: the file is a session, its subagents' conversations are not imported. */
  function forgetSidechainSteps(): void {
    for (const node of nodes.values()) {
      if (!node.sidechain) continue;
      node.steps = [];
      node.message = false;
    }
    lastSidechainMessage = null;
  }

  /** The first words of a record's last step (computed for leaves only: most records never need one). */
  function previewOf(steps: readonly SessionStep[]): string {
    const last = steps.at(-1);
    if (last === undefined) return "";
    if (last.kind === "assistant") return preview(textOf(last.content) || last.content.map((b) => (b.type === "tool_use" ? `${b.name} ${JSON.stringify(b.input)}` : "")).join(" ") || (last.error ?? ""));
    return preview(last.kind === "tool_result" ? last.content : last.kind === "compaction" ? (last.summary ?? "") : last.text);
  }

  /** The records from the root to `leaf`, following a compact boundary's logical parent across it. */
  function pathTo(leaf: string): { records: string[]; missingParent: string | null } {
    return treePath(
      leaf,
      (id) => {
        const node = nodes.get(id);
        return node && { line: node.line, parent: node.parent ?? node.logicalParent };
      },
      { record: "record", parentField: "parentUuid" },
    );
  }
}
