import { describe, expect, it } from "vitest";
import type { Scenario } from "../pipeline/schema";
import type { TraceEvent } from "../trace/events";
import { sessionVerdicts } from "./verdicts";

const call = (id: string, command: string) => ({ type: "tool_use" as const, id, name: "Bash", input: { command } });

const scenario: Scenario = {
  name: "s",
  description: "",
  prompt: "go",
  history: [],
  system: null,
  model: {
    kind: "scripted",
    maxInputTokens: 200_000,
    responses: [
      { content: [call("t1", "ls")], stopReason: "tool_use" },
      { content: [call("t2", "rm -rf /")], stopReason: "tool_use" },
      { content: [call("t3", "npm test")], stopReason: "tool_use" },
      { content: [call("t4", "git push")], stopReason: "tool_use" },
      { content: [call("t5", "deploy")], stopReason: "tool_use" },
      { content: [call("t6", "echo done")], stopReason: "tool_use" },
    ],
  },
  tools: [],
  limits: { maxModelCalls: 25, maxToolCalls: 100, compactAtChars: null },
  clockStart: 0,
  seed: 1,
  source: {
    kind: "session",
    host: "claude-code",
    fileName: "s.jsonl",
    importedAt: "2026-11-27T08:00:00.000Z",
    sessionId: null,
    branch: null,
    turns: [{ atResponse: 3, prompt: "now push" }],
    compactions: [{ atResponse: 4, summary: "pushed", trigger: "auto", tokensBefore: null }],
    hooks: [{ toolUseId: "t2", event: "PreToolUse:Bash", text: "hook_success: allowed" }],
  },
};

/** Trace events with only the fields sessionVerdicts reads (the rest of each event does not matter here). */
function trace(events: Record<string, unknown>[]): TraceEvent[] {
  return events.map((e, i) => ({ seq: i + 1, ...e }) as unknown as TraceEvent);
}
const reply = (id: string, command: string) => ({ type: "model.response", content: [call(id, command)], stopReason: "tool_use" });
const hook = (hookId: string, name: string, status: string, output: unknown = null) => [
  { type: "hook.start", hookId, point: "PreToolUse", name },
  { type: "hook.end", hookId, point: "PreToolUse", status, output },
];

const events = trace([
  { type: "run.start" },
  reply("t1", "ls"),
  { type: "tool.call", toolUseId: "t1", name: "Bash", input: { command: "ls" } },
  { type: "tool.result", toolUseId: "t1", content: "a", isError: false },
  reply("t2", "rm -rf /"),
  ...hook("gate", "dangerous-command-gate", "unchanged", { hookSpecificOutput: { permissionDecision: "deny" } }),
  { type: "tool.call", toolUseId: "t2", name: "Bash", input: { command: "rm -rf /" } },
  { type: "tool.result", toolUseId: "t2", content: "PreToolUse:Bash hook error: no", isError: true, claimedBy: "gate" },
  reply("t3", "npm test"),
  ...hook("ci", "ci-env", "unchanged", { hookSpecificOutput: { updatedInput: { command: "CI=1 npm test" } } }),
  { type: "point.end", point: "PreToolUse", result: { updatedBy: "ci" } },
  { type: "tool.call", toolUseId: "t3", name: "Bash", input: { command: "CI=1 npm test" } },
  { type: "tool.result", toolUseId: "t3", content: "ok", isError: false },
  reply("t4", "git push"),
  ...hook("ask", "push-approval", "unchanged", { hookSpecificOutput: { permissionDecision: "ask" } }),
  { type: "approval.request", approvalId: "r.a1", point: "PreToolUse", hookId: "ask", toolUseId: "t4", request: {} },
  { type: "approval.resolve", approvalId: "r.a1", decision: "allow-once", by: "script", at: 0 },
  { type: "tool.call", toolUseId: "t4", name: "Bash", input: { command: "git push" } },
  { type: "tool.result", toolUseId: "t4", content: "pushed", isError: false },
  reply("t5", "deploy"),
  { type: "run.end", exitReason: "tool_deferred" },
]);

