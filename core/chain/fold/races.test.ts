import { describe, expect, it } from "vitest";
import type { ClaudeHookAnswer } from "./claudeCode";
import { orderDependence } from "./races";

const pre = (hookId: string, specific: Record<string, unknown>): ClaudeHookAnswer => ({ hookId, output: { hookSpecificOutput: { hookEventName: "PreToolUse", ...specific } }, failure: null, onFailure: "continue" });

describe("order dependence of a parallel point", () => {
  it("flags two hooks rewriting the same input, naming them and the keys", () => {
    const r = orderDependence("PreToolUse", [
      pre("h1", { permissionDecision: "allow", updatedInput: { command: "a" } }),
      pre("h2", { additionalContext: "x" }),
      pre("h3", { permissionDecision: "allow", updatedInput: { command: "b" } }),
    ]);
    expect(r).toEqual({ fields: ["updatedInput"], hooks: ["h1", "h3"], orders: 6, message: "the tool input depends on which hook finishes last: h1 and h3 both rewrite `command`" });
  });

  it("does not flag a deny that wins in every order, identical rewrites, or a single hook", () => {
    expect(orderDependence("PreToolUse", [pre("h1", { permissionDecision: "deny", permissionDecisionReason: "no" }), pre("h2", { permissionDecision: "allow", updatedInput: { command: "b" } })])).toBeNull();
    expect(orderDependence("PreToolUse", [pre("h1", { updatedInput: { command: "same" } }), pre("h2", { updatedInput: { command: "same" } })])).toBeNull();
    expect(orderDependence("PreToolUse", [pre("h1", { updatedInput: { command: "a" } })])).toBeNull();
  });

  it("flags two denies whose reason depends on which finishes last", () => {
    const r = orderDependence("PreToolUse", [pre("h1", { permissionDecision: "deny", permissionDecisionReason: "one" }), pre("h2", { permissionDecision: "deny", permissionDecisionReason: "two" })]);
    expect(r?.fields).toEqual(["reason"]);
    expect(r?.message).toBe("the outcome (reason) depends on the order h1 and h2 finish in");
  });

  it("samples 720 orders beyond 6 hooks", () => {
    const many = Array.from({ length: 8 }, (_, i) => pre(`h${i}`, { updatedInput: { command: String(i) } }));
    expect(orderDependence("PreToolUse", many)?.orders).toBe(720);
  });
});
