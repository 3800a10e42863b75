import type { Json, JsonPatch, JsonPatchOp } from "../json";
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
  // Most hooks change nothing: no walker to build (it costs more than the rest in the sandbox's interpreter).
  if (before === after) return [];
  const differ = new Differ(basePath, "ignore");
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
  const differ = new Differ("", "check");
  return differ.value(before, after) ? differ.ops : null;
}

/** Where a value equal to `value` already is in the document being patched (a JSON pointer), or null. */
export type ValueSource = (value: Json) => string | null;

/**
 * Like {@link diffJson}, for a receiver that must end up with exactly `after`, key order
 * included, in as few bytes as it can: keys that would land out of order are moved (through a
 * temporary key) rather than written again, and a value that `source` finds elsewhere in the
 * document is copied from there (also when it is nested in a new value: the new value is added
 * without it, then it is copied in). The trace writer (core/trace/encode) uses it for deltas.
 *
 * @param basePath - pointer of `before` inside the patched document (ops are written under it)
 * @example diffJsonExact({ a: 1, b: 2 }, { b: 2, a: 1 }) // moves b, then a, to the end through "~hw-move": four move ops, no values
 */
export function diffJsonExact(before: Json, after: Json, options: { basePath?: string; source?: ValueSource } = {}): JsonPatch {
  const differ = new Differ(options.basePath ?? "", "move", options.source);
  differ.value(before, after);
  return differ.copied.size > 0 ? settleCopies(differ.ops, differ.copied) : differ.ops;
}

/**
 * A copy reads the document as the ops before it left it: one whose source an earlier op
 * changed (or shifted, in an array) is written as an add of the value instead.
 */
function settleCopies(ops: JsonPatch, copied: ReadonlyMap<JsonPatchOp, Json>): JsonPatch {
  const written: string[] = [];
  const touch = (path: string) => {
    written.push(path);
    // An add or remove in an array shifts the items after it: the whole array counts as changed.
    const cut = path.lastIndexOf("/");
    if (cut >= 0 && /^(\d+|-)$/.test(path.slice(cut + 1))) written.push(path.slice(0, cut));
  };
  const dirty = (from: string) => written.some((w) => from === w || from.startsWith(`${w}/`) || w.startsWith(`${from}/`) || from === "" || w === "");
  return ops.map((op) => {
    let out: JsonPatchOp = op;
    if (op.op === "copy" && dirty(op.from)) out = { op: "add", path: op.path, value: copied.get(op) as Json };
    if (op.op === "move") touch(op.from);
    if (op.op !== "test") touch(op.path);
    return out;
  });
}

/**
 * One walk for both diffs. The path is a stack of tokens turned into a pointer only for the
 * ops emitted: at 1 MB, building a path string for every visited node was most of the cost.
 */
class Differ {
  ops: JsonPatch = [];
  /** The value each copy op stands for, to write it instead if its source changed before it runs. */
  readonly copied = new Map<JsonPatchOp, Json>();
  private readonly tokens: string[] = [];

  constructor(
    private readonly basePath: string,
    /** ignore: any key order; check: fail when it cannot be kept; move: keep it with move ops. */
    private readonly keyOrder: "ignore" | "check" | "move",
    private readonly source?: ValueSource,
  ) {}

  /** Appends the ops turning `a` into `b`; false when `b`'s key order cannot be kept. */
  value(a: Json, b: Json): boolean {
    if (a === b) return true;
    if (isObjectLike(a) && isObjectLike(b)) {
      const aArr = Array.isArray(a);
      if (aArr && Array.isArray(b)) return this.array(a, b);
      if (!aArr && !Array.isArray(b)) return this.object(a, b);
    }
    this.write("replace", this.pointer(), b, this.element);
    return true;
  }

  /** Whether the value being diffed is an array element (a copy replacing it must remove it first). */
  private element = false;

  private child(key: string, a: Json, b: Json, element = false): boolean {
    this.tokens.push(key);
    const outer = this.element;
    this.element = element;
    const ok = this.value(a, b);
    this.element = outer;
    this.tokens.pop();
    return ok;
  }

  private object(a: { [k: string]: Json }, b: { [k: string]: Json }): boolean {
    const keysA = Object.keys(a);
    const keysB = Object.keys(b);
    if (this.keyOrder === "move") {
      this.exactObject(a, b, keysA, keysB);
      return true;
    }
    for (const key of keysA) {
      if (!hasOwn(b, key)) this.ops.push({ op: "remove", path: this.pointer(key) });
    }
    if (this.keyOrder === "check" && !keptOrderMatches(keysA, keysB, b)) return false;
    for (const key of keysB) {
      const bv = b[key] as Json;
      if (!hasOwn(a, key)) this.write("add", this.pointer(key), bv, false);
      else {
        const av = a[key] as Json;
        // An unchanged member (the usual case) is skipped without descending into it.
        if (av !== bv && !this.child(key, av, bv)) return false;
      }
    }
    return true;
  }

