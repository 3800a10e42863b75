/**
 * How a stored key is shown: its prefix up to the first "-" (sk, sk-ant …, at most 6 characters)
 * and its last 4 characters, e.g. `sk-…abcd`. Short keys show only their length class.
 */
export function maskKey(key: string): string {
  if (key.length < 12) return "…";
  const dash = key.indexOf("-");
  const prefix = dash > 0 && dash <= 6 ? key.slice(0, dash + 1) : "";
  return `${prefix}…${key.slice(-4)}`;
}
