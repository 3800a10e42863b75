import type { Scenario } from "../pipeline/schema";
import type { HookEndEvent, TraceEvent } from "../trace/events";
import { canonicalJson as canonical } from "../canonicalJson";

/** What the pipeline's hooks now do with a tool call the model made in the recorded session. */
export type SessionVerdictKind =
  /** The call ran with the recorded input. */
  | "allowed"
  /** A hook blocked it: the model got an error instead of the recorded result. */
  | "denied"
  /** A hook answered in the tool's place. */
  | "answered"
  /** It ran, with an input a hook changed. */
  | "rewritten"
  /** A hook asked a person; `detail` says what they answered. */
  | "asked"
  /** The model asked for it in this run, but the run ended before it ran (a hook stopped or deferred the turn). */
  | "stopped"
  /** The run ended before the model asked for it. */
  | "not-reached";

export interface SessionCallVerdict {
  /** 0-based, in the order the model made the calls. */
  index: number;
  /** The 1-based scripted response (model call) that made it. */
  response: number;
  toolUseId: string;
  name: string;
  input: Record<string, unknown>;
  verdict: SessionVerdictKind;
  /** The hook that decided it (null: none did, or the trace does not say). */
  hook: { id: string; name: string } | null;
  /** Plain words, e.g. `now denied by dangerous-command-gate: Refusing to run "rm -rf build"…`. */
  detail: string;
  /** The trace step that shows it (the tool.result, tool.call or approval), null when not reached. */
  seq: number | null;
  /** The input the call ran with, when a hook rewrote it. */
  runInput?: Record<string, unknown>;
  /** After the point where the session and the run part ways: the scripted replies no longer answer what the model saw. */
  afterParting: boolean;
  /** What the host's own hooks said about this call in the session (Claude Code hook records). */
  recordedHooks: string[];
  /** What happened in the session between the previous call and this one: a later prompt, a compaction. */
  before: { kind: "prompt" | "compaction"; text: string }[];
}

export interface SessionVerdicts {
  calls: SessionCallVerdict[];
  /** The first call a hook now blocks, answers, rewrites or stops: where the run stops being the session. */
  /** `stopped`: the run stopped replaying there (exit `session_parted`); false when the scenario continues past it or the run ended anyway. */
  partsWays: { index: number; seq: number | null; message: string; stopped: boolean } | null;
  counts: Record<SessionVerdictKind, number>;
}

/** The exit of a run that stopped replaying its session where the two part ways (core/engine/sessionParting.ts). */
const SESSION_PARTED = "session_parted";
const DIVERGING = new Set<SessionVerdictKind>(["denied", "answered", "rewritten", "stopped"]);
const DENYING_ANSWER = /deny|reject|timeout|cancel|block/i;

/**
 * For each tool call of an imported session (the tool_use blocks of its scripted responses, in
 * order), what the run's hooks did with it: allowed, denied, answered, rewritten, asked, stopped or
 * not reached, and by which hook, read from the run's trace (events resolved, in order). The first
 * call a hook blocks, answers, rewrites or stops (or a person's "deny" on an ask) is where the
 * recorded session and the run part ways: every later scripted reply answers what the model saw in
 * the session, not what it would have seen now, and later tools return results shifted by the
 * calls that did not run.
 *
 * @returns null for a scenario that was not imported from a session
 * @example
 * sessionVerdicts(scenario, events)?.calls[0].detail // "now denied by dangerous-command-gate: …"
 */
