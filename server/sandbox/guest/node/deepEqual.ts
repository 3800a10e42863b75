/**
 * Guest code: Node's deep equality (`util.isDeepStrictEqual`, `assert.deepStrictEqual` and the
 * loose `assert.deepEqual`), for plain data, arrays, Map, Set, Date, RegExp, boxed primitives,
 * typed arrays and errors, with cycles.
 */

const tagOf = (v: object) => Object.prototype.toString.call(v);

export function deepEqual(a: unknown, b: unknown, strict: boolean, memo: Map<object, object> = new Map()): boolean {
  if (strict ? Object.is(a, b) : a === b || (a !== a && b !== b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) {
    if (strict) return false;
    // Loose mode compares primitives with == (but objects never equal primitives).
    return (typeof a !== "object" || a === null) && (typeof b !== "object" || b === null) && a == b;
  }
  if (strict && Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (tagOf(a) !== tagOf(b)) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const seen = memo.get(a);
  if (seen === b) return true;
  memo.set(a, b);
  try {
    if (a instanceof Date && b instanceof Date) {
      if (a.getTime() !== b.getTime()) return false;
    } else if (a instanceof RegExp && b instanceof RegExp) {
      if (a.source !== b.source || a.flags !== b.flags || a.lastIndex !== b.lastIndex) return false;
    } else if (a instanceof Error && b instanceof Error) {
      if (a.message !== b.message || a.name !== b.name) return false;
    } else if (ArrayBuffer.isView(a) && ArrayBuffer.isView(b)) {
      if (a.byteLength !== b.byteLength) return false;
      const x = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
      const y = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
      for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
    } else if (a instanceof Map && b instanceof Map) {
      if (a.size !== b.size) return false;
      for (const [k, v] of a) {
        if (b.has(k)) {
          if (!deepEqual(v, b.get(k), strict, memo)) return false;
        } else {
          let found = false;
          for (const [k2, v2] of b) {
            if (deepEqual(k, k2, strict, memo) && deepEqual(v, v2, strict, memo)) {
              found = true;
              break;
            }
          }
          if (!found) return false;
        }
      }
    } else if (a instanceof Set && b instanceof Set) {
      if (a.size !== b.size) return false;
      for (const v of a) {
        if (b.has(v)) continue;
        if (typeof v !== "object" || v === null) {
          if (strict) return false;
        }
        let found = false;
        for (const w of b) {
          if (deepEqual(v, w, strict, memo)) {
            found = true;
            break;
          }
        }
        if (!found) return false;
      }
    } else {
      const boxed = ["[object Number]", "[object String]", "[object Boolean]", "[object BigInt]", "[object Symbol]"];
      if (boxed.includes(tagOf(a)) && !Object.is((a as { valueOf(): unknown }).valueOf(), (b as { valueOf(): unknown }).valueOf())) return false;
    }
    const keysA = ownKeys(a, strict);
    const keysB = ownKeys(b, strict);
    if (keysA.length !== keysB.length) return false;
    const setB = new Set(keysB);
    for (const k of keysA) {
      if (!setB.has(k)) return false;
      if (!deepEqual((a as Record<PropertyKey, unknown>)[k], (b as Record<PropertyKey, unknown>)[k], strict, memo)) return false;
    }
    return true;
  } finally {
    memo.delete(a);
  }
}

function ownKeys(v: object, strict: boolean): PropertyKey[] {
  const keys: PropertyKey[] = Object.keys(v);
  if (strict) for (const s of Object.getOwnPropertySymbols(v)) if (Object.prototype.propertyIsEnumerable.call(v, s)) keys.push(s);
  return keys;
}
