/**
 * Word-level text diff (Myers' O(ND) algorithm) for showing how a hook changed a long string.
 * Pure and isomorphic; used by the hook cards and the compare view.
 */

export type DiffSegment = { kind: "same" | "add" | "del"; text: string };

/** Above this many edit steps we stop searching and show a plain delete + insert. */
const MAX_EDIT_DISTANCE = 2000;

/** Splits text into words, runs of whitespace and single punctuation marks, so diffs read naturally. */
export function tokenize(text: string): string[] {
  return text.match(/\s+|[\p{L}\p{N}_]+|[^\s\p{L}\p{N}_]/gu) ?? [];
}

/**
 * Diffs two strings word by word.
 *
 * @param before - the text the hook received
 * @param after - the text after the hook
 * @returns segments whose `same` + `del` texts concatenate to `before` and `same` + `add` to `after`;
 *   adjacent segments of the same kind are merged.
 * @example
 * diffText("Be kind.", "Be very kind.")
 * // [{kind:"same",text:"Be "},{kind:"add",text:"very "},{kind:"same",text:"kind."}]
 */
export function diffText(before: string, after: string): DiffSegment[] {
  if (before === after) return before === "" ? [] : [{ kind: "same", text: before }];
  // Trimming the common prefix/suffix first makes the common case (text appended) linear.
  let start = 0;
  const minLen = Math.min(before.length, after.length);
  while (start < minLen && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let end = 0;
  while (
    end < minLen - start &&
    before.charCodeAt(before.length - 1 - end) === after.charCodeAt(after.length - 1 - end)
  )
    end++;
  // Back off to token boundaries so a word is never split between "same" and "del".
  while (start > 0 && isWordChar(before[start - 1]) && (isWordChar(before[start]) || isWordChar(after[start]))) start--;
  while (
    end > 0 &&
    isWordChar(before[before.length - end]) &&
    (isWordChar(before[before.length - end - 1]) || isWordChar(after[after.length - end - 1]))
  )
    end--;
  const prefix = before.slice(0, start);
  const suffix = end > 0 ? before.slice(before.length - end) : "";
  const a = tokenize(before.slice(start, before.length - end));
  const b = tokenize(after.slice(start, after.length - end));
  const middle = myers(a, b);
  const out: DiffSegment[] = [];
  push(out, "same", prefix);
  for (const seg of middle) push(out, seg.kind, seg.text);
  push(out, "same", suffix);
  return out;
}

function isWordChar(c: string | undefined): boolean {
  return c !== undefined && /[\p{L}\p{N}_]/u.test(c);
}

function push(out: DiffSegment[], kind: DiffSegment["kind"], text: string): void {
  if (text === "") return;
  const last = out[out.length - 1];
  if (last && last.kind === kind) last.text += text;
  else out.push({ kind, text });
}

/** Classic Myers with a trace of V arrays for backtracking; falls back to del+add when too different. */
function myers(a: string[], b: string[]): DiffSegment[] {
  const n = a.length;
  const m = b.length;
  if (n === 0 || m === 0) {
    const out: DiffSegment[] = [];
    push(out, "del", a.join(""));
    push(out, "add", b.join(""));
    return out;
  }
  const max = Math.min(n + m, MAX_EDIT_DISTANCE);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  let found = false;
  for (let d = 0; d <= max && !found; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      const down = k === -d || (k !== d && (v[offset + k - 1] ?? 0) < (v[offset + k + 1] ?? 0));
      let x = down ? (v[offset + k + 1] ?? 0) : (v[offset + k - 1] ?? 0) + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        found = true;
        break;
      }
    }
  }
  if (!found) {
    const out: DiffSegment[] = [];
    push(out, "del", a.join(""));
    push(out, "add", b.join(""));
    return out;
  }
  // Backtrack from (n, m) through the saved V arrays.
  const rev: DiffSegment[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d >= 0; d--) {
    const vd = trace[d];
    if (!vd) break;
    const k = x - y;
    const down = k === -d || (k !== d && (vd[offset + k - 1] ?? 0) < (vd[offset + k + 1] ?? 0));
    const prevK = down ? k + 1 : k - 1;
    const prevX = vd[offset + prevK] ?? 0;
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      rev.push({ kind: "same", text: a[x - 1] ?? "" });
      x--;
      y--;
    }
    if (d > 0) {
      if (down) rev.push({ kind: "add", text: b[y - 1] ?? "" });
      else rev.push({ kind: "del", text: a[x - 1] ?? "" });
    }
    x = prevX;
    y = prevY;
  }
  const out: DiffSegment[] = [];
  for (let i = rev.length - 1; i >= 0; i--) {
    const seg = rev[i];
    if (seg) push(out, seg.kind, seg.text);
  }
  return out;
}