export function sessionVerdicts(scenario: Scenario, events: readonly TraceEvent[]): SessionVerdicts | null {
  if (scenario.source?.kind !== "session" || scenario.model.kind !== "scripted") return null;
  const hookNames = new Map<string, string>();
  const calls = new Map<string, { seq: number; input: Record<string, unknown>; decidedBy: HookEndEvent | null; updatedBy: string | null }>();
  const results = new Map<string, { seq: number; content: string; isError: boolean; claimedBy?: string }>();
  const asks = new Map<string, { seq: number; hookId: string; approvalId: string }>();
  const answers = new Map<string, { decision: string; by: string }>();
  const askedInRun = new Set<string>();
  let exitReason: string | null = null;
  // Hooks that changed or answered something since the last model response: a rewrite's author.
  let window: HookEndEvent[] = [];
  let updatedBy: string | null = null;
  for (const e of events) {
    switch (e.type) {
      case "hook.start":
        hookNames.set(e.hookId, e.name ?? e.hookId);
        break;
      case "hook.end":
        if (e.status === "changed" || (e.output !== undefined && e.output !== null)) window.push(e);
        break;
      case "point.end": {
        const r = e.result;
        if (r && typeof r === "object" && !Array.isArray(r) && typeof r["updatedBy"] === "string") updatedBy = r["updatedBy"];
        break;
      }
      case "model.response":
        window = [];
        updatedBy = null;
        for (const b of e.content ?? []) if (b.type === "tool_use") askedInRun.add(b.id);
        break;
      case "tool.call":
        calls.set(e.toolUseId, { seq: e.seq, input: e.input, decidedBy: window.at(-1) ?? null, updatedBy });
        window = [];
        updatedBy = null;
        break;
      case "tool.result":
        results.set(e.toolUseId, { seq: e.seq, content: e.content, isError: e.isError, ...(e.claimedBy !== undefined ? { claimedBy: e.claimedBy } : {}) });
        break;
      case "approval.request":
        asks.set(e.toolUseId, { seq: e.seq, hookId: e.hookId, approvalId: e.approvalId });
        break;
      case "approval.resolve":
        answers.set(e.approvalId, { decision: e.decision, by: e.by });
        break;
      case "run.end":
        exitReason = e.exitReason;
        break;
      default:
        break;
    }
  }
  const recordedHooks = new Map<string, string[]>();
  for (const h of scenario.source.hooks ?? []) {
    if (h.toolUseId === null) continue;
    const list = recordedHooks.get(h.toolUseId) ?? [];
    list.push(h.event ? `${h.event}: ${h.text}` : h.text);
    recordedHooks.set(h.toolUseId, list);
  }
  const hookOf = (id: string | null | undefined) => (id ? { id, name: hookNames.get(id) ?? id } : null);
  const out: SessionCallVerdict[] = [];
  let partsWays: SessionVerdicts["partsWays"] = null;
  const turns = [...(scenario.source.turns ?? [])];
  const compactions = [...(scenario.source.compactions ?? [])];
  scenario.model.responses.forEach((response, r) => {
    if ("error" in response) return;
    for (const block of response.content) {
      if (block.type !== "tool_use") continue;
      const before: SessionCallVerdict["before"] = [];
      // A later prompt arrived before the joined reply `atResponse` (1-based); a compaction before reply `atResponse + 1`.
      while (compactions[0] && compactions[0].atResponse <= r) before.push({ kind: "compaction", text: compactions.shift()?.summary ?? "the host compacted the history" });
      while (turns[0] && turns[0].atResponse <= r + 1) before.push({ kind: "prompt", text: turns.shift()?.prompt ?? "" });
      const base = { index: out.length, response: r + 1, toolUseId: block.id, name: block.name, input: block.input, afterParting: partsWays !== null, recordedHooks: recordedHooks.get(block.id) ?? [], before };
      const call = calls.get(block.id);
      const result = results.get(block.id);
      const ask = asks.get(block.id);
      let v: Omit<SessionCallVerdict, keyof typeof base>;
      if (ask) {
        const answer = answers.get(ask.approvalId);
        const hook = hookOf(ask.hookId);
        const denied = result?.claimedBy !== undefined || (answer !== undefined && DENYING_ANSWER.test(answer.decision));
        v = {
          verdict: denied ? "denied" : "asked",
          hook,
          detail: `now asks for approval (${hook?.name ?? "a hook"})${answer ? `: ${answer.decision} by ${answer.by}` : ", unanswered"}${denied && result ? `: the model gets "${clip(result.content)}"` : ""}`,
          seq: ask.seq,
        };
      } else if (result?.claimedBy !== undefined) {
        const hook = hookOf(result.claimedBy);
        v = result.isError
          ? { verdict: "denied", hook, detail: `now denied by ${hook?.name}: ${clip(result.content)}`, seq: result.seq }
          : { verdict: "answered", hook, detail: `now answered by ${hook?.name} instead of the tool: ${clip(result.content)}`, seq: result.seq };
      } else if (call && canonical(call.input) !== canonical(block.input)) {
        const hook = hookOf(call.updatedBy ?? call.decidedBy?.hookId);
        v = { verdict: "rewritten", hook, detail: `now rewritten by ${hook?.name ?? "a hook"}: runs with ${clip(JSON.stringify(call.input))}`, seq: call.seq, runInput: call.input };
      } else if (call) {
        v = { verdict: "allowed", hook: null, detail: "now allowed", seq: result?.seq ?? call.seq };
      } else if (askedInRun.has(block.id)) {
        v = { verdict: "stopped", hook: null, detail: `the model asks for it, but the run ends before it runs (${exitReason ?? "no end"})`, seq: null };
      } else if (exitReason === SESSION_PARTED) {
        v = { verdict: "not-reached", hook: null, detail: "not replayed: the run stopped where it parts ways with the session", seq: null };
      } else {
        v = { verdict: "not-reached", hook: null, detail: `not reached: the run ended (${exitReason ?? "no end"}) before the model made this call`, seq: null };
      }
      out.push({ ...base, ...v });
      if (partsWays === null && (DIVERGING.has(v.verdict) || (v.verdict === "denied" && ask))) {
        partsWays = {
          index: base.index,
          seq: v.seq,
          message: `The recorded session and this run part ways here: in the session ${block.name} ran and the model saw its result; now it is ${v.verdict}${v.hook ? ` by ${v.hook.name}` : ""}. The scripted replies after this step answer what the model saw in the session, not what it would have seen now${exitReason === SESSION_PARTED ? ", so the run stopped replaying the session here." : "."}`,
          stopped: exitReason === SESSION_PARTED,
        };
      }
    }
  });
  const counts: Record<SessionVerdictKind, number> = { allowed: 0, denied: 0, answered: 0, rewritten: 0, asked: 0, stopped: 0, "not-reached": 0 };
  for (const c of out) counts[c.verdict]++;
  return { calls: out, partsWays, counts };
}

function clip(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

