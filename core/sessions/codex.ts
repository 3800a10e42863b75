import type { ContentBlock } from "../pipeline/schema";
import { SessionImportError } from "./errors";
import { asObject, asString, bump, preview, textOf, type RecordCounts, type SessionReadResult, type SessionReader, type SessionStep } from "./types";

/** Response items that are the model's side of the conversation (one reply until the next non-model item). */
const EVENT_MSGS_NOT_IMPORTED = "event_msg";
/** User messages Codex writes itself before the person's prompt (environment, AGENTS.md). */
const INJECTED = /^\s*(<environment_context>|<user_instructions>|<user_shell_command>|# AGENTS\.md instructions)/;

/**
 * Reads a Codex rollout (`~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl`): lines
 * `{ timestamp, type, payload }` with `session_meta` (id, cwd, cli version, base instructions),
 * `turn_context` (model, cwd, policies), `response_item` (messages, `reasoning`, `function_call` /
 * `custom_tool_call` / `local_shell_call`, each answered by a `*_output` with the same `call_id`),
 * `event_msg` (UI events mirroring the items: counted, not imported) and `compacted` (a summary
 * replacing the history). Lines of the older unwrapped form (a bare response item) are read too.
 */
export function createCodexReader(counts: RecordCounts): SessionReader {
  const steps: SessionStep[] = [];
  const toolNames = new Map<string, string>();
  const meta: SessionReadResult["meta"] = { sessionId: null, cwd: null, version: null, model: null, startedAt: null };
  let system: string | null = null;
  let reasoning = 0;
  let injected = 0;
  let lastPreview = "";

  function callInput(raw: unknown): Record<string, unknown> {
    if (typeof raw !== "string") return asObject(raw) ?? {};
    try {
      return asObject(JSON.parse(raw)) ?? { arguments: raw };
    } catch {
      return { arguments: raw };
    }
  }

  function outputText(raw: unknown): { text: string; isError: boolean } {
    // function_call_output.output is a string (often JSON `{output, metadata:{exit_code}}`) or `{ content, success }`.
    const o = asObject(raw);
    if (o) return { text: asString(o["content"]) ?? textOf(o["content"]) ?? JSON.stringify(o), isError: o["success"] === false };
    if (Array.isArray(raw)) return { text: textOf(raw), isError: false };
    const text = asString(raw) ?? "";
    try {
      const parsed = asObject(JSON.parse(text));
      const inner = asString(parsed?.["output"]);
      const exit = asObject(parsed?.["metadata"])?.["exit_code"];
      if (inner !== null) return { text: inner, isError: typeof exit === "number" && exit !== 0 };
    } catch {
      // plain text output
    }
    return { text, isError: false };
  }

  function assistant(content: ContentBlock[]): void {
    steps.push({ kind: "assistant", content, stopReason: null });
  }

  function responseItem(item: Record<string, unknown>): void {
    const type = asString(item["type"]) ?? "(no type)";
    switch (type) {
      case "message": {
        const role = asString(item["role"]);
        const text = textOf(item["content"]);
        if (role === "assistant") {
          if (text !== "") assistant([{ type: "text", text }]);
          lastPreview = text;
        } else if (role === "user") {
          if (INJECTED.test(text)) {
            injected++;
            steps.push({ kind: "system", text });
          } else {
            steps.push({ kind: "user", text });
            lastPreview = text;
          }
        } else if (role === "developer" || role === "system") steps.push({ kind: "system", text });
        else bump(counts.unknown, `response_item.message.${role ?? "(no role)"}`);
        return;
      }
      case "function_call":
      case "custom_tool_call": {
        const id = asString(item["call_id"]) ?? asString(item["id"]);
        const name = asString(item["name"]);
        if (id === null || name === null) return void bump(counts.unknown, `response_item.${type} (no call_id or name)`);
        toolNames.set(id, name);
        // A custom (freeform) tool such as apply_patch takes raw text, not JSON arguments.
        const input = type === "custom_tool_call" ? { input: asString(item["input"]) ?? "" } : callInput(item["arguments"]);
        assistant([{ type: "tool_use", id, name, input }]);
        lastPreview = `${name} ${JSON.stringify(input)}`;
        return;
      }
      case "local_shell_call": {
        const id = asString(item["call_id"]) ?? asString(item["id"]);
        if (id === null) return void bump(counts.unknown, "response_item.local_shell_call (no call_id)");
        const action = asObject(item["action"]);
        toolNames.set(id, "local_shell");
        assistant([{ type: "tool_use", id, name: "local_shell", input: { command: action?.["command"] ?? [], ...(action?.["workdir"] !== undefined ? { workdir: action["workdir"] } : {}) } }]);
        return;
      }
      case "function_call_output":
      case "custom_tool_call_output":
      case "local_shell_call_output": {
        const id = asString(item["call_id"]);
        if (id === null) return void bump(counts.unknown, `response_item.${type} (no call_id)`);
        const { text, isError } = outputText(item["output"]);
        steps.push({ kind: "tool_result", toolUseId: id, toolName: toolNames.get(id) ?? null, content: text, isError });
        return;
      }
      case "reasoning":
        reasoning++;
        return;
      case "web_search_call":
      case "image_generation_call":
      case "ghost_snapshot":
        return void bump(counts.notImported, `response_item.${type}`);
      default:
        bump(counts.unknown, `response_item.${type}`);
    }
  }

  return {
    record(value) {
      const record = asObject(value);
      if (!record) return void bump(counts.unknown, "(not an object)");
      const type = asString(record["type"]) ?? "(no type)";
      const payload = asObject(record["payload"]);
      switch (type) {
        case "session_meta": {
          const m = asObject(payload?.["meta"]) ?? payload;
          meta.sessionId ??= asString(m?.["id"]);
          meta.cwd ??= asString(m?.["cwd"]);
          meta.version ??= asString(m?.["cli_version"]);
          meta.startedAt ??= asString(m?.["timestamp"]) ?? asString(record["timestamp"]);
          system ??= asString(asObject(m?.["base_instructions"])?.["text"]) ?? asString(m?.["instructions"]);
          return;
        }
        case "turn_context":
          meta.model ??= asString(payload?.["model"]);
          meta.cwd ??= asString(payload?.["cwd"]);
          return;
        case "response_item":
          if (payload) responseItem(payload);
          else bump(counts.unknown, "response_item (no payload)");
          return;
        case "event_msg":
          return void bump(counts.notImported, `${EVENT_MSGS_NOT_IMPORTED}.${asString(payload?.["type"]) ?? "(no type)"}`);
        case "compacted":
          steps.push({ kind: "compaction", summary: asString(payload?.["message"]), trigger: null, tokensBefore: null });
          return;
        default:
          // The older rollout form: bare response items and a `record_type: "state"` line.
          if (["message", "function_call", "function_call_output", "custom_tool_call", "custom_tool_call_output", "reasoning", "local_shell_call"].includes(type)) return responseItem(record);
          bump(counts.unknown, record["record_type"] !== undefined ? `record_type.${String(record["record_type"])}` : type);
      }
    },
    finish({ leaf }) {
      if (!steps.some((s) => s.kind === "user" || s.kind === "assistant")) throw new SessionImportError("EMPTY", "no message or function call in this rollout: nothing to import");
      if (leaf !== undefined && leaf !== null && leaf !== "main") throw new SessionImportError("NO_SUCH_BRANCH", `a Codex rollout has one branch ("main"), not "${leaf}"`);
      const notes: string[] = [];
      if (reasoning > 0) notes.push(`${reasoning} reasoning item${reasoning === 1 ? "" : "s"} not imported (scenarios have no reasoning blocks)`);
      if (injected > 0) notes.push(`${injected} message${injected === 1 ? "" : "s"} Codex wrote itself (environment context, AGENTS.md) imported into the system prompt, not as prompts`);
      return { host: "codex", steps, system, branches: [{ leaf: "main", records: steps.length, preview: preview(lastPreview), title: null, timestamp: null, chosen: true }], meta, notes };
    },
  };
}
