import type { Json } from "../json";
import type { Expectation } from "../pipeline/expectationSchema";
import { matchValue, show, valueAt } from "./jsonMatch";
import type { PointVisit, TraceIndex } from "./traceIndex";
import type { Verdict } from "./types";

type ContextExpectation = Extract<Expectation, { kind: "context" }>;

const OP_WORDS = { equals: "equal", contains: "contain", matches: "match" } as const;

/** A field of the context the host reads back after a point's chain, at the n-th / every / any visit. */
export function checkContext(index: TraceIndex, e: ContextExpectation, profilePoints?: readonly string[]): Verdict {
  const visits = index.visits.filter((v) => v.point === e.point);
  if (visits.length === 0 && profilePoints && !profilePoints.includes(e.point)) {
    return { pass: false, reason: `${e.point} is not a hook point of this pipeline's profile (its points: ${profilePoints.join(", ")})`, seq: index.runEnd?.seq ?? null };
  }
  if (visits.length === 0) {
    return { pass: false, reason: `${e.point} has no recorded context in this run: it was not reached, or no enabled hook runs there`, seq: index.runEnd?.seq ?? null };
  }
  const expected = e.value as Json;
  const test = (v: PointVisit): Verdict => {
    const seq = v.end?.seq ?? v.startSeq;
    const actual = valueAt(v.after, e.path);
    const at = `after ${e.point} #${v.occurrence}`;
    if (actual === undefined) return { pass: false, reason: `${e.path} does not exist ${at}`, seq };
    const pass = matchValue(actual, e.op, expected);
    return pass
      ? { pass, reason: `${e.path} ${at} is ${show(actual)}`, seq }
      : { pass, reason: `${e.path} ${at} is ${show(actual)}, expected it to ${OP_WORDS[e.op]} ${show(expected)}`, seq };
  };
  if (typeof e.occurrence === "number") {
    const visit = visits[e.occurrence - 1];
    if (!visit) return { pass: false, reason: `${e.point} fired ${times(visits.length)}; there is no time ${e.occurrence}`, seq: index.runEnd?.seq ?? null };
    return test(visit);
  }
  const verdicts = visits.map(test);
  if (e.occurrence === "every") {
    const failed = verdicts.find((v) => !v.pass);
    return failed ?? { pass: true, reason: visits.length === 1 ? (verdicts[0] as Verdict).reason : `${e.path} holds after all ${visits.length} times ${e.point} fired`, seq: (verdicts[0] as Verdict).seq };
  }
  const passed = verdicts.find((v) => v.pass);
  return passed ?? { ...(verdicts[0] as Verdict), reason: `${(verdicts[0] as Verdict).reason}${visits.length > 1 ? ` (and the ${visits.length - 1} other times ${e.point} fired did not match either)` : ""}` };
}

export function times(n: number): string {
  return n === 1 ? "once" : `${n} times`;
}
