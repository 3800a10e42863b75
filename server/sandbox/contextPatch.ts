import { diffJsonKeepingKeyOrder } from "../../core/chain/diff";
import type { JsonObject, JsonPatch } from "../../core/json";

/**
 * The patch that turns the chain realm's copy of the previous context into the next one, for
 * {@link ChainRealm.open}: a diff of the caller's previous context (kept by reference) against
 * its next one, so subtrees the two share are skipped by identity. Hooks that list fields must
 * see the caller's key order, which core's diff checks on the same walk.
 *
 * @returns the patch, or null when applying it would list some object's keys in another
 *   order than `after` (the context must then cross whole).
 */
export function contextPatch(before: JsonObject, after: JsonObject): JsonPatch | null {
  return diffJsonKeepingKeyOrder(before, after);
}
