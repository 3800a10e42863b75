/*
 * How deep a JSON text nests, found by scanning its characters, without parsing it.
 *
 * JSON.parse itself is iterative, but almost everything after it (superjson, zod, structured
 * clone, JSON.stringify, diffs, the sandbox bridge) recurses once per level, so a document
 * nested a few thousand levels deep overflows the stack somewhere far from the request that
 * brought it. Inputs are therefore screened here first, where the answer can still name the
 * field. The scan is one pass with a small stack and never judges malformed text: JSON.parse
 * reports that later, in its own words.
 */

/** How deep any JSON the app accepts may nest (objects and arrays; the outermost value is level 1). */
export const MAX_JSON_DEPTH = 100;

/** Segments of the path shown in a message; the rest of a deep path is elided. */
const SHOWN_SEGMENTS = 8;
/** Characters of one key kept for the message. */
const KEY_CHARS = 40;

export type JsonPathSegment = string | number;

/** Where a JSON text first nests deeper than allowed: the path of the container that is one level too deep. */
export interface ExcessiveNesting {
  path: JsonPathSegment[];
  maxDepth: number;
}

interface Frame {
  kind: "object" | "array";
  /** Object: the key being read or last read. Array: the index of the current element. */
  at: JsonPathSegment | null;
  expectKey: boolean;
}

/**
 * The first place where `text` nests deeper than `maxDepth` levels, or null when it does not.
 *
 * @param text JSON text (possibly malformed: then the answer is only about its brackets).
 */
export function findExcessiveNesting(text: string, maxDepth: number = MAX_JSON_DEPTH): ExcessiveNesting | null {
  const stack: Frame[] = [];
  let inString = false;
  let escaped = false;
  let key: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (escaped) escaped = false;
      else if (c === 0x5c /* \ */) escaped = true;
      else if (c === 0x22 /* " */) {
        inString = false;
        const top = stack[stack.length - 1];
        if (key !== null && top) top.at = key;
        key = null;
        continue;
      }
      if (key !== null && key.length < KEY_CHARS) key += text[i];
      continue;
    }
    switch (c) {
      case 0x22: {
        inString = true;
        const top = stack[stack.length - 1];
        key = top?.kind === "object" && top.expectKey ? "" : null;
        break;
      }
      case 0x7b /* { */:
      case 0x5b /* [ */:
        if (stack.length >= maxDepth) {
          return { path: stack.map((f) => f.at ?? "?"), maxDepth };
        }
        stack.push(c === 0x7b ? { kind: "object", at: null, expectKey: true } : { kind: "array", at: 0, expectKey: false });
        break;
      case 0x7d /* } */:
      case 0x5d /* ] */:
        stack.pop();
        break;
      case 0x3a /* : */: {
        const top = stack[stack.length - 1];
        if (top?.kind === "object") top.expectKey = false;
        break;
      }
      case 0x2c /* , */: {
        const top = stack[stack.length - 1];
        if (top?.kind === "object") top.expectKey = true;
        else if (top && typeof top.at === "number") top.at += 1;
        break;
      }
    }
  }
  return null;
}

/** `scenarios[0].tools[1].inputSchema.a.a…`: the path as people read it, its first segments only. */
export function formatNestingPath(path: readonly JsonPathSegment[]): string {
  let out = "";
  for (const part of path.slice(0, SHOWN_SEGMENTS)) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out ? `.${part}` : part;
  }
  if (path.length > SHOWN_SEGMENTS) out += "…";
  return out || "(root)";
}

/** The sentence for an input that nests too deep, naming where. */
export function describeExcessiveNesting(found: ExcessiveNesting, path: readonly JsonPathSegment[] = found.path): string {
  return `${formatNestingPath(path)}: nested more than ${found.maxDepth} levels deep; JSON here may nest at most ${found.maxDepth} levels.`;
}
