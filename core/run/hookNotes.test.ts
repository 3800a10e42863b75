import { describe, expect, it } from "vitest";
import { examplePipelines } from "../examples";
import { runPipelineInProcess } from "../expectations/testing";
import { PIPELINE_FORMAT, pipelineSchema, type PipelineInput } from "../pipeline/schema";
import type { TraceEvent } from "../trace/events";
import { explainHooks } from "./hookNotes";

const gate = examplePipelines.find((p) => p.name === "Dangerous shell command gate") as PipelineInput;
const concise = examplePipelines.find((p) => p.name === "Be concise") as PipelineInput;

describe("explainHooks", () => {
  it("says a hook after a blocking one was gated off by the chain, and names the blocker", async () => {
    const input: PipelineInput = {
      ...gate,
      hooks: [...(gate.hooks ?? []), { id: "later", point: "before_tool_call", name: "later-gate", code: "export default async function () { return { handled: false }; }" }],
    };
    const { pipeline, events } = await runPipelineInProcess(input);
    const notes = explainHooks({ pipeline, events });
    expect(notes.map(({ hookId, fired, calls, why }) => ({ hookId, fired, calls, why }))).toEqual([
      { hookId: "command-gate", fired: true, calls: 2, why: null },
      // It ran at the second call (ls), so it fired: gated only where the chain stopped.
      { hookId: "later", fired: true, calls: 1, why: null },
    ]);
    const first = events.filter((e) => e.type === "hook.start").map((e) => (e.type === "hook.start" ? e.hookId : ""));
    expect(first).toEqual(["command-gate", "command-gate", "later"]);
  });

  it("gated: a hook that never got its turn because an earlier hook claimed every time", async () => {
    const input: PipelineInput = {
      ...gate,
      hooks: [
        { id: "claim-all", point: "before_tool_call", name: "answer-everything", code: 'export default async function () { return { handled: true, result: "done" }; }' },
        { id: "later", point: "before_tool_call", name: "later-gate", code: "export default async function () { return { handled: false }; }" },
      ],
      modules: [],
    };
    const { pipeline, events } = await runPipelineInProcess(input);
    expect(explainHooks({ pipeline, events })[1]).toEqual({
      hookId: "later",
      name: "later-gate",
      point: "before_tool_call",
      fired: false,
      calls: 0,
      why: { kind: "gated", by: "claim-all", message: 'Gated off: at before_tool_call the chain stopped at "answer-everything" (it claimed the event) before this hook\'s turn.' },
      ignoredWrites: [],
      message: 'Gated off: at before_tool_call the chain stopped at "answer-everything" (it claimed the event) before this hook\'s turn.',
    });
  });

  it("not reached: names the other scenario that reaches the point (from its run or a dry reach)", async () => {
    const input: PipelineInput = {
      ...concise,
      hooks: [...(concise.hooks ?? []), { id: "tools", point: "post-tool-use", name: "on-tools", code: "export default function () {}" }],
      scenarios: [...(concise.scenarios ?? []), { name: "with a tool", prompt: "x", model: { kind: "scripted", responses: [] } }],
    };
    const { pipeline, events } = await runPipelineInProcess(input);
    const note = (reach?: Record<string, string[]>) => explainHooks({ pipeline, events, reach }).find((n) => n.hookId === "tools")?.why;
    expect(note()).toEqual({ kind: "not-reached", reachedBy: [], message: 'Not reached: the turn never got to post-tool-use in scenario "default" (it ended with no_tool_calls).' });
    expect(note({ "with a tool": ["pre-model-call", "post-tool-use"] })).toEqual({
      kind: "not-reached",
      reachedBy: ["with a tool"],
      message: 'Not reached: the turn never got to post-tool-use in scenario "default" (it ended with no_tool_calls). Scenario "with a tool" reaches it.',
    });
    expect(note({ "with a tool": ["pre-model-call"] })?.message).toBe('Not reached: the turn never got to post-tool-use in scenario "default" (it ended with no_tool_calls). No scenario of this pipeline reaches it.');
  });

  it("flags a hook whose writes the host ignores", async () => {
    const input: PipelineInput = {
      ...concise,
      hooks: [{ id: "ro", point: "pre-model-call", name: "writes-read-only", code: 'export default function (ctx: any) { ctx.callSite = "other"; }' }],
    };
    const { pipeline, events } = await runPipelineInProcess(input);
    const [note] = explainHooks({ pipeline, events });
    expect(note?.fired).toBe(true);
    expect(note?.ignoredWrites).toEqual([{ path: "/callSite", reason: "callSite is read-only: later hooks see the change, the host does not read it back" }]);
    expect(note?.message).toBe("The host ignores its write to /callSite: callSite is read-only: later hooks see the change, the host does not read it back.");
  });
});

