import type { Expectation } from "../pipeline/expectationSchema";
import type { Pipeline } from "../pipeline/schema";
import { getProfile } from "../profiles";
import { explainHooks } from "../run/hookNotes";
import type { TraceEvent } from "../trace/events";
import { checkContext } from "./checkContext";
import { checkHookDecision, checkHookFired, hookNames, type WhyNot } from "./checkHooks";
import { checkExitReason, checkNoHookFailed } from "./checkRun";
import { checkOrderIndependent } from "./checkRaces";
import { checkToolCall } from "./checkTools";
import { describeExpectation } from "./describe";
import { indexTrace } from "./traceIndex";
import type { ExpectationReport, Verdict } from "./types";

/**
 * Checks a finished run against a scenario's expectations. `events` must be fully resolved
 * (core/trace/resolve for v2 traces). With `pipeline`, hooks are named and a hook that did not
 * run gets the reason why (core/run/hookNotes).
 *
 * @example
 * checkExpectations({ events, expectations: scenario.expectations ?? [], pipeline })
 * // { passed: 1, failed: 1, results: [{ index: 0, label: "the run ends with no_tool_calls", pass: true, ... }, ...] }
 */
export function checkExpectations(args: { events: readonly TraceEvent[]; expectations: readonly Expectation[]; pipeline?: Pipeline }): ExpectationReport {
  const { events, expectations, pipeline } = args;
  const index = indexTrace(events);
  const names = hookNames(pipeline);
  let notes: Map<string, string | null> | null = null;
  const whyNot: WhyNot = (hookId) => {
    if (!pipeline) return null;
    notes ??= new Map(explainHooks({ pipeline, events }).map((n) => [n.hookId, n.why?.message ?? null]));
    return notes.get(hookId) ?? `There is no hook with id "${hookId}" in this pipeline.`;
  };
  const results = expectations.map((e, i) => {
    const verdict = checkOne(e);
    return { index: i, label: describeExpectation(e, pipeline), ...verdict };
  });
  const passed = results.filter((r) => r.pass).length;
  return { passed, failed: results.length - passed, results };

  function checkOne(e: Expectation): Verdict {
    switch (e.kind) {
      case "exitReason":
        return checkExitReason(index, e.equals, pipeline ? getProfile(pipeline.profile)?.exitReasons : undefined);
      case "context":
        return checkContext(index, e, pipeline ? getProfile(pipeline.profile)?.points.map((p) => p.id) : undefined);
      case "hookFired":
        return checkHookFired(index, e, names, whyNot);
      case "hookDecision":
        return checkHookDecision(index, e, names, whyNot);
      case "toolCall":
        return checkToolCall(index, e, names);
      case "noHookFailed":
        return checkNoHookFailed(index, pipeline);
      case "orderIndependent":
        return checkOrderIndependent(index, e, pipeline ? getProfile(pipeline.profile)?.points.map((p) => p.id) : undefined);
    }
  }
}
