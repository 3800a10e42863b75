import type { ContentBlock, Message, Scenario, ScenarioSource as SessionSource, ScriptedResponse, ToolDefinition } from "../pipeline/schema";
import type { ToolResult } from "../pipeline/toolResultSchema";
import { redactJson, redactSecrets, type SecretCounts } from "./secrets";
import { preview, type SessionHost, type SessionReadResult, type StopReason } from "./types";

const MAX_SUMMARY = 4000;
const NO_RESULT = "(no result was recorded for this call: the session ended or was interrupted before it)";

export interface ToScenarioOptions {
  name: string;
  fileName: string;
  importedAt: string;
  /** Keep secret-shaped values as they are (default: strip them). */
  keepSecrets: boolean;
  secrets: SecretCounts;
}

/**
 * A session's conversation as a `hookwright.pipeline/v1` scenario: the first prompt, each model
 * reply as a scripted response in order (text, tool calls, stop reason, or the provider's error),
 * each tool's recorded results in call order as its scripted results, the recorded instructions as
 * the system prompt, and where it came from in `source` (later prompts, compaction points, the
 * host's hook records). A session of several prompts runs as one turn: a reply that ended a turn
 * and the first reply of the next are one scripted response (Hookwright runs one turn per
 * scenario); the later prompts are kept in `source.turns` and shown where they came.
 */
