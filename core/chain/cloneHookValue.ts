/**
 * A port of the Vellum host's per-hook deep clone (`cloneHookValue`, semantics.md §1c.3),
 * used by {@link runChainInProcess} as the baseline the real host pays for every hook:
 * - Error instances and logger-like objects (function-valued info/warn/error/debug) are kept by reference;
 * - arrays are cloned element by element (holes become undefined, extra properties are dropped);
 * - Map and Set are cloned, keys included; Date is copied;
 * - plain objects (prototype Object.prototype or null) are cloned over Reflect.ownKeys, every key
 *   becoming an enumerable data property (getters are invoked), with Object.prototype;
 * - anything else (class instances, typed arrays, functions) is kept by reference;
 * - a WeakMap keeps cycles and aliasing inside one clone.
 */
export function cloneHookValue<T>(value: T): T {
  return cloneInner(value, new WeakMap()) as T;
}

function isLoggerLike(value: object): boolean {
  const v = value as Record<string, unknown>;
  return (["info", "warn", "error", "debug"] as const).every((k) => typeof v[k] === "function");
}

function cloneInner(value: unknown, seen: WeakMap<object, unknown>): unknown {
  if (typeof value !== "object" || value === null) return value;
  if (value instanceof Error || isLoggerLike(value)) return value;
  const known = seen.get(value);
  if (known !== undefined) return known;
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    seen.set(value, out);
    for (let i = 0; i < value.length; i++) out.push(cloneInner(value[i], seen));
    return out;
  }
  if (value instanceof Map) {
    const out = new Map<unknown, unknown>();
    seen.set(value, out);
    for (const [k, v] of value) out.set(cloneInner(k, seen), cloneInner(v, seen));
    return out;
  }
  if (value instanceof Set) {
    const out = new Set<unknown>();
    seen.set(value, out);
    for (const v of value) out.add(cloneInner(v, seen));
    return out;
  }
  if (value instanceof Date) {
    const out = new Date(value.getTime());
    seen.set(value, out);
    return out;
  }
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<PropertyKey, unknown> = {};
  seen.set(value, out);
  for (const key of Reflect.ownKeys(value)) {
    Object.defineProperty(out, key, {
      value: cloneInner((value as Record<PropertyKey, unknown>)[key], seen),
      writable: true,
      enumerable: true,
      configurable: true,
    });
  }
  return out;
}
