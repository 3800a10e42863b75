import { escapePointerToken, hasOwn, isObjectLike } from "../../core/chain/jsonValue";
import type { Json, JsonObject, JsonPatch } from "../../core/json";

/**
 * The patch that turns the chain realm's copy of the previous context into the next one, for
 * {@link ChainRealm.open}. The two are separate trees (the caller's context against the host's
 * own copy), so every node is compared; this walk also checks that applying the patch keeps
 * the next context's key order (hooks that list fields must see the caller's order), which
 * used to take a second walk over the patched result.
 *
 * The ops are those of core/chain's diffJson (removed keys, added keys in the next context's
 * order, changed values replaced; arrays keep their common prefix and suffix), with paths
 * built only for the ops emitted: at 1 MB, building a path for every visited node was most
 * of the cost of opening a chain.
 *
 * @returns the patch, or null when applying it would list some object's keys in another
 *   order than `after` (the context must then cross whole).
 */
export function contextPatch(before: JsonObject, after: JsonObject): JsonPatch | null {
  const ops: JsonPatch = [];
  return diffValue(before, after, [], ops) ? ops : null;
}

function pointer(tokens: readonly string[], last?: string): string {
  let path = "";
  for (const token of tokens) path += `/${escapePointerToken(token)}`;
  return last === undefined ? path : `${path}/${escapePointerToken(last)}`;
}

/** Appends the ops turning `a` into `b`; false when `b`'s key order cannot be reproduced. */
function diffValue(a: Json, b: Json, tokens: string[], ops: JsonPatch): boolean {
  if (a === b) return true;
  if (isObjectLike(a) && isObjectLike(b)) {
    const aArr = Array.isArray(a);
    if (aArr && Array.isArray(b)) return diffArray(a, b, tokens, ops);
    if (!aArr && !Array.isArray(b)) return diffObject(a, b, tokens, ops);
  }
  ops.push({ op: "replace", path: pointer(tokens), value: b });
  return true;
}

/**
 * Applying the ops keeps `a`'s remaining keys where they were and appends the added ones in
 * `b`'s order, so `b` must list exactly that sequence. (JavaScript lists integer-like keys
 * first; a context that adds one in front is sent whole, which is only slower.)
 */
function diffObject(a: { [k: string]: Json }, b: { [k: string]: Json }, tokens: string[], ops: JsonPatch): boolean {
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (sameKeys(keysA, keysB)) {
    // The common case (a conversation's messages and blocks): no key added or removed.
    for (const key of keysA) {
      tokens.push(key);
      const ok = diffValue(a[key] as Json, b[key] as Json, tokens, ops);
      tokens.pop();
      if (!ok) return false;
    }
    return true;
  }
  let next = 0;
  for (const key of keysA) {
    if (!hasOwn(b, key)) {
      ops.push({ op: "remove", path: pointer(tokens, key) });
      continue;
    }
    if (keysB[next] !== key) return false;
    next++;
    tokens.push(key);
    const ok = diffValue(a[key] as Json, b[key] as Json, tokens, ops);
    tokens.pop();
    if (!ok) return false;
  }
  for (; next < keysB.length; next++) {
    const key = keysB[next] as string;
    if (hasOwn(a, key)) return false;
    ops.push({ op: "add", path: pointer(tokens, key), value: b[key] as Json });
  }
  return true;
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function diffArray(a: Json[], b: Json[], tokens: string[], ops: JsonPatch): boolean {
  let start = 0;
  const max = Math.min(a.length, b.length);
  while (start < max && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const common = Math.min(endA - start, endB - start);
  for (let i = start; i < start + common; i++) {
    tokens.push(String(i));
    const ok = diffValue(a[i] as Json, b[i] as Json, tokens, ops);
    tokens.pop();
    if (!ok) return false;
  }
  // Only one of the two loops runs: the middle either shrank or grew.
  for (let i = endA - 1; i >= start + common; i--) ops.push({ op: "remove", path: pointer(tokens, String(i)) });
  for (let i = start + common; i < endB; i++) ops.push({ op: "add", path: pointer(tokens, String(i)), value: b[i] as Json });
  return true;
}