describe("explainHooks (a propagated failure)", () => {
  it("says the end-of-turn point was gated off by the hook failure", async () => {
    const input: PipelineInput = {
      ...gate,
      hooks: [
        { id: "boom", point: "before_tool_call", name: "boom", code: 'export default async function () { throw new Error("no"); }' },
        { id: "done", point: "agent_done", name: "on-done", code: "export default async function () {}" },
      ],
      modules: [],
    };
    const { pipeline, events } = await runPipelineInProcess(input);
    expect(events.at(-1)).toMatchObject({ type: "run.end", exitReason: "hook_error" });
    expect(explainHooks({ pipeline, events })[1]?.why).toEqual({
      kind: "gated",
      by: "boom",
      message: 'Gated off: the turn ended with a hook failure ("boom") that propagated, and the host does not fire agent_done after one.',
    });
  });
});

describe("explainHooks (a first-result-wins chain: the point's result names the hooks it did not call)", () => {
  const pipeline = pipelineSchema.parse({
    format: PIPELINE_FORMAT,
    name: "deputy",
    profile: "deputy",
    hooks: [
      { id: "h1", point: "PreToolUse", name: "audit", code: "function(...) deputy::HookResultPreToolUse(\"allow\")", runtime: { kind: "r" } },
      { id: "h2", point: "PreToolUse", name: "deny-rm", code: "function(...) NULL", runtime: { kind: "r" } },
      { id: "h3", point: "Stop", name: "stop-log", matcher: ".*", code: "function(...) NULL", runtime: { kind: "r" } },
    ],
  });
  const events = [
    { seq: 1, type: "run.start", scenario: "default" },
    { seq: 2, type: "point.start", point: "PreToolUse", context: { tool_name: "run_bash" } },
    { seq: 3, type: "hook.start", hookId: "h1", point: "PreToolUse" },
    { seq: 4, type: "hook.end", hookId: "h1", point: "PreToolUse", patch: [], error: null, durationMs: 1, logs: [], decision: "allow" },
    { seq: 5, type: "point.end", point: "PreToolUse", result: { winner: "h1", value: null, notCalled: [{ hookId: "h2", why: "not called: audit returned allow first, and deputy calls no later hook (first non-NULL wins)", by: "h1" }] } },
    { seq: 6, type: "point.start", point: "Stop", context: { reason: "complete" } },
    { seq: 7, type: "point.end", point: "Stop", result: { winner: null, value: null, notCalled: [{ hookId: "h3", why: 'not called: it has pattern ".*", and Stop passes no tool name, so it never matches' }] } },
    { seq: 8, type: "run.end", exitReason: "no_tool_calls" },
  ] as unknown as TraceEvent[];

  it("says which hook won and why the later one was not called, by name", () => {
    const [audit, deny, stop] = explainHooks({ pipeline, events });
    expect(audit).toMatchObject({ fired: true, won: { point: "PreToolUse", shadowed: ["h2"] }, message: "Won at PreToolUse: it returned allow first, so “deny-rm” was not called." });
    expect(deny).toMatchObject({ fired: false, why: { kind: "gated", by: "h1" }, message: "Not called at PreToolUse: audit returned allow first, and deputy calls no later hook (first non-NULL wins)." });
    expect(stop).toMatchObject({ fired: false, why: { kind: "matcher" }, message: 'Not called at Stop: it has pattern ".*", and Stop passes no tool name, so it never matches.' });
  });
});

