import { describe, expect, it } from "vitest";
import { runHarness } from "./testing/harness";
import type { TestContext } from "./testing/inProcessRunner";

const terminal = (id: string, command: string) => ({
  content: [{ type: "tool_use" as const, id, name: "terminal", input: { command } }],
  stopReason: "tool_use" as const,
});
const done = { content: [{ type: "text" as const, text: "Done." }], stopReason: "end_turn" as const };

const gate = (ctx: TestContext) => {
  if (ctx.toolName !== "terminal") return { handled: false };
  if (!/rm -rf/.test(String(ctx.args.command))) return { handled: false };
  return { handled: true, error: `Blocked: '${ctx.args.command}' matches a dangerous command pattern.` };
};

describe("simulate (registry)", () => {
  it("blocks a claimed tool call with an error tool_result the model sees, without running the tool", async () => {
    let ran = 0;
    const audited: string[] = [];
    const run = await runHarness({
      profile: "registry",
      scenario: { model: { kind: "scripted", responses: [terminal("t1", "rm -rf /"), terminal("t2", "ls"), done] }, tools: [{ name: "terminal", handler: "export default () => 'ok'" }] },
      tools: { terminal: () => `ran ${++ran}` },
      hooks: { before_tool_call: [gate], after_tool_call: [(ctx) => void audited.push(`${ctx.toolName} ${ctx.args.command} -> ${ctx.result}`)] },
    });
    expect(run.of("tool.result").map((e) => [e.toolUseId, e.content, e.isError, e.claimedBy ?? null])).toEqual([
      ["t1", "Blocked: 'rm -rf /' matches a dangerous command pattern.", true, "before_tool_call#0"],
      ["t2", "ran 1", false, null],
    ]);
    expect(run.of("model.request")[1]?.messages.at(-1)).toEqual({
      role: "user",
      content: [{ type: "tool_result", tool_use_id: "t1", content: "Blocked: 'rm -rf /' matches a dangerous command pattern.", is_error: true }],
    });
    expect(audited).toEqual(["terminal ls -> ran 1"]);
    expect(run.hookEnd("before_tool_call#0")).toMatchObject({ status: "blocked", decision: { handled: true, error: "Blocked: 'rm -rf /' matches a dangerous command pattern." } });
    expect(run.hookEnd("before_tool_call#0", 1)).toMatchObject({ status: "unchanged" });
  });

  it("stops a claiming chain at the first { handled: true }", async () => {
    const ran: string[] = [];
    const run = await runHarness({
      profile: "registry",
      scenario: { model: { kind: "scripted", responses: [terminal("t1", "ls"), done] }, tools: [{ name: "terminal", results: ["files"] }] },
      hooks: {
        before_tool_call: [
          ["pass", () => void ran.push("pass")],
          ["route", () => (ran.push("route"), { handled: true, result: "routed elsewhere" })],
          ["never", () => void ran.push("never")],
        ],
      },
    });
    expect(ran).toEqual(["pass", "route"]);
    expect(run.of("tool.result")[0]).toMatchObject({ content: "routed elsewhere", isError: false, claimedBy: "route" });
    expect(run.hookEnd("route").status).toBe("claimed");
  });

  it("merges before_prompt_build partials: the first non-null value per key wins", async () => {
    const run = await runHarness({
      profile: "registry",
      scenario: { system: "Base." },
      hooks: {
        before_prompt_build: [
          ["a", () => ({ additionalContext: null, systemPrompt: "You are terse." })],
          ["b", () => ({ additionalContext: "Today is Monday.", systemPrompt: "You are verbose." })],
          ["c", () => ({ additionalContext: "Today is Sunday." })],
        ],
      },
    });
    expect(run.of("model.request")[0]?.system).toBe("You are terse.\n\nToday is Monday.");
    expect(run.hookEnd("b").ignoredWrites).toEqual([{ path: "/systemPrompt", reason: '"a" already set this key; the first non-null value wins' }]);
    expect(run.of("point.end")[0]?.result).toEqual({ systemPrompt: "You are terse.", additionalContext: "Today is Monday." });
  });

  it("ends the turn with hook_error when a modifying hook throws, without agent_done", async () => {
    const doneSeen: string[] = [];
    const run = await runHarness({
      profile: "registry",
      hooks: {
        before_prompt_build: [
          () => {
            throw new Error("prompt store offline");
          },
        ],
        agent_done: [(ctx) => void doneSeen.push(ctx.exitReason)],
      },
    });
    expect(run.exitReason).toBe("hook_error");
    expect(run.error).toBe('hook "before_prompt_build#0" failed and the failure propagated: Error: prompt store offline');
    expect(run.of("model.request")).toHaveLength(0);
    expect(doneSeen).toEqual([]);
  });

  it("runs every void hook even when one throws, and ignores their writes", async () => {
    const seen: string[] = [];
    const run = await runHarness({
      profile: "registry",
      hooks: {
        session_start: [
          ["log", (ctx) => void seen.push(`start ${ctx.sessionId}`)],
          [
            "broken",
            (ctx) => {
              ctx.sessionId = "x";
              throw new Error("analytics down");
            },
          ],
          ["late", () => void seen.push("late")],
        ],
        agent_done: [(ctx) => void seen.push(`done ${ctx.exitReason} after ${ctx.modelCalls} call`)],
      },
    });
    expect(seen).toEqual(["start session-1", "late", "done no_tool_calls after 1 call"]);
    expect(run.hookEnd("broken")).toMatchObject({ status: "threw", error: "Error: analytics down", patch: [] });
    expect(run.exitReason).toBe("no_tool_calls");
  });
});
