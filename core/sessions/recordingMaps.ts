/**
 * How a recording of each host becomes a conversation: which recorded point carries the prompt, a
 * tool call, its result, the model's reply or its last text, and where in the recorded input. Data
 * per host (the `host` of the recorded lines), so the reader (recording.ts) knows no host by name.
 * Paths are field names from the recorded `input` down.
 */

type Path = readonly string[];

export interface RecordingMap {
  /** The profile whose pipelines take this host's recordings. */
  profile: string;
  /** The host's name in notes ("Claude Code"). */
  name: string;
  /** Points whose input holds the user's prompt. */
  prompt: readonly { point: string; path: Path }[];
  /** Points whose input is a whole model reply (content blocks), where the host has one (Vellum). */
  reply: readonly { point: string; content: Path; stopReason: Path }[];
  /** Points fired before a tool runs: the call. */
  toolCall: readonly { point: string; id: Path; name: Path; input: Path }[];
  /** Points fired after a tool ran: its result, or its error. */
  toolResult: readonly { point: string; id: Path; name: Path | null; content: Path; error: Path | null; isError: Path | null; failed: boolean }[];
  /** Points whose input holds the reply that ended the turn (text). */
  finalText: readonly { point: string; path: Path }[];
  /** Fields that say, in a few words, what a recorded input is about (first one present wins). */
  label: { tool: readonly Path[]; detail: readonly Path[] };
}

/** Claude Code and Codex hand command hooks the same stdin JSON (semantics.md §3b; docs/codex.md). */
function commandHostMap(profile: string, name: string): RecordingMap {
  return {
    profile,
    name,
    prompt: [{ point: "UserPromptSubmit", path: ["prompt"] }],
    reply: [],
    toolCall: [{ point: "PreToolUse", id: ["tool_use_id"], name: ["tool_name"], input: ["tool_input"] }],
    toolResult: [
      { point: "PostToolUse", id: ["tool_use_id"], name: ["tool_name"], content: ["tool_response"], error: null, isError: null, failed: false },
      { point: "PostToolUseFailure", id: ["tool_use_id"], name: ["tool_name"], content: ["error"], error: null, isError: null, failed: true },
    ],
    finalText: [{ point: "Stop", path: ["last_assistant_message"] }],
    label: {
      tool: [["tool_name"]],
      detail: [["tool_input", "command"], ["tool_input", "file_path"], ["tool_input", "pattern"], ["tool_input", "url"], ["tool_input", "query"], ["prompt"], ["source"], ["trigger"], ["message"], ["last_assistant_message"], ["reason"]],
    },
  };
}

export const RECORDING_MAPS: Readonly<Record<string, RecordingMap>> = {
  "claude-code": commandHostMap("claude-code", "Claude Code"),
  codex: commandHostMap("codex", "Codex"),
  // OpenClaw handlers get (event, ctx); the recorder writes { event, ctx } (semantics.md §2b).
  openclaw: {
    profile: "openclaw",
    name: "OpenClaw",
    prompt: [
      { point: "before_prompt_build", path: ["event", "prompt"] },
      { point: "before_model_resolve", path: ["event", "prompt"] },
      { point: "before_agent_run", path: ["event", "prompt"] },
    ],
    reply: [],
    toolCall: [{ point: "before_tool_call", id: ["event", "toolCallId"], name: ["event", "toolName"], input: ["event", "params"] }],
    toolResult: [{ point: "after_tool_call", id: ["event", "toolCallId"], name: ["event", "toolName"], content: ["event", "result"], error: ["event", "error"], isError: null, failed: false }],
    finalText: [{ point: "before_agent_finalize", path: ["event", "lastAssistantMessage"] }],
    label: { tool: [["event", "toolName"]], detail: [["event", "params", "command"], ["event", "params", "path"], ["event", "params", "url"], ["event", "prompt"], ["event", "cleanedBody"], ["event", "content"]] },
  },
  // The seed-001 registry hands each handler one context (core/profiles/registry/points.ts).
  registry: {
    profile: "registry",
    name: "the hook registry",
    prompt: [
      { point: "session_start", path: ["prompt"] },
      { point: "before_prompt_build", path: ["prompt"] },
    ],
    reply: [],
    toolCall: [{ point: "before_tool_call", id: ["toolUseId"], name: ["toolName"], input: ["args"] }],
    toolResult: [{ point: "after_tool_call", id: ["toolUseId"], name: ["toolName"], content: ["result"], error: null, isError: ["isError"], failed: false }],
    finalText: [],
    label: { tool: [["toolName"]], detail: [["args", "command"], ["args", "query"], ["prompt"], ["exitReason"]] },
  },
  // FIM One hooks get a HookContext; the tool call id is in metadata, native mode only (semantics.md §6b). No point carries the prompt.
  "fim-one": {
    profile: "fim-one",
    name: "FIM One",
    prompt: [],
    reply: [],
    toolCall: [{ point: "PreToolUse", id: ["metadata", "tool_call_id"], name: ["tool_name"], input: ["tool_args"] }],
    toolResult: [{ point: "PostToolUse", id: ["metadata", "tool_call_id"], name: ["tool_name"], content: ["tool_result"], error: null, isError: null, failed: false }],
    finalText: [],
    label: { tool: [["tool_name"]], detail: [["tool_args", "command"], ["tool_args", "query"], ["tool_args", "path"], ["tool_result"]] },
  },
  // deputy calls R callbacks with named arguments (core/profiles/deputy/points.ts); the recorder writes them as an object.
  deputy: {
    profile: "deputy",
    name: "deputy",
    prompt: [{ point: "UserPromptSubmit", path: ["prompt"] }],
    reply: [],
    toolCall: [{ point: "PreToolUse", id: ["context", "tool_call_id"], name: ["tool_name"], input: ["tool_input"] }],
    toolResult: [{ point: "PostToolUse", id: ["context", "tool_call_id"], name: ["tool_name"], content: ["tool_result"], error: ["tool_error"], isError: null, failed: false }],
    finalText: [],
    label: { tool: [["tool_name"]], detail: [["tool_input", "command"], ["tool_input", "path"], ["prompt"], ["reason"], ["task"]] },
  },
  // Vellum hooks get one context; post-model-call holds the whole reply, post-tool-use the tool_result block (semantics.md §1b).
  vellum: {
    profile: "vellum",
    name: "Vellum",
    prompt: [{ point: "user-prompt-submit", path: ["prompt"] }],
    reply: [{ point: "post-model-call", content: ["content"], stopReason: ["stopReason"] }],
    toolCall: [],
    toolResult: [{ point: "post-tool-use", id: ["toolResponse", "tool_use_id"], name: null, content: ["toolResponse", "content"], error: null, isError: ["toolResponse", "is_error"], failed: false }],
    finalText: [],
    label: { tool: [], detail: [["prompt"], ["toolResponse", "content"], ["exitReason"], ["callSite"]] },
  },
};

/** The value at `path` under `value`, or undefined. */
export function at(value: unknown, path: Path): unknown {
  let v = value;
  for (const key of path) {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}
