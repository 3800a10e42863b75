import { CODEX_PROJECT_DIR } from "~/core/profiles/codex/binding";
import type { Message } from "~/core/pipeline/schema";
import type { TraceEvent } from "~/core/trace/events";
import type { CodexRun, ResponsesInputItem } from "./codexBinary";

/*
 * What the model received and what ran, read the same way from the real Codex binary's run
 * (request bodies, the --json event stream) and from Hookwright's trace of the same pipeline and
 * scenario, so a differential test compares one object with `toEqual`.
 */

/** How the turn ended. */
export type Ending = "answered" | "prompt blocked" | "script exhausted" | `other: ${string}`;

export interface Observed {
  /** Model requests made (the one that found the script exhausted included). */
  requests: number;
  /** What the model got back for each function call, by call id (the command's output, or the text a hook put in its place). */
  outputs: Record<string, string>;
  /**
   * Every hook text the model got besides outputs and Stop feedback (additionalContext, plain
   * UserPromptSubmit stdout), in order, joined by a blank line, with {@link PROMPT} where the
   * user's prompt sits among them: Codex sends one developer message per hook, Hookwright one
   * text block per call and event with the hooks' texts joined by a blank line.
   */
  contexts: string;
  /** The Stop hooks' feedback: one entry per user message the hooks made, its texts in order. */
  stopFeedback: string[][];
  /** The commands that actually ran (the model's `cmd`, after any rewrite), sorted: Codex runs one reply's calls in parallel. */
  ran: string[];
  ending: Ending;
  /** The last agent message when the turn was answered ("" otherwise). */
  lastMessage: string;
}

const HOOK_PROMPT = /^<hook_prompt hook_run_id="/;
/** Stands for the user's prompt in {@link Observed.contexts}. */
export const PROMPT = "[the prompt]";
/** exec_command's answer to the model (codex.md §3): a header, then the command's output. */
const EXEC_OUTPUT = /^Chunk ID: [0-9a-f]+\nWall time: [\d.]+ seconds\nProcess exited with code -?\d+\nOriginal token count: \d+\nOutput:\n([\s\S]*)$/;

function texts(item: ResponsesInputItem): string[] {
  return (item.content ?? []).flatMap((c) => (typeof c.text === "string" ? [c.text] : []));
}

/** The real Codex run: its last request (Codex re-sends the whole history, `store: false`), its event stream, its last message. */
export function observeCodex(real: CodexRun): Observed {
  const fix = (s: string) => s.replaceAll(real.project, CODEX_PROJECT_DIR);
  const last = real.requests.at(-1);
  const input = last?.input ?? [];
  // Codex's own context (system prompt, permissions, skills, <environment_context>) comes first; the prompt after it.
  const envAt = input.findIndex((i) => i.role === "user" && texts(i).some((t) => t.startsWith("<environment_context>")));
  const outputs: Record<string, string> = {};
  const contexts: string[] = [];
  const stopFeedback: string[][] = [];
  for (const item of input.slice(envAt + 1)) {
    if (item.type === "function_call_output" && item.call_id) {
      const out = item.output ?? "";
      outputs[item.call_id] = fix(EXEC_OUTPUT.exec(out)?.[1] ?? out);
    } else if (item.type === "message" && item.role === "developer") contexts.push(...texts(item).map(fix));
    else if (item.type === "message" && item.role === "user" && texts(item).some((t) => HOOK_PROMPT.test(t))) stopFeedback.push(texts(item).map(fix));
    else if (item.type === "message" && item.role === "user" && !contexts.includes(PROMPT)) contexts.push(PROMPT);
  }
  const ran = real.events.flatMap((e) => (e.type === "item.completed" && e.item?.type === "command_execution" && e.item.command ? [unwrapShell(e.item.command)] : []));
  const ending: Ending = real.timedOut ? "other: timed out" : real.exhausted ? "script exhausted" : real.requests.length === 0 ? "prompt blocked" : real.code === 0 ? "answered" : `other: exit ${String(real.code)}`;
  return { requests: real.requests.length, outputs, contexts: contexts.join("\n\n"), stopFeedback, ran: ran.sort(), ending, lastMessage: ending === "answered" ? real.lastMessage : "" };
}

/** `/bin/bash -lc 'echo a'` → `echo a` (the --json stream names the command as it ran it). */
function unwrapShell(command: string): string {
  const m = /^\/bin\/bash -lc '([\s\S]*)'$/.exec(command);
  return m ? (m[1] ?? "").replaceAll("'\\''", "'") : command;
}

