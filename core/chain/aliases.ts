import type { Json, JsonObject } from "../json";
import { hasOwn, isObjectLike, parsePointer, setOwn } from "./jsonValue";

/**
 * Re-links JSON pointers that name one shared value in the host. Each group's later paths
 * are pointed at the value of its first path; paths that do not exist are skipped. The input
 * is not mutated: only the containers along the re-linked paths are copied.
 */
export function linkAliases(context: JsonObject, groups: readonly (readonly string[])[] | undefined): JsonObject {
  if (!groups || groups.length === 0) return context;
  let root = context;
  for (const group of groups) {
    const [first, ...rest] = group;
    if (first === undefined) continue;
    const shared = lookup(root, parsePointer(first));
    if (shared === undefined) continue;
    for (const pointer of rest) {
      const tokens = parsePointer(pointer);
      if (tokens.length > 0 && lookup(root, tokens) !== undefined) root = replaceAt(root, tokens, shared) as JsonObject;
    }
  }
  return root;
}

function lookup(doc: Json, tokens: readonly string[]): Json | undefined {
  let cur: Json | undefined = doc;
  for (const token of tokens) {
    if (!isObjectLike(cur) || !hasOwn(cur, token)) return undefined;
    cur = Array.isArray(cur) ? cur[Number(token)] : cur[token];
  }
  return cur;
}

function replaceAt(doc: Json, tokens: readonly string[], value: Json): Json {
  const [head, ...tail] = tokens;
  if (head === undefined) return value;
  if (Array.isArray(doc)) {
    const copy = doc.slice();
    copy[Number(head)] = replaceAt(doc[Number(head)] as Json, tail, value);
    return copy;
  }
  const obj = doc as JsonObject;
  const copy: JsonObject = {};
  for (const key of Object.keys(obj)) setOwn(copy, key, obj[key]);
  setOwn(copy, head, replaceAt(obj[head] as Json, tail, value));
  return copy;
}
