import { describe, expect, it } from "vitest";
import { blockingReason, foldClaudeCode, type ClaudeHookAnswer } from "./claudeCode";
import { completionPermutation } from "./completionOrder";

const pre = (hookId: string, specific: Record<string, unknown>, top: Record<string, unknown> = {}): ClaudeHookAnswer => ({
  hookId,
  output: { ...top, hookSpecificOutput: { hookEventName: "PreToolUse", ...specific } },
  failure: null,
  onFailure: "continue",
});
const decide = (hookId: string, permissionDecision: string, extra: Record<string, unknown> = {}) => pre(hookId, { permissionDecision, ...extra });

describe("Claude Code fold (semantics.md §3c, §3f)", () => {
  it("PreToolUse: the strictest decision wins whatever the completion order (deny > defer > ask > allow)", () => {
    const pairs: [string, string, string][] = [
      ["allow", "ask", "ask"],
      ["allow", "defer", "defer"],
      ["allow", "deny", "deny"],
      ["ask", "defer", "defer"],
      ["ask", "deny", "deny"],
      ["defer", "deny", "deny"],
      ["allow", "allow", "allow"],
    ];
    for (const [a, b, winner] of pairs) {
      expect(foldClaudeCode("PreToolUse", [decide("h1", a), decide("h2", b)]).decision).toBe(winner);
      expect(foldClaudeCode("PreToolUse", [decide("h2", b), decide("h1", a)]).decision).toBe(winner);
    }
  });

  it("two denies keep the reason of the last to complete; two asks the first; a deny without reason says Blocked by hook", () => {
    const denies = foldClaudeCode("PreToolUse", [decide("h1", "deny", { permissionDecisionReason: "one" }), decide("h2", "deny", { permissionDecisionReason: "two" })]);
    expect([denies.reason, denies.decidedBy]).toEqual(["two", "h2"]);
    const asks = foldClaudeCode("PreToolUse", [decide("h1", "ask", { permissionDecisionReason: "first" }), decide("h2", "ask", { permissionDecisionReason: "second" })]);
    expect([asks.reason, asks.decidedBy]).toEqual(["first", "h1"]);
    expect(foldClaudeCode("PreToolUse", [decide("h1", "deny")]).reason).toBe("Blocked by hook");
    expect(foldClaudeCode("PreToolUse", [decide("h1", "deny", {})].map((a) => ({ ...a, output: { reason: "top", hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny" } } }))).reason).toBe("top");
  });

  it("additionalContext from every hook, in completion order, also when one denies", () => {
    const r = foldClaudeCode("PreToolUse", [pre("h1", { additionalContext: "a" }), decide("h2", "deny", { additionalContext: "b" }), pre("h3", { additionalContext: "c" })]);
    expect(r.additionalContexts).toEqual(["a", "b", "c"]);
    expect(r.decision).toBe("deny");
  });

  it("updatedInput comes from the last hook to complete whose decision is the winning class, or that gave none", () => {
    const allowThenNone = foldClaudeCode("PreToolUse", [decide("h1", "allow", { updatedInput: { command: "a" } }), pre("h2", { updatedInput: { command: "b" } })]);
    expect([allowThenNone.updatedInput, allowThenNone.updatedBy]).toEqual([{ command: "b" }, "h2"]);
    const reversed = foldClaudeCode("PreToolUse", [pre("h2", { updatedInput: { command: "b" } }), decide("h1", "allow", { updatedInput: { command: "a" } })]);
    expect([reversed.updatedInput, reversed.updatedBy]).toEqual([{ command: "a" }, "h1"]);
    // An allow's rewrite does not count once an ask is the strictest decision.
    const ask = foldClaudeCode("PreToolUse", [decide("h1", "ask"), decide("h2", "allow", { updatedInput: { command: "x" } })]);
    expect([ask.decision, ask.updatedInput]).toEqual(["ask", null]);
    const askRewrite = foldClaudeCode("PreToolUse", [decide("h1", "allow", { updatedInput: { command: "x" } }), decide("h2", "ask", { updatedInput: { command: "y" } })]);
    expect(askRewrite.updatedInput).toEqual({ command: "y" });
  });

  it("a hookSpecificOutput naming another event is ignored as a whole (its deny and its context)", () => {
    const r = foldClaudeCode("PreToolUse", [{ hookId: "h1", output: { hookSpecificOutput: { hookEventName: "PostToolUse", permissionDecision: "deny", additionalContext: "x" } }, failure: null, onFailure: "continue" }]);
    expect(r.decision).toBeNull();
    expect(r.additionalContexts).toEqual([]);
    expect(r.rejected).toEqual([{ hookId: "h1", reason: 'hookSpecificOutput.hookEventName is "PostToolUse", not "PreToolUse": the host ignores its whole hookSpecificOutput' }]);
  });

  it("legacy top-level decision: block denies with its reason (default Blocked by hook), approve allows, an unknown one does not block", () => {
    const out = (o: unknown): ClaudeHookAnswer => ({ hookId: "h1", output: o, failure: null, onFailure: "continue" });
    expect(foldClaudeCode("PreToolUse", [out({ decision: "block", reason: "no" })])).toMatchObject({ decision: "deny", reason: "no" });
    expect(foldClaudeCode("PreToolUse", [out({ decision: "block" })])).toMatchObject({ decision: "deny", reason: "Blocked by hook" });
    expect(foldClaudeCode("PreToolUse", [out({ decision: "approve" })]).decision).toBe("allow");
    const unknown = foldClaudeCode("PreToolUse", [out({ decision: "maybe" })]);
    expect(unknown.decision).toBeNull();
    expect(unknown.rejected[0]?.reason).toBe('unknown decision "maybe": it does not block (use "approve" or "block")');
    expect(foldClaudeCode("Stop", [out({ decision: "block", reason: "tests first" })])).toMatchObject({ decision: "block", reason: "tests first", decidedBy: "h1" });
  });

  it("continue:false stops the agent with the first stopReason", () => {
    const r = foldClaudeCode("PostToolUse", [
      { hookId: "h1", output: { continue: false, stopReason: "budget" }, failure: null, onFailure: "continue" },
      { hookId: "h2", output: { continue: false, stopReason: "later" }, failure: null, onFailure: "continue" },
    ]);
    expect([r.continue, r.stopReason]).toEqual([false, "budget"]);
  });

  it("failures: continue by default, block with onFailure block, never on Stop / SubagentStop; BlockingError is exit 2 everywhere", () => {
    const fail = (onFailure: "continue" | "block", failure = "Error: boom (hooks/h.ts:2:9)"): ClaudeHookAnswer => ({ hookId: "h1", output: undefined, failure, onFailure });
    expect(foldClaudeCode("PreToolUse", [fail("continue"), decide("h2", "allow")])).toMatchObject({ decision: "allow", failures: [{ hookId: "h1", message: "Error: boom (hooks/h.ts:2:9)", blocked: false }] });
    expect(foldClaudeCode("PreToolUse", [fail("block"), decide("h2", "allow")])).toMatchObject({ decision: "deny", reason: "Error: boom (hooks/h.ts:2:9)", decidedBy: "h1" });
    expect(foldClaudeCode("Stop", [fail("block")])).toMatchObject({ decision: null, failures: [{ hookId: "h1", blocked: false }] });
    expect(foldClaudeCode("SubagentStop", [fail("block")]).decision).toBeNull();
    const exit2 = fail("continue", "BlockingError: run the tests first (hooks/stop.ts:3:11)");
    expect(foldClaudeCode("Stop", [exit2])).toMatchObject({ decision: "block", reason: "run the tests first" });
    expect(foldClaudeCode("PreToolUse", [decide("h2", "allow"), exit2])).toMatchObject({ decision: "deny", reason: "run the tests first" });
    expect(blockingReason("BlockingError: a (b) (hooks/x.ts:1:1)")).toBe("a (b)");
    expect(blockingReason("Error: x")).toBeNull();
  });

  it("PostToolUse: every context kept, updatedToolOutput from the last to complete; PermissionRequest: deny beats allow", () => {
    const post = (hookId: string, specific: Record<string, unknown>): ClaudeHookAnswer => ({ hookId, output: { hookSpecificOutput: { hookEventName: "PostToolUse", ...specific } }, failure: null, onFailure: "continue" });
    const r = foldClaudeCode("PostToolUse", [post("h1", { additionalContext: "x", updatedToolOutput: "one" }), post("h2", { additionalContext: "y", updatedToolOutput: "two" })]);
    expect([r.additionalContexts, r.updatedToolOutput, r.updatedBy]).toEqual([["x", "y"], "two", "h2"]);
    const perm = (hookId: string, behavior: string): ClaudeHookAnswer => ({ hookId, output: { hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior } } }, failure: null, onFailure: "continue" });
    expect(foldClaudeCode("PermissionRequest", [perm("h1", "deny"), perm("h2", "allow")]).permission).toEqual({ behavior: "deny" });
    expect(foldClaudeCode("PermissionRequest", [perm("h1", "allow"), perm("h2", "deny")])).toMatchObject({ permission: { behavior: "deny" }, decidedBy: "h2" });
  });

  it("completion order: declared, reverse, and a seed gives the same permutation every time", () => {
    expect(completionPermutation("declared", 3, "PreToolUse#1")).toEqual([0, 1, 2]);
    expect(completionPermutation(undefined, 3, "PreToolUse#1")).toEqual([0, 1, 2]);
    expect(completionPermutation("reverse", 3, "PreToolUse#1")).toEqual([2, 1, 0]);
    const seeded = completionPermutation(7, 5, "PreToolUse#1");
    expect(seeded).toEqual(completionPermutation(7, 5, "PreToolUse#1"));
    expect([...seeded].sort()).toEqual([0, 1, 2, 3, 4]);
  });
});
