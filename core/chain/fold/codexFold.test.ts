import { describe, expect, it } from "vitest";
import { foldClaudeCode, type ClaudeHookAnswer } from "./claudeCode";

/** Codex CLI 0.169.0's fold (../shared/reference/codex.md §6), on answers in completion order. */
const codex = (event: string, answers: ClaudeHookAnswer[], configOrder: string[]) => foldClaudeCode(event, answers, { variant: "codex", configOrder });
const a = (hookId: string, output: unknown, failure: string | null = null): ClaudeHookAnswer => ({ hookId, output, failure, onFailure: "continue" });
const ctx = (event: string, text: string) => ({ hookSpecificOutput: { hookEventName: event, additionalContext: text } });

describe("foldClaudeCode, variant codex", () => {
  it("facts 15, 16: contexts are kept in config order, not completion order, also beside a deny", () => {
    const r = codex("PreToolUse", [a("h2", ctx("PreToolUse", "second")), a("h1", { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no", additionalContext: "first" } })], ["h1", "h2"]);
    expect([r.decision, r.reason, r.decidedBy, r.additionalContexts]).toEqual(["deny", "no", "h1", ["first", "second"]]);
  });

  it("fact 4: a deny without a reason is recorded as failing open", () => {
    const r = codex("PreToolUse", [a("h", { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny" } })], ["h"]);
    expect([r.decision, r.rejected]).toEqual([null, [{ hookId: "h", reason: "deny without permissionDecisionReason: Codex does not block (fails open)" }]]);
  });

  it("fact 22: two blocking Stop hooks: every reason, config order", () => {
    const r = codex("Stop", [a("s2", { decision: "block", reason: "B" }), a("s1", null, "BlockingError: A\n")], ["s1", "s2"]);
    expect([r.decision, r.reason, r.feedback.map((f) => [f.hookId, f.text, f.exit2])]).toEqual(["block", "A", [["s1", "A", true], ["s2", "B", false]]]);
  });

  it("fact 38: Stop continue:false and exit 2 with empty stderr block nothing", () => {
    const r = codex("Stop", [a("s1", { continue: false, stopReason: "x" }), a("s2", null, "BlockingError: ")], ["s1", "s2"]);
    expect([r.decision, r.continue, r.stopReason, r.feedback]).toEqual([null, false, "x", []]);
  });

  it("real binary: a Stop hook's continue:false cancels every other Stop hook's block (stop.rs should_block = !should_stop && …)", () => {
    const r = codex("Stop", [a("s3", { decision: "block", reason: "B" }), a("s1", null, "BlockingError: A"), a("s2", { continue: false, stopReason: "halt" })], ["s1", "s2", "s3"]);
    expect([r.decision, r.reason, r.feedback, r.rejected.map((x) => x.hookId)]).toEqual([null, null, [], ["s1", "s3"]]);
  });

  it("real binary: UserPromptSubmit continue:false is folded as a stop (the binding ends the turn), stopReason first in config order", () => {
    const r = codex("UserPromptSubmit", [a("u2", { continue: false, stopReason: "second" }), a("u1", { continue: false, stopReason: "first" }), a("u3", ctx("UserPromptSubmit", "c"))], ["u1", "u2", "u3"]);
    expect([r.decision, r.continue, r.stopReason, r.additionalContexts]).toEqual([null, false, "first", ["c"]]);
  });

  it("fact 24: a timeout fails open, whatever onFailure says", () => {
    const r = codex("PreToolUse", [{ hookId: "slow", output: undefined, failure: "timed out after 1000 ms", onFailure: "block" }], ["slow"]);
    expect([r.decision, r.failures]).toEqual([null, [{ hookId: "slow", message: "timed out after 1000 ms", blocked: false }]]);
  });
});
