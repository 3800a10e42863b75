import type { Json, JsonObject } from "../../json";

/** A seeded generator (mulberry32) so property tests fail reproducibly. Test-only. */
export function createRandom(seed: number) {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number): number => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error("pick from an empty list");
    return items[int(items.length)] as T;
  };
  const key = (): string => pick(["a", "b", "c", "messages", "x/y", "t~1", "0", "__proto__"]);
  const json = (depth: number): Json => {
    const r = int(depth > 0 ? 7 : 4);
    if (r === 0) return null;
    if (r === 1) return int(100) - 50;
    if (r === 2) return pick(["", "hi", "with space", "ünï"]);
    if (r === 3) return next() < 0.5;
    if (r <= 4) return Array.from({ length: int(4) }, () => json(depth - 1));
    const obj: JsonObject = {};
    for (let i = int(4); i > 0; i--) Object.defineProperty(obj, key(), { value: json(depth - 1), enumerable: true, writable: true, configurable: true });
    return obj;
  };
  return { next, int, pick, key, json };
}
export type Random = ReturnType<typeof createRandom>;
