/**
 * Just enough of source maps (v3, one source) to turn a position in the JavaScript QuickJS ran
 * into the line and column of the user's TypeScript: esbuild writes the map when it transpiles,
 * and errors are mapped back through it. Decoding happens once per module, lookups are binary
 * searches.
 */

/** [generated column, original line, original column], all 0-based. */
type Segment = readonly [number, number, number];

export interface SourceMapIndex {
  /** Segments of each generated line, sorted by generated column. */
  lines: Segment[][];
  generatedLines: string[];
  originalLines: string[];
}

export interface RawSourceMap {
  mappings: string;
  sourcesContent?: (string | null)[];
}

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const DIGIT = new Map([...BASE64].map((c, i) => [c, i]));

/** Decodes a map for `generated` (the transpiled code) whose only source is `original`. */
export function indexSourceMap(map: RawSourceMap, generated: string, original: string): SourceMapIndex {
  const lines: Segment[][] = [];
  let line: Segment[] = [];
  let srcLine = 0;
  let srcCol = 0;
  let genCol = 0;
  let i = 0;
  const text = map.mappings;
  const field = (): number => {
    let result = 0;
    let shift = 0;
    for (;;) {
      const digit = DIGIT.get(text.charAt(i++));
      if (digit === undefined) throw new Error(`bad source map: unexpected "${text.charAt(i - 1)}" at ${i - 1}`);
      result += (digit & 31) << shift;
      shift += 5;
      if ((digit & 32) === 0) break;
    }
    return result & 1 ? -(result >>> 1) : result >>> 1;
  };
  while (i <= text.length) {
    const c = text.charAt(i);
    if (c === ";" || i === text.length) {
      lines.push(line);
      line = [];
      genCol = 0;
      i++;
      continue;
    }
    if (c === ",") {
      i++;
      continue;
    }
    genCol += field();
    const next = text.charAt(i);
    if (next === "," || next === ";" || i >= text.length) continue; // a segment with no source
    field(); // source index: always the one source
    srcLine += field();
    srcCol += field();
    const after = text.charAt(i);
    if (after !== "," && after !== ";" && i < text.length) field(); // name index
    line.push([genCol, srcLine, srcCol]);
  }
  for (const l of lines) l.sort((a, b) => a[0] - b[0]);
  return { lines, generatedLines: generated.split("\n"), originalLines: original.split("\n") };
}

/**
 * The original position (1-based line and column) of a 1-based generated position, or null
 * when that line has no mapping. Within a segment the column offset is carried over only when
 * the generated and original text agree, so a position inside an expression stays exact
 * unless transpiling changed the characters before it.
 */
export function originalPosition(index: SourceMapIndex, line: number, column: number): { line: number; column: number } | null {
  const segments = index.lines[line - 1];
  if (!segments || segments.length === 0) return null;
  const col = column - 1;
  let lo = 0;
  let hi = segments.length - 1;
  let found = 0;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const seg = segments[mid] as Segment;
    if (seg[0] <= col) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  const [genCol, srcLine, srcCol] = segments[found] as Segment;
  let offset = 0;
  if (genCol <= col) {
    const delta = col - genCol;
    const genText = (index.generatedLines[line - 1] ?? "").slice(genCol, genCol + delta);
    const srcText = (index.originalLines[srcLine] ?? "").slice(srcCol, srcCol + delta);
    if (genText === srcText) offset = delta;
  }
  return { line: srcLine + 1, column: srcCol + offset + 1 };
}