describe("sessionVerdicts", () => {
  it("says per recorded call what the hooks now do, and where the session and the run part ways", () => {
    const v = sessionVerdicts(scenario, events);
    expect(v?.calls.map((c) => [c.toolUseId, c.verdict, c.hook?.name ?? null, c.detail, c.seq, c.afterParting])).toEqual([
      ["t1", "allowed", null, "now allowed", 4, false],
      ["t2", "denied", "dangerous-command-gate", "now denied by dangerous-command-gate: PreToolUse:Bash hook error: no", 9, false],
      ["t3", "rewritten", "ci-env", 'now rewritten by ci-env: runs with {"command":"CI=1 npm test"}', 14, true],
      ["t4", "asked", "push-approval", "now asks for approval (push-approval): allow-once by script", 19, true],
      ["t5", "stopped", null, "the model asks for it, but the run ends before it runs (tool_deferred)", null, true],
      ["t6", "not-reached", null, "not reached: the run ended (tool_deferred) before the model made this call", null, true],
    ]);
    expect(v?.partsWays).toEqual({
      index: 1,
      seq: 9,
      message:
        "The recorded session and this run part ways here: in the session Bash ran and the model saw its result; now it is denied by dangerous-command-gate. The scripted replies after this step answer what the model saw in the session, not what it would have seen now.",
      stopped: false,
    });
    expect(v?.calls[1]?.recordedHooks).toEqual(["PreToolUse:Bash: hook_success: allowed"]);
    expect(v?.calls[2]?.runInput).toEqual({ command: "CI=1 npm test" });
    expect(v?.calls.map((c) => c.before)).toEqual([[], [], [{ kind: "prompt", text: "now push" }], [], [{ kind: "compaction", text: "pushed" }], []]);
    expect(v?.counts).toEqual({ allowed: 1, denied: 1, answered: 0, rewritten: 1, asked: 1, stopped: 1, "not-reached": 1 });
  });

  it("counts a person's deny on an ask as where the run parts ways", () => {
    const denied = trace([
      reply("t1", "ls"),
      { type: "approval.request", approvalId: "a", hookId: "ask", toolUseId: "t1", request: {} },
      { type: "approval.resolve", approvalId: "a", decision: "deny", by: "host" },
      { type: "tool.call", toolUseId: "t1", name: "Bash", input: { command: "ls" } },
      { type: "tool.result", toolUseId: "t1", content: "Permission to use Bash has been denied.", isError: true, claimedBy: "ask" },
      { type: "run.end", exitReason: "no_tool_calls" },
    ]);
    const v = sessionVerdicts(scenario, denied);
    expect(v?.calls[0]).toMatchObject({ verdict: "denied", detail: 'now asks for approval (ask): deny by host: the model gets "Permission to use Bash has been denied."', seq: 2 });
    expect(v?.partsWays?.index).toBe(0);
  });

  it("says the run stopped replaying where it parts ways, and that later calls were not replayed", () => {
    const parted = trace([
      reply("t1", "ls"),
      { type: "tool.call", toolUseId: "t1", name: "Bash", input: { command: "ls" } },
      { type: "tool.result", toolUseId: "t1", content: "a", isError: false },
      reply("t2", "rm -rf /"),
      ...hook("gate", "dangerous-command-gate", "unchanged"),
      { type: "tool.call", toolUseId: "t2", name: "Bash", input: { command: "rm -rf /" } },
      { type: "tool.result", toolUseId: "t2", content: "no", isError: true, claimedBy: "gate" },
      { type: "run.end", exitReason: "session_parted" },
    ]);
    const v = sessionVerdicts(scenario, parted);
    expect(v?.partsWays).toEqual({
      index: 1,
      seq: 8,
      message:
        "The recorded session and this run part ways here: in the session Bash ran and the model saw its result; now it is denied by dangerous-command-gate. The scripted replies after this step answer what the model saw in the session, not what it would have seen now, so the run stopped replaying the session here.",
      stopped: true,
    });
    expect(v?.calls.slice(2).map((c) => [c.verdict, c.detail])).toEqual(Array(4).fill(["not-reached", "not replayed: the run stopped where it parts ways with the session"]));
  });

  it("is null for a scenario that was not imported from a session", () => {
    const { source: _source, ...plain } = scenario;
    expect(sessionVerdicts(plain, events)).toBeNull();
  });
});
