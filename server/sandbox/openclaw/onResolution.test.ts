import { afterAll, describe, expect, it } from "vitest";
import type { ApprovalAnswer } from "../../../core/engine/approval";
import { ApprovalPending, type RunApprovalGate } from "../../../core/engine/approvalStep";
import { openclawProfile } from "../../../core/profiles";
import { collectTrace, createSandboxSimulator, parseWithFirstScenario } from "../testing/simulateInSandbox";

/**
 * OpenClaw calls a hook's `requireApproval.onResolution(decision)` as the approval resolves
 * (fire-and-forget, failures only logged). The sandbox calls it in the hook's own realm, so the
 * module state it sets is what the hook's next call reads.
 */

const sandbox = createSandboxSimulator();
afterAll(() => sandbox.dispose());

const HOOK = [
  "let last = 'none';",
  "export default async (event, ctx) => {",
  "  if (event.toolName !== 'web_search') return;",
  "  console.log(`asking; last decision: ${last}`);",
  "  return { requireApproval: { title: 'Search', description: String(event.params.query), onResolution: RESOLVE } };",
  "};",
].join("\n");

const search = (id: string, query: string) => ({ content: [{ type: "tool_use", id, name: "web_search", input: { query } }], stopReason: "tool_use" });

async function run(resolve: string, answers: (n: number) => ApprovalAnswer | "park") {
  const document = {
    format: "hookwright.pipeline/v1",
    name: "Resolution",
    profile: "openclaw",
    hooks: [{ id: "gate", point: "before_tool_call", name: "gate", code: HOOK.replace("RESOLVE", resolve) }],
    scenarios: [
      {
        name: "two searches",
        prompt: "search twice",
        model: { kind: "scripted", responses: [search("t1", "one"), search("t2", "two"), { content: [{ type: "text", text: "done" }], stopReason: "end_turn" }] },
        tools: [{ name: "web_search", inputSchema: { type: "object" }, results: ["r1", "r2"] }],
      },
    ],
  };
  let n = 0;
  const gate: RunApprovalGate = {
    request: async (ask) => {
      n += 1;
      const a = answers(n);
      if (a === "park") throw new ApprovalPending(ask.approvalId);
      return a;
    },
  };
  const trace = collectTrace();
  let parked: string | null = null;
  try {
    await sandbox.simulate({ ...parseWithFirstScenario(document), profile: openclawProfile, emit: trace.emit, approvals: gate });
  } catch (error) {
    if (!(error instanceof ApprovalPending)) throw error;
    parked = error.approvalId;
  }
  return { of: trace.of, parked };
}

const answer = (decision: ApprovalAnswer["decision"]): ApprovalAnswer => ({ decision, by: "ana", at: 0 });

describe("OpenClaw onResolution through the sandbox", () => {
  it("calls the callback with each decision in the hook's realm: its logs are on approval.resolve and the module state it set is read by the next call", async () => {
    const { of } = await run("(d) => { last = d; console.log(`resolved: ${d}`); }", (n) => answer(n === 1 ? "deny" : "allow-once"));
    expect(of("approval.resolve").map((e) => e.onResolution)).toEqual([
      { hookId: "gate", decision: "deny", logs: [{ level: "log", message: "resolved: deny" }] },
      { hookId: "gate", decision: "allow-once", logs: [{ level: "log", message: "resolved: allow-once" }] },
    ]);
    expect(of("hook.end").map((e) => e.logs.map((l) => l.message))).toEqual([["asking; last decision: none"], ["asking; last decision: deny"]]);
    expect(of("tool.result").map((e) => [e.toolUseId, e.content.split("\n")[0]])).toEqual([["t1", "Denied by user. The tool call did not run."], ["t2", "r1"]]);
  });

  it("is called for a timeout and a cancelled resolution too", async () => {
    const { of } = await run("(d) => { last = d; }", (n) => answer(n === 1 ? "timeout" : "cancelled"));
    expect(of("approval.resolve").map((e) => e.onResolution?.decision)).toEqual(["timeout", "cancelled"]);
    expect(of("hook.end").map((e) => e.logs.map((l) => l.message))).toEqual([["asking; last decision: none"], ["asking; last decision: timeout"]]);
  });

  it("runs an async callback to the end; a throw or a rejection is a warning in the host's words and the run goes on", async () => {
    const { of } = await run(
      "async (d) => { await null; last = d; if (d === 'deny') throw new Error('boom'); return Promise.reject(new Error('late ' + d)); }",
      (n) => answer(n === 1 ? "deny" : "allow-once"),
    );
    expect(of("approval.resolve").map((e) => e.onResolution?.error)).toEqual([
      "plugin onResolution callback failed: Error: boom (hooks/gate.ts:5:173)",
      "plugin onResolution callback failed: Error: late allow-once (hooks/gate.ts:5:214)",
    ]);
    expect(of("approval.resolve")[0]?.onResolution?.logs).toEqual([{ level: "warn", message: "plugin onResolution callback failed: Error: boom (hooks/gate.ts:5:173)" }]);
    expect(of("hook.end")[1]?.logs.map((l) => l.message)).toEqual(["asking; last decision: deny"]);
    expect(of("tool.result").map((e) => [e.toolUseId, e.content.split("\n")[0]])).toEqual([["t1", "Denied by user. The tool call did not run."], ["t2", "r1"]]);
  });

  it("a parked run never calls it; the resumed re-run calls each callback exactly once", async () => {
    const parkedRun = await run("(d) => { last = d; console.log(`resolved: ${d}`); }", (n) => (n === 1 ? answer("deny") : "park"));
    expect(parkedRun.parked).toBe("run-1.a2");
    expect(parkedRun.of("approval.resolve").map((e) => e.onResolution?.decision)).toEqual(["deny"]);
    const resumed = await run("(d) => { last = d; console.log(`resolved: ${d}`); }", (n) => answer(n === 1 ? "deny" : "allow-always"));
    expect(resumed.parked).toBeNull();
    expect(resumed.of("approval.resolve").map((e) => e.onResolution?.logs.map((l) => l.message))).toEqual([["resolved: deny"], ["resolved: allow-always"]]);
    // The replayed prefix is the same as the parked run recorded it (the service checks it event by event).
    expect(resumed.of("approval.resolve")[0]).toEqual(parkedRun.of("approval.resolve")[0]);
  });

  it("a hook that returns no callback gets none, and a later call without one does not reuse an earlier one", async () => {
    const { of } = await run("undefined", () => answer("deny"));
    expect(of("approval.resolve").map((e) => "onResolution" in e)).toEqual([false, false]);
  });
});
