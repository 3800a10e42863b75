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
  const ops: JsonPatch = [];
  diffValue(before, after, basePath, ops);
  return ops;
}

function diffValue(a: Json, b: Json, path: string, ops: JsonPatch): void {
  if (a === b) return;
  if (isObjectLike(a) && isObjectLike(b)) {
    const aArr = Array.isArray(a);
    if (aArr && Array.isArray(b)) return diffArray(a, b, path, ops);
    if (!aArr && !Array.isArray(b)) return diffObject(a, b, path, ops);
  }
  ops.push({ op: "replace", path, value: b });
}

function diffObject(a: { [k: string]: Json }, b: { [k: string]: Json }, path: string, ops: JsonPatch): void {
  for (const key of Object.keys(a)) {
    if (!hasOwn(b, key)) ops.push({ op: "remove", path: `${path}/${escapePointerToken(key)}` });
  }
  for (const key of Object.keys(b)) {
    const child = `${path}/${escapePointerToken(key)}`;
    const bv = b[key] as Json;
    if (!hasOwn(a, key)) ops.push({ op: "add", path: child, value: bv });
    else diffValue(a[key] as Json, bv, child, ops);
  }
}

function diffArray(a: Json[], b: Json[], path: string, ops: JsonPatch): void {
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
  for (let i = start; i < start + common; i++) diffValue(a[i] as Json, b[i] as Json, `${path}/${i}`, ops);
  // Only one of the two loops runs: the middle either shrank or grew.
  for (let i = endA - 1; i >= start + common; i--) ops.push({ op: "remove", path: `${path}/${i}` });
  for (let i = start + common; i < endB; i++) ops.push({ op: "add", path: `${path}/${i}`, value: b[i] as Json });
}
