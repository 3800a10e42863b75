import type { Json } from "../json";
import type { Expectation } from "../pipeline/expectationSchema";
import type { HookEndEvent } from "../trace/events";
import { decisionName } from "./decision";

/**
 * "Expect this" from a run, in one click: what a hook card asserts (its decision at this
 * occurrence when it made one, else that it runs), and what a context field asserts (its value
 * after the point's chain at this occurrence).
 */
export function expectHookOutcome(end: HookEndEvent, occurrence: number): Expectation {
  const decision = decisionName(end);
  if (decision === "none") return { kind: "hookFired", hookId: end.hookId, fired: true };
  return { kind: "hookDecision", hookId: end.hookId, decision, occurrence };
}

export function expectContextValue(args: { point: string; path: string; value: Json; occurrence: number }): Expectation {
  return { kind: "context", point: args.point, path: args.path, occurrence: args.occurrence, op: "equals", value: args.value };
}
