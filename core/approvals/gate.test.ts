import { describe, expect, it } from "vitest";
import { APPROVAL_UNAVAILABLE, type ApprovalAsk } from "../engine/approval";
import { ApprovalPending, type IdentifiedAsk } from "../engine/approvalStep";
import { createRunGate, knownAnswersOf } from "./gate";
import { scriptedApprovalSchema } from "./scriptedSchema";

const ask = (over: Partial<ApprovalAsk> = {}): IdentifiedAsk => ({
  approvalId: "r.a1",
  point: "before_tool_call",
  hookId: "gate",
  toolUseId: "toolu_1",
  toolName: "web_search",
  params: { query: "x" },
  request: { title: "Run", description: "", severity: "info", timeoutMs: 1000, allowedDecisions: ["allow-once", "allow-always", "deny"], pluginId: "p", hasOnResolution: false, timeoutReason: null },
  warnings: [],
  ...over,
});
const noSleep = () => Promise.resolve();
const script = (...entries: unknown[]) => entries.map((e) => scriptedApprovalSchema.parse(e));

describe("createRunGate", () => {
  it("answers from the first matching scripted entry, at clockStart + afterMs, after waiting afterMs", async () => {
    const waited: number[] = [];
    const gate = createRunGate({
      script: script({ match: { tool: "exec" }, decision: "allow-once" }, { match: { tool: "web_search" }, decision: "deny", afterMs: 500 }),
      clockStart: 1000,
      sleep: (ms) => {
        waited.push(ms);
        return Promise.resolve();
      },
    });
    expect(await gate.request(ask())).toEqual({ decision: "deny", by: "script", at: 1500 });
    expect(waited).toEqual([500]);
  });

  it("a scripted answer at or past the request's timeout is a timeout; a decision the request does not allow too, saying why", async () => {
    const late = createRunGate({ script: script({ decision: "allow-once", afterMs: 1000 }), sleep: noSleep });
    expect(await late.request(ask())).toEqual({ decision: "timeout", by: "timeout", at: 1000 });
    const odd = createRunGate({ script: script({ decision: "approve" }), sleep: noSleep });
    expect(await odd.request(ask())).toEqual({ decision: "timeout", by: "script", at: 0, reason: '"approve" is not an allowed decision (allow-once, allow-always, deny)' });
  });

  it("with nothing scripted: the host's unavailable surface, or the fallback (a person: the run parks)", async () => {
    expect(await createRunGate({ clockStart: 5 }).request(ask())).toEqual({ decision: "cancelled", by: "host", at: 5, reason: APPROVAL_UNAVAILABLE });
    const parking = createRunGate({ fallback: { request: (a) => Promise.reject(new ApprovalPending(a.approvalId)) } });
    await expect(parking.request(ask())).rejects.toBeInstanceOf(ApprovalPending);
  });

  it("known answers come first, by request order, only for the same tool call", async () => {
    const gate = createRunGate({ known: [{ toolUseId: "toolu_1", answer: { decision: "allow-always", by: "ann", at: 7 } }, { toolUseId: "toolu_X", answer: { decision: "deny", by: "bob", at: 8 } }], sleep: noSleep });
    expect(await gate.request(ask())).toEqual({ decision: "allow-always", by: "ann", at: 7 });
    expect((await gate.request(ask({ toolUseId: "toolu_2" }))).decision).toBe("cancelled");
  });

  it("reads the answers a trace recorded, in order, relabelled for a re-run", () => {
    const events = [
      { type: "approval.request", approvalId: "r.a1", toolUseId: "t1" },
      { type: "approval.resolve", approvalId: "r.a1", decision: "deny", by: "ann", at: 3 },
      { type: "approval.request", approvalId: "r.a2", toolUseId: "t2" },
      { type: "approval.resolve", approvalId: "r.a2", decision: "cancelled", by: "host", at: 4, reason: "no surface" },
    ];
    expect(knownAnswersOf(events, (by) => `${by} (recorded)`)).toEqual([
      { toolUseId: "t1", answer: { decision: "deny", by: "ann (recorded)", at: 3 } },
      { toolUseId: "t2", answer: { decision: "cancelled", by: "host (recorded)", at: 4, reason: "no surface" } },
    ]);
  });

  it("the scenario schema refuses unknown match fields and fills defaults", () => {
    expect(scriptedApprovalSchema.parse({ decision: "deny" })).toEqual({ match: {}, decision: "deny", afterMs: 0, by: "script" });
    expect(scriptedApprovalSchema.safeParse({ match: { toolName: "x" }, decision: "deny" }).success).toBe(false);
  });
});
