/**
 * The order a parallel point's hooks complete in, from the scenario's `completionOrder`: Claude
 * Code runs every matching hook at once and folds their answers as they arrive, so which rewrite
 * wins depends on timing the host does not fix (semantics.md §3e.1). A scenario makes it explicit.
 */
export type CompletionOrderSetting = "declared" | "reverse" | number;

/**
 * A permutation of `0..count-1`: the index of the hook that completes first, second, ….
 * A number is a seed: the same seed, point and firing give the same order (mulberry32 shuffle).
 */
export function completionPermutation(setting: CompletionOrderSetting | undefined, count: number, salt: string): number[] {
  const declared = Array.from({ length: count }, (_, i) => i);
  if (setting === undefined || setting === "declared") return declared;
  if (setting === "reverse") return declared.reverse();
  let state = (setting ^ hash(salt)) >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = count - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [declared[i], declared[j]] = [declared[j] as number, declared[i] as number];
  }
  return declared;
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}
