import type { Expectation, Occurrence } from "../pipeline/expectationSchema";
import type { Pipeline } from "../pipeline/schema";
import { show } from "./jsonMatch";

/** The expectation in words (its label when it has one), e.g. `hook "be-concise" ran`. */
export function describeExpectation(e: Expectation, pipeline?: Pipeline): string {
  if (e.label) return e.label;
  const hook = (id: string) => `hook "${pipeline?.hooks.find((h) => h.id === id)?.name ?? id}"`;
  switch (e.kind) {
    case "exitReason":
      return `the run ends with ${e.equals}`;
    case "context":
      return `${e.path} ${e.op === "matches" ? "matches" : e.op} ${show(e.value, 60)} after ${e.point}${occurrenceWords(e.occurrence)}`;
    case "hookFired":
      return `${hook(e.hookId)} ${e.fired ? "runs" : "does not run"}`;
    case "hookDecision":
      return `${hook(e.hookId)} decides ${e.decision}${occurrenceWords(e.occurrence)}`;
    case "toolCall":
      return `tool ${e.name}${e.input ? ` with ${show(e.input, 60)}` : ""} ${e.ran ? "runs" : "does not run"}`;
    case "noHookFailed":
      return "no hook fails";
    case "orderIndependent":
      return e.point === undefined ? "no point depends on which hook finishes last" : `${e.point} does not depend on which hook finishes last`;
  }
}

export function occurrenceWords(o: Occurrence): string {
  if (o === "every") return " (every time)";
  if (o === "any") return " (at least once)";
  return ` (time ${o})`;
}
