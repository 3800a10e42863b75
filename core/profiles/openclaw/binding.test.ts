import { describe, expect, it } from "vitest";
import type { ApprovalGate } from "../../engine/approval";
import { createScriptedModel } from "../../engine/scriptedModel";
import { simulate } from "../../engine/simulate";
import { createInProcessRunner, type TestHook } from "../../engine/testing/inProcessRunner";
import { parsePipeline } from "../../pipeline/parsePipeline";
import type { PipelineInput } from "../../pipeline/schema";
import type { TraceEvent } from "../../trace/events";
import { openclawProfile } from "../index";
import { OPENCLAW_TOOL_TEXTS } from "./binding";

/** What the OpenClaw host does with its hooks' merged results, on the loop (semantics.md §2a, §2c). */

const search = (id: string) => ({ content: [{ type: "tool_use" as const, id, name: "web_search", input: { query: "q" } }], stopReason: "tool_use" as const });
const answer = (text: string) => ({ content: [{ type: "text" as const, text }], stopReason: "end_turn" as const });

async function run(hooks: { id: string; point: string; priority?: number; fn: TestHook }[], responses: unknown[], options: { approvals?: ApprovalGate; hostSettings?: Record<string, boolean> } = {}) {
  const input: PipelineInput = {
    format: "hookwright.pipeline/v1",
    name: "Binding test",
    profile: "openclaw",
    ...(options.hostSettings ? { hostSettings: options.hostSettings } : {}),
    hooks: hooks.map((h) => ({ id: h.id, point: h.point, name: h.id, code: "", ...(h.priority !== undefined ? { priority: h.priority } : {}) })),
    scenarios: [{ name: "s", prompt: "hi", model: { kind: "scripted", responses }, tools: [{ name: "web_search", results: ["found"] }] } as never],
  };
  const parsed = parsePipeline(input);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  const pipeline = parsed.value;
  const scenario = pipeline.scenarios[0];
  if (!scenario) throw new Error("scenario");
  const events: TraceEvent[] = [];
  const result = await simulate({
    pipeline,
    scenario,
    profile: openclawProfile,
    runner: createInProcessRunner({ hooks: Object.fromEntries(hooks.map((h) => [h.id, h.fn])), tools: { web_search: () => "found" } }),
    model: createScriptedModel(scenario.model),
    emit: (_e, full) => void events.push(full as TraceEvent),
    approvals: options.approvals,
  });
  const toolResults = events.filter((e): e is Extract<TraceEvent, { type: "tool.result" }> => e.type === "tool.result");
  return { result, events, toolResults };
}

const gate = (decision: "allow-once" | "deny" | "timeout"): ApprovalGate => ({ request: async () => ({ decision, by: "test", at: 0 }) });
const approve: TestHook = () => ({ requireApproval: { title: "t", description: "d" }, params: { query: "rewritten" } });

describe("the OpenClaw binding", () => {
  it("a block reaches the model as the merged blockReason, or the host's default text", async () => {
    const withReason = await run([{ id: "b", point: "before_tool_call", fn: () => ({ block: true, blockReason: "no searching" }) }], [search("t1"), answer("ok")]);
    expect(withReason.toolResults.map((r) => [r.content, r.isError, r.claimedBy])).toEqual([["no searching", true, "b"]]);
    const bare = await run([{ id: "b", point: "before_tool_call", fn: () => ({ block: true }) }], [search("t1"), answer("ok")]);
    expect(bare.toolResults[0]?.content).toBe(OPENCLAW_TOOL_TEXTS.BLOCKED_BY_HOOK);
  });

  it("a throwing before_tool_call hook blocks the call with the host's failure text (fail-closed)", async () => {
    const r = await run([{ id: "boom", point: "before_tool_call", fn: () => { throw new Error("x"); } }], [search("t1"), answer("ok")]);
    expect(r.toolResults[0]?.content).toBe("Tool call blocked because before_tool_call hook failed");
    const end = r.events.find((e) => e.type === "point.end" && e.point === "before_tool_call");
    expect(end && "error" in end ? end.error : null).toBe("[hooks] before_tool_call handler from binding-test failed: Error: x");
  });

  it("approvals: allow runs the call with the snapshotted params, deny and timeout block it with the host's texts", async () => {
    const allowed = await run([{ id: "a", point: "before_tool_call", fn: approve }], [search("t1"), answer("ok")], { approvals: gate("allow-once") });
    expect(allowed.events.find((e) => e.type === "tool.call")).toMatchObject({ input: { query: "rewritten" } });
    expect(allowed.toolResults[0]).toMatchObject({ content: "found", isError: false });
    const denied = await run([{ id: "a", point: "before_tool_call", fn: approve }], [search("t1"), answer("ok")], { approvals: gate("deny") });
    expect(denied.toolResults[0]?.content).toBe(OPENCLAW_TOOL_TEXTS.DENIED);
    const late = await run([{ id: "a", point: "before_tool_call", fn: approve }], [search("t1"), answer("ok")], { approvals: gate("timeout") });
    expect(late.toolResults[0]?.content).toBe("Approval timed out");
  });

  it("before_agent_finalize: revise asks the model again, at most 3 times a run", async () => {
    const r = await run(
      [{ id: "again", point: "before_agent_finalize", fn: () => ({ action: "revise", retry: { instruction: "Try again." } }) }],
      [answer("1"), answer("2"), answer("3"), answer("4"), answer("5")],
      { hostSettings: { allowConversationAccess: true } },
    );
    expect(r.result.exitReason).toBe("no_tool_calls");
    expect(r.result.modelCalls).toBe(4);
    expect(r.events.filter((e) => e.type === "hook.start" && e.point === "before_agent_finalize")).toHaveLength(4);
  });

  it("message_sending: cancel stops delivery, so message_sent does not fire", async () => {
    const sent: string[] = [];
    const r = await run(
      [
        { id: "cancel", point: "message_sending", fn: () => ({ cancel: true }) },
        { id: "log", point: "message_sent", fn: () => void sent.push("sent") },
      ],
      [answer("secret")],
    );
    expect(r.result.exitReason).toBe("no_tool_calls");
    expect(sent).toEqual([]);
  });

  it("before_agent_run: a block ends the run with the host's replacement text; without allowConversationAccess the gate never runs", async () => {
    const gateHook = { id: "g", point: "before_agent_run", fn: () => ({ outcome: "block", reason: "r", message: "No." }) };
    const blocked = await run([gateHook], [answer("never")], { hostSettings: { allowConversationAccess: true } });
    expect(blocked.result.exitReason).toBe("blocked_by_hook");
    expect(blocked.result.modelCalls).toBe(0);
    expect(blocked.result.messages.at(-1)).toEqual({ role: "assistant", content: [{ type: "text", text: "Your message could not be sent: No. (blocked by binding-test)" }] });
    const gated = await run([gateHook], [answer("yes")]);
    expect(gated.result.exitReason).toBe("no_tool_calls");
  });
});
