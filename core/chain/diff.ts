import type { Json, JsonPatch } from "../json";
import { escapePointerToken, hasOwn, isObjectLike } from "./jsonValue";

/**
 * Structural RFC 6902 diff of two JSON values. Identical references are skipped without
 * being visited, so diffing a copy-on-write result against its base costs O(changed), not
 * O(size). Arrays keep their common prefix and suffix (by identity, then by value for
 * primitives), so a push, an unshift or a splice produce one op per element added or removed.
 *
 * @returns add/remove/replace ops that turn `before` into `after`.
 * @example diffJson({ a: 1 }, { a: 2, b: [] }) // [{op:"replace",path:"/a",value:2},{op:"add",path:"/b",value:[]}]
 */
export function diffJson(before: Json, after: Json, basePath = ""): JsonPatch {
  const differ = new Differ(basePath, false);
  differ.value(before, after);
  return differ.ops;
}

/**
 * Like {@link diffJson}, for a receiver that must end up with `after`'s key order too (the
 * sandbox patches its copy of the previous context into the next one, and hooks that list
 * fields must see the caller's order). Applying a patch keeps the remaining keys where they
 * were and appends added ones, so that is checked on the way.
 *
 * @returns the ops, or null when applying them would list some object's keys in another order
 *   than `after` (the value must then be sent whole).
 */
export function diffJsonKeepingKeyOrder(before: Json, after: Json): JsonPatch | null {
  const differ = new Differ("", true);
  return differ.value(before, after) ? differ.ops : null;
}

/**
 * One walk for both diffs. The path is a stack of tokens turned into a pointer only for the
 * ops emitted: at 1 MB, building a path string for every visited node was most of the cost.
 */
class Differ {
  readonly ops: JsonPatch = [];
  private readonly tokens: string[] = [];

  constructor(
    private readonly basePath: string,
    private readonly keepKeyOrder: boolean,
  ) {}

  /** Appends the ops turning `a` into `b`; false when `b`'s key order cannot be kept. */
  value(a: Json, b: Json): boolean {
    if (a === b) return true;
    if (isObjectLike(a) && isObjectLike(b)) {
      const aArr = Array.isArray(a);
      if (aArr && Array.isArray(b)) return this.array(a, b);
      if (!aArr && !Array.isArray(b)) return this.object(a, b);
    }
    this.ops.push({ op: "replace", path: this.pointer(), value: b });
    return true;
  }

  private child(key: string, a: Json, b: Json): boolean {
    this.tokens.push(key);
    const ok = this.value(a, b);
    this.tokens.pop();
    return ok;
  }

  private object(a: { [k: string]: Json }, b: { [k: string]: Json }): boolean {
    const keysA = Object.keys(a);
    const keysB = Object.keys(b);
    for (const key of keysA) {
      if (!hasOwn(b, key)) this.ops.push({ op: "remove", path: this.pointer(key) });
    }
    if (this.keepKeyOrder && !keptOrderMatches(keysA, keysB, b)) return false;
    for (const key of keysB) {
      const bv = b[key] as Json;
      if (!hasOwn(a, key)) this.ops.push({ op: "add", path: this.pointer(key), value: bv });
      else if (!this.child(key, a[key] as Json, bv)) return false;
    }
    return true;
  }

  private array(a: Json[], b: Json[]): boolean {
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
      if (!this.child(String(i), a[i] as Json, b[i] as Json)) return false;
    }
    // Only one of the two loops runs: the middle either shrank or grew.
    for (let i = endA - 1; i >= start + common; i--) this.ops.push({ op: "remove", path: this.pointer(String(i)) });
    for (let i = start + common; i < endB; i++) this.ops.push({ op: "add", path: this.pointer(String(i)), value: b[i] as Json });
    return true;
  }

  private pointer(last?: string): string {
    let path = this.basePath;
    for (const token of this.tokens) path += `/${escapePointerToken(token)}`;
    return last === undefined ? path : `${path}/${escapePointerToken(last)}`;
  }
}

/**
 * Whether patching `a`'s keys into `b`'s keeps `b`'s order: the keys both have must open `b`,
 * in `a`'s order, and the added ones follow. (JavaScript lists integer-like keys first, so a
 * new one of those lands in front: such a value is sent whole, which is only slower.)
 */
function keptOrderMatches(keysA: readonly string[], keysB: readonly string[], b: { [k: string]: Json }): boolean {
  let next = 0;
  for (const key of keysA) {
    if (!hasOwn(b, key)) continue;
    if (keysB[next] !== key) return false;
    next++;
  }
  return true;
}