function hookwrightTexts(messages: readonly Message[], prompt: string): { contexts: string[]; stopFeedback: string[][]; outputs: Record<string, string> } {
  const contexts: string[] = [];
  const stopFeedback: string[][] = [];
  const outputs: Record<string, string> = {};
  messages.forEach((m, i) => {
    if (m.role !== "user") return;
    const ts = m.content.flatMap((b) => (b.type === "text" ? [b.text] : []));
    for (const b of m.content) if (b.type === "tool_result") outputs[b.tool_use_id] = typeof b.content === "string" ? b.content : JSON.stringify(b.content);
    if (ts.some((t) => HOOK_PROMPT.test(t))) {
      stopFeedback.push(ts);
      return;
    }
    // The first message holds the prompt; hooks' texts are the others.
    contexts.push(...(i === 0 ? ts.map((t) => (t === prompt ? PROMPT : t)) : ts));
  });
  return { contexts, stopFeedback, outputs };
}

/** Hookwright's run: its last model request, its tool calls, its exit. The scenario must have no history; `prompt` is its prompt. */
export function observeHookwright(events: readonly TraceEvent[], prompt: string): Observed {
  const requests = events.flatMap((e) => (e.type === "model.request" ? [e] : []));
  const { contexts, stopFeedback, outputs } = hookwrightTexts(requests.at(-1)?.messages ?? [], prompt);
  const claimed = new Set(events.flatMap((e) => (e.type === "tool.result" && e.claimedBy !== undefined ? [e.toolUseId] : [])));
  const ran = events.flatMap((e) => (e.type === "tool.call" && !claimed.has(e.toolUseId) ? [String((e.input as { cmd?: unknown }).cmd)] : []));
  const end = events.find((e) => e.type === "run.end");
  const exit = end?.type === "run.end" ? end.exitReason : "none";
  const ending: Ending = exit === "no_tool_calls" ? "answered" : exit === "prompt_blocked" ? "prompt blocked" : exit === "script_exhausted" ? "script exhausted" : `other: ${exit}`;
  const lastResponse = [...events].reverse().find((e) => e.type === "model.response");
  const lastMessage = ending === "answered" && lastResponse?.type === "model.response" ? (lastResponse.content ?? []).flatMap((b) => (b.type === "text" ? [b.text] : [])).join("\n") : "";
  return { requests: requests.length, outputs, contexts: contexts.join("\n\n"), stopFeedback, ran: ran.sort(), ending, lastMessage };
}

/** The last request's conversation after Codex's own context, one line per item (where each hook text sits). */
export function codexTranscript(real: CodexRun): string[] {
  const input = real.requests.at(-1)?.input ?? [];
  const envAt = input.findIndex((i) => i.role === "user" && texts(i).some((t) => t.startsWith("<environment_context>")));
  let prompted = false;
  return input.slice(envAt + 1).flatMap((item): string[] => {
    if (item.type === "function_call") return [`call ${item.call_id ?? ""}: ${String((JSON.parse(item.arguments ?? "{}") as { cmd?: unknown }).cmd)}`];
    if (item.type === "function_call_output") return [`output ${item.call_id ?? ""}: ${EXEC_OUTPUT.exec(item.output ?? "")?.[1] ?? item.output ?? ""}`];
    if (item.role === "developer") return texts(item).map((t) => `context: ${t}`);
    if (item.role === "assistant") return texts(item).map((t) => `assistant: ${t}`);
    if (item.role === "user" && !texts(item).some((t) => HOOK_PROMPT.test(t)) && !prompted) {
      prompted = true;
      return ["prompt"];
    }
    return texts(item).map((t) => `user: ${t}`);
  });
}

/** The same lines for Hookwright's last model request. */
export function hookwrightTranscript(events: readonly TraceEvent[], prompt: string): string[] {
  const last = [...events].reverse().find((e) => e.type === "model.request");
  const messages = last?.type === "model.request" ? last.messages : [];
  return messages.flatMap((m) =>
    m.content.flatMap((b): string[] => {
      if (b.type === "tool_use") return [`call ${b.id}: ${String((b.input as { cmd?: unknown }).cmd)}`];
      if (b.type === "tool_result") return [`output ${b.tool_use_id}: ${typeof b.content === "string" ? b.content : JSON.stringify(b.content)}`];
      if (b.type !== "text") return [];
      if (m.role === "assistant") return [`assistant: ${b.text}`];
      return [b.text === prompt ? "prompt" : HOOK_PROMPT.test(b.text) ? `user: ${b.text}` : `context: ${b.text}`];
    }),
  );
}

/**
 * For a scenario whose model makes parallel calls: Codex runs each call's hooks concurrently, so
 * the contexts of different calls arrive in either order (codex.md facts 30, 31). The hook texts
 * after the prompt are then compared as a sorted list of paragraphs; those before it keep their order.
 */
export function withUnorderedCallContexts(observed: Observed): Observed {
  const parts = observed.contexts.split("\n\n");
  const at = parts.indexOf(PROMPT) + 1;
  return { ...observed, contexts: [...parts.slice(0, at), ...parts.slice(at).sort()].join("\n\n") };
}