describe("explainHooks (a middleware chain: a hook that answered without next, and the one beneath it never reached)", () => {
  // As core/engine/firePoint.ts records the e2e's second run (e2e/claude-code-mods-authoring.spec.ts):
  // use-trash answers the tool call with a deny, rm-interactive beneath it gets a card saying it was not reached.
  const pipeline = pipelineSchema.parse({
    format: PIPELINE_FORMAT,
    name: "Safer rm",
    profile: "claude-code-mods",
    hooks: [
      { id: "trash", point: "tool.call", name: "use-trash", code: 'export default async () => ({ deny: "use the trash, not rm" });' },
      { id: "ri", point: "tool.call", name: "rm-interactive", matcher: "{ command: /rm -rf/ }", code: "export default async ($, e, next) => next(e);" },
    ],
  });
  const context = { command: "rm -rf build", description: "Remove build", tool: "Bash", tool_use_id: "toolu_ls" };
  const events = [
    { seq: 1, type: "run.start", scenario: "default" },
    { seq: 2, type: "point.start", point: "tool.call", context },
    { seq: 3, type: "hook.start", hookId: "trash", point: "tool.call", name: "use-trash" },
    { seq: 4, type: "hook.end", hookId: "trash", point: "tool.call", patch: [], error: null, durationMs: 1, logs: [], status: "claimed", decision: 'answered: deny "use the trash, not rm"', middleware: { outcome: "answered", stoppedBy: null, nextCalls: 0 } },
    { seq: 5, type: "hook.start", hookId: "ri", point: "tool.call", name: "rm-interactive" },
    { seq: 6, type: "hook.end", hookId: "ri", point: "tool.call", patch: [], error: null, durationMs: 0, logs: [], status: "unchanged", decision: "not reached: use-trash answered above it", middleware: { outcome: "not-reached", stoppedBy: "trash", nextCalls: 0 } },
    { seq: 7, type: "point.end", point: "tool.call", result: { deny: "use the trash, not rm" } },
    { seq: 8, type: "run.end", exitReason: "no_tool_calls" },
  ] as unknown as TraceEvent[];

  it("says the hook beneath was not called and why, and that the answering hook won", () => {
    const [trash, ri] = explainHooks({ pipeline, events });
    expect(trash).toMatchObject({
      fired: true,
      calls: 1,
      won: { point: "tool.call", shadowed: ["ri"] },
      message: 'Won at tool.call: it answered deny "use the trash, not rm" without next, so “rm-interactive” beneath it was not called.',
    });
    expect(ri).toMatchObject({ fired: false, calls: 0, why: { kind: "gated", by: "trash" }, message: "Not called at tool.call: use-trash answered above it." });
  });

  it("counts a call where the hook was reached, and then says nothing of the one where it was not", () => {
    const reached = [
      { seq: 9, type: "point.start", point: "tool.call", context },
      { seq: 10, type: "hook.start", hookId: "ri", point: "tool.call", name: "rm-interactive" },
      { seq: 11, type: "hook.end", hookId: "ri", point: "tool.call", patch: [], error: null, durationMs: 1, logs: [], status: "unchanged", decision: "passed", middleware: { outcome: "passed", stoppedBy: null, nextCalls: 1 } },
      { seq: 12, type: "point.end", point: "tool.call", result: {} },
    ] as unknown as TraceEvent[];
    const [, ri] = explainHooks({ pipeline, events: [...events.slice(0, -1), ...reached, events.at(-1) as TraceEvent] });
    expect(ri).toMatchObject({ fired: true, calls: 1, why: null, message: null });
  });
});
