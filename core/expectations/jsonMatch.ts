import { hasOwn, isObjectLike, jsonEqual, parsePointer } from "../chain/jsonValue";
import type { Json } from "../json";
import type { ContextOp } from "../pipeline/expectationSchema";

/** The value at a JSON pointer, or undefined when the path does not exist. */
export function valueAt(doc: Json, pointer: string): Json | undefined {
  let cur: Json = doc;
  for (const token of parsePointer(pointer)) {
    if (!isObjectLike(cur)) return undefined;
    if (Array.isArray(cur)) {
      if (!/^(0|[1-9][0-9]*)$/.test(token)) return undefined;
      const next: Json | undefined = cur[Number(token)];
      if (next === undefined) return undefined;
      cur = next;
    } else {
      if (!hasOwn(cur, token)) return undefined;
      cur = cur[token] as Json;
    }
  }
  return cur;
}

/**
 * `contains`: a substring of a string, a (deep-equal) element of an array, a sub-object of an
 * object (every key of `part` with a value it contains); anything else must be equal.
 */
export function jsonContains(whole: Json, part: Json): boolean {
  if (typeof whole === "string") return typeof part === "string" && whole.includes(part);
  if (Array.isArray(whole)) return whole.some((item) => jsonEqual(item, part));
  if (isObjectLike(whole) && isObjectLike(part) && !Array.isArray(part)) {
    return Object.keys(part).every((k) => hasOwn(whole, k) && subsumes(whole[k] as Json, part[k] as Json));
  }
  return jsonEqual(whole, part);
}

/** A sub-object match that does not treat strings as substrings (for nested keys and tool inputs). */
export function subsumes(whole: Json, part: Json): boolean {
  if (isObjectLike(whole) && !Array.isArray(whole) && isObjectLike(part) && !Array.isArray(part)) {
    return Object.keys(part).every((k) => hasOwn(whole, k) && subsumes(whole[k] as Json, part[k] as Json));
  }
  return jsonEqual(whole, part);
}

export function matchValue(actual: Json, op: ContextOp, expected: Json): boolean {
  switch (op) {
    case "equals":
      return jsonEqual(actual, expected);
    case "contains":
      return jsonContains(actual, expected);
    case "matches":
      return typeof actual === "string" && typeof expected === "string" && new RegExp(expected).test(actual);
  }
}

/** A value as a user reads it in a reason: JSON, clipped. */
export function show(value: Json | undefined, max = 80): string {
  if (value === undefined) return "(missing)";
  const text = JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