export function sessionToScenario(read: SessionReadResult, options: ToScenarioOptions): { scenario: Scenario; stats: { modelCalls: number; toolCalls: number; turns: number; compactions: number; resultsMissing: number; orphanResults: number } } {
  const text = (s: string): string => (options.keepSecrets ? s : redactSecrets(s, options.secrets));
  const json = (v: Record<string, unknown>): Record<string, unknown> => (options.keepSecrets ? v : (redactJson(v, options.secrets) as Record<string, unknown>));

  const systemParts: string[] = read.system ? [text(read.system)] : [];
  let prompt: string | null = null;
  const history: Message[] = [];
  const responses: ScriptedResponse[] = [];
  const turns: NonNullable<SessionSource["turns"]> = [];
  const compactions: NonNullable<SessionSource["compactions"]> = [];
  const hooks: NonNullable<SessionSource["hooks"]> = [];
  const results = new Map<string, { content: string; isError: boolean }>();
  let open = false;
  let joinNext = false;

  for (const step of read.steps) {
    switch (step.kind) {
      case "system":
        systemParts.push(text(step.text));
        break;
      case "user":
        open = false;
        if (prompt === null) prompt = text(step.text);
        else {
          turns.push({ atResponse: responses.length, prompt: text(step.text) });
          joinNext = true;
        }
        break;
      case "assistant": {
        const content = step.content.map((b): ContentBlock => (b.type === "text" ? { type: "text", text: text(b.text) } : b.type === "tool_use" ? { ...b, input: json(b.input) } : b));
        const last = responses.at(-1);
        if (step.error !== undefined) {
          responses.push({ error: text(step.error) });
          open = false;
        } else if (last && !("error" in last) && (open || (joinNext && !last.content.some((b) => b.type === "tool_use")))) {
          last.content.push(...content);
          last.stopReason = stopOf(last.content, step.stopReason ?? last.stopReason);
        } else {
          responses.push({ content, stopReason: stopOf(content, step.stopReason) });
          open = true;
        }
        joinNext = false;
        break;
      }
      case "tool_result":
        open = false;
        results.set(step.toolUseId, { content: text(step.content), isError: step.isError });
        break;
      case "compaction": {
        open = false;
        const last = compactions.at(-1);
        const summary = step.summary === null ? null : text(step.summary.length > MAX_SUMMARY ? `${step.summary.slice(0, MAX_SUMMARY)}…` : step.summary);
        if (last && last.atResponse === responses.length) {
          last.summary ??= summary;
          last.trigger ??= step.trigger;
          last.tokensBefore ??= step.tokensBefore;
        } else compactions.push({ atResponse: responses.length, summary, trigger: step.trigger, tokensBefore: step.tokensBefore });
        break;
      }
      case "hook":
        hooks.push({ toolUseId: step.toolUseId, event: step.event, text: text(step.text) });
        break;
    }
  }

  // Each tool's results in the order the model called it; a call with no recorded result gets an error placeholder so later calls keep theirs.
  const byTool = new Map<string, ToolResult[]>();
  let toolCalls = 0;
  let resultsMissing = 0;
  const called = new Set<string>();
  for (const r of responses) {
    if ("error" in r) continue;
    for (const b of r.content) {
      if (b.type !== "tool_use") continue;
      toolCalls++;
      called.add(b.id);
      const recorded = results.get(b.id);
      if (!recorded) resultsMissing++;
      const list = byTool.get(b.name) ?? [];
      list.push(recorded ? (recorded.isError ? { content: recorded.content, isError: true } : recorded.content) : { content: NO_RESULT, isError: true });
      byTool.set(b.name, list);
    }
  }
  let orphanResults = 0;
  for (const id of results.keys()) if (!called.has(id)) orphanResults++;
  const hostName = HOST_NAMES[read.host];
  const tools: ToolDefinition[] = [...byTool].map(([name, list]) => ({ name, description: `Recorded from ${/^[aeiou]/i.test(hostName) ? "an" : "a"} ${hostName} session: each call answers with the session's result, in call order.`, inputSchema: { type: "object" }, results: list }));

  const source: SessionSource = {
    kind: "session",
    host: read.host,
    fileName: options.fileName,
    importedAt: options.importedAt,
    sessionId: read.meta.sessionId,
    branch: read.branches.find((b) => b.chosen)?.leaf ?? null,
    ...(turns.length > 0 ? { turns } : {}),
    ...(compactions.length > 0 ? { compactions } : {}),
    ...(hooks.length > 0 ? { hooks } : {}),
    ...(read.fixtures && read.fixtures.length > 0 ? { pointFixtures: read.fixtures.map((f) => ({ ...f, label: preview(text(f.label), 100), context: json(f.context) as typeof f.context })) } : {}),
    ...(options.keepSecrets ? {} : { secretsStripped: [...options.secrets.values()].reduce((a, b) => a + b, 0) }),
  };
  const scenario: Scenario = {
    name: options.name,
    description: `Imported from ${options.fileName} (${hostName}${read.meta.model ? `, ${read.meta.model}` : ""}${read.meta.startedAt ? `, ${read.meta.startedAt}` : ""}).`,
    prompt: prompt ?? "",
    history,
    system: systemParts.length > 0 ? systemParts.join("\n\n") : null,
    model: { kind: "scripted", maxInputTokens: 200_000, responses },
    tools,
    limits: { maxModelCalls: Math.min(10_000, Math.max(25, responses.length + 1)), maxToolCalls: Math.min(100_000, Math.max(100, toolCalls + 1)), compactAtChars: null },
    clockStart: clockOf(read.meta.startedAt),
    seed: 1,
    source,
  };
  return { scenario, stats: { modelCalls: responses.length, toolCalls, turns: turns.length + (prompt === null ? 0 : 1), compactions: compactions.length, resultsMissing, orphanResults } };
}

export const HOST_NAMES: Record<SessionHost, string> = { "claude-code": "Claude Code", codex: "Codex", openclaw: "OpenClaw", recording: "Hookwright recording" };

function stopOf(content: readonly ContentBlock[], recorded: StopReason | null): StopReason {
  if (recorded === "max_tokens") return recorded;
  if (content.some((b) => b.type === "tool_use")) return "tool_use";
  return recorded === "tool_use" || recorded === null ? "end_turn" : recorded;
}

function clockOf(startedAt: string | null): number {
  const t = startedAt === null ? NaN : Date.parse(startedAt);
  return Number.isFinite(t) && t >= 0 ? Math.trunc(t) : 1_767_225_600_000;
}
