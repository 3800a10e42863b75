import { EXPECTATION_KINDS, type ExpectationKind } from "~/core/pipeline/expectationSchema";
import type { Profile } from "~/core/profiles";

/**
 * The kinds of expectation worth offering for a profile: "order-independent" only where some
 * point runs its hooks in parallel and folds their answers (the only place completion order can
 * change an outcome).
 */
export function expectationKindsFor(profile: Pick<Profile, "points">): ExpectationKind[] {
  const parallel = profile.points.some((p) => p.fold?.kind === "parallel");
  return EXPECTATION_KINDS.filter((k) => k !== "orderIndependent" || parallel);
}
