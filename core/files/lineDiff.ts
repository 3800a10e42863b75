/**
 * A line diff of two texts for showing a file change (the hook card's file diff): lines kept,
 * removed and added, in order. Longest common subsequence over lines; texts longer than
 * {@link MAX_DIFF_LINES} lines are shown as all removed then all added, which stays correct.
 */

export interface DiffLine {
  kind: "same" | "removed" | "added";
  text: string;
}

export const MAX_DIFF_LINES = 2000;

export function lineDiff(before: string, after: string): DiffLine[] {
  const a = before === "" ? [] : before.split("\n");
  const b = after === "" ? [] : after.split("\n");
  if (a.length * b.length > MAX_DIFF_LINES * MAX_DIFF_LINES / 4 || a.length > MAX_DIFF_LINES || b.length > MAX_DIFF_LINES) {
    return [...a.map((text) => ({ kind: "removed" as const, text })), ...b.map((text) => ({ kind: "added" as const, text }))];
  }
  // lcs[i][j]: length of the longest common subsequence of a[i..] and b[j..].
  const lcs: Uint32Array[] = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    const row = lcs[i] as Uint32Array;
    const next = lcs[i + 1] as Uint32Array;
    for (let j = b.length - 1; j >= 0; j--) row[j] = a[i] === b[j] ? (next[j + 1] as number) + 1 : Math.max(next[j] as number, row[j + 1] as number);
  }
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      out.push({ kind: "same", text: a[i] as string });
      i++;
      j++;
    } else if (((lcs[i + 1] as Uint32Array)[j] as number) >= ((lcs[i] as Uint32Array)[j + 1] as number)) out.push({ kind: "removed", text: a[i++] as string });
    else out.push({ kind: "added", text: b[j++] as string });
  }
  while (i < a.length) out.push({ kind: "removed", text: a[i++] as string });
  while (j < b.length) out.push({ kind: "added", text: b[j++] as string });
  return out;
}