  /**
   * An object patched into exactly `b`, key order included. The keys both have that already open
   * `b` in order stay; every later key of `b` is moved (or added) to the end in `b`'s order. The
   * members' own changes touch disjoint subtrees, so they may run in any order: those that other
   * parts copy from run last, after the copies (then {@link settleCopies} has little to undo).
   */
  private exactObject(a: { [k: string]: Json }, b: { [k: string]: Json }, keysA: readonly string[], keysB: readonly string[]): void {
    const kept = keysA.filter((k) => hasOwn(b, k));
    let next = 0;
    while (next < keysB.length && kept[next] === keysB[next]) next++;
    const groups: { key: string; ops: JsonPatch }[] = [];
    const outer = this.ops;
    for (const key of kept) {
      const ops: JsonPatch = [];
      this.ops = ops;
      this.child(key, a[key] as Json, b[key] as Json);
      if (ops.length > 0) groups.push({ key, ops });
    }
    const placed: JsonPatch = [];
    if (next < keysB.length) {
      this.ops = placed;
      const temp = temporaryKey(a, b);
      for (const key of keysB.slice(next)) {
        if (!hasOwn(a, key)) this.write("add", this.pointer(key), b[key] as Json, false);
        else this.ops.push({ op: "move", from: this.pointer(key), path: this.pointer(temp) }, { op: "move", from: this.pointer(temp), path: this.pointer(key) });
      }
    }
    this.ops = outer;
    const reads = [...groups.flatMap((g) => g.ops), ...placed].flatMap((op) => (op.op === "copy" ? [op.from] : []));
    const isRead = (key: string) => {
      const at = this.pointer(key);
      return reads.some((from) => from === at || from.startsWith(`${at}/`));
    };
    for (const g of groups) if (!isRead(g.key)) this.ops.push(...g.ops);
    this.ops.push(...placed);
    for (const g of groups) if (isRead(g.key)) this.ops.push(...g.ops);
    for (const key of keysA) if (!hasOwn(b, key)) this.ops.push({ op: "remove", path: this.pointer(key) });
  }

  /** Writes `value` at `path`: copied from where `source` finds it, else added (without the parts `source` finds, copied in after). */
  private write(op: "add" | "replace", path: string, value: Json, inArray: boolean): void {
    const from = this.source?.(value) ?? null;
    if (from !== null && from !== path) {
      // copy adds: into an array it inserts, so a replaced element is removed first.
      if (op === "replace" && inArray) this.ops.push({ op: "remove", path });
      const copy: JsonPatchOp = { op: "copy", from, path };
      this.copied.set(copy, value);
      this.ops.push(copy);
      return;
    }
    if (this.source && isObjectLike(value)) {
      const after: JsonPatch = [];
      const skeleton = this.without(value, path, after);
      if (after.length > 0) {
        this.ops.push({ op, path, value: skeleton }, ...after);
        return;
      }
    }
    this.ops.push({ op, path, value });
  }

  private copyOp(from: string, path: string, value: Json): JsonPatchOp {
    const op: JsonPatchOp = { op: "copy", from, path };
    this.copied.set(op, value);
    return op;
  }

  /** `value` without the parts `source` finds (object members as null placeholders, array items left out); `after` gets the copies putting them back. */
  private without(value: Json, path: string, after: JsonPatch): Json {
    if (!isObjectLike(value)) return value;
    const source = this.source as ValueSource;
    if (Array.isArray(value)) {
      const out: Json[] = [];
      value.forEach((item, i) => {
        const at = `${path}/${i}`;
        const from = source(item);
        // Copies insert at ascending indices, after the skeleton: each lands at its own index.
        if (from !== null) after.push(this.copyOp(from, at, item));
        else out.push(this.without(item, at, after));
      });
      return out;
    }
    const out: { [k: string]: Json } = {};
    for (const key of Object.keys(value)) {
      const item = value[key] as Json;
      const at = `${path}/${escapePointerToken(key)}`;
      const from = source(item);
      if (from !== null) {
        // A placeholder keeps the key's place; copying onto an existing member replaces it there.
        out[key] = null;
        after.push(this.copyOp(from, at, item));
      } else out[key] = this.without(item, at, after);
    }
    return out;
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
      if (!this.child(String(i), a[i] as Json, b[i] as Json, true)) return false;
    }
    // Only one of the two loops runs: the middle either shrank or grew.
    for (let i = endA - 1; i >= start + common; i--) this.ops.push({ op: "remove", path: this.pointer(String(i)) });
    for (let i = start + common; i < endB; i++) this.write("add", this.pointer(String(i)), b[i] as Json, true);
    return true;
  }

  private pointer(last?: string): string {
    let path = this.basePath;
    for (const token of this.tokens) path += `/${escapePointerToken(token)}`;
    return last === undefined ? path : `${path}/${escapePointerToken(last)}`;
  }
}

/** A key neither object has, for moving a member to the end of its object. */
function temporaryKey(a: object, b: object): string {
  let key = "~hw-move";
  while (hasOwn(a, key) || hasOwn(b, key)) key += "~";
  return key;
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
