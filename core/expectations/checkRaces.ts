import type { Expectation } from "../pipeline/expectationSchema";
import { raceFlagOf } from "../run/raceFlag";
import { times } from "./checkContext";
import type { TraceIndex } from "./traceIndex";
import type { Verdict } from "./types";

type OrderExpectation = Extract<Expectation, { kind: "orderIndependent" }>;

/**
 * No crossing of `e.point` (or of any point) has an outcome that depends on which of its
 * parallel hooks finishes last: the engine re-folds every completion order after each run and
 * flags the point.end where they disagree.
 */
export function checkOrderIndependent(index: TraceIndex, e: OrderExpectation, profilePoints?: readonly string[]): Verdict {
  const end = index.runEnd?.seq ?? null;
  if (e.point !== undefined && profilePoints && !profilePoints.includes(e.point)) {
    return { pass: false, reason: `${e.point} is not a hook point of this pipeline's profile (its points: ${profilePoints.join(", ")})`, seq: end };
  }
  const visits = index.visits.filter((v) => (e.point === undefined || v.point === e.point) && v.hooks.length > 0);
  const flagged = visits.flatMap((v) => {
    const flag = raceFlagOf(v.end?.result);
    return flag ? [{ visit: v, flag }] : [];
  });
  const first = flagged[0];
  if (first) {
    const { visit, flag } = first;
    const more = flagged.length > 1 ? ` (flagged ${times(flagged.length)} in all)` : "";
    return {
      pass: false,
      reason: `${visit.point} #${visit.occurrence} depends on the order its hooks finish in: ${flag.message} (${flag.orders} completion orders compared)${more}`,
      seq: visit.end?.seq ?? visit.startSeq,
    };
  }
  if (e.point !== undefined) {
    if (visits.length === 0) return { pass: true, reason: `no hook ran at ${e.point} in this run: nothing could race`, seq: end };
    return { pass: true, reason: `${e.point} has the same outcome whichever hook finishes last (${times(visits.length)})`, seq: visits[0]?.end?.seq ?? end };
  }
  return { pass: true, reason: `no point's outcome depends on the order its hooks finish in (${visits.length} crossing${visits.length === 1 ? "" : "s"} with hooks)`, seq: end };
}
