import { SessionImportError } from "./errors";

/**
 * The ids from a session tree's root to `leaf` (Claude Code's uuid/parentUuid records, OpenClaw's
 * id/parentId entries), and the first parent the file does not hold, if any.
 *
 * @param nodeOf the record with `id`: its line and its parent (null at the root)
 * @param words how the format names a record and its parent field, for the cycle's message
 * @throws {SessionImportError} BROKEN_TREE when a record is its own ancestor
 */
export function treePath(leaf: string, nodeOf: (id: string) => { line: number; parent: string | null } | undefined, words: { record: string; parentField: string }): { records: string[]; missingParent: string | null } {
  const records: string[] = [];
  const seen = new Set<string>();
  let at: string | null = leaf;
  let missingParent: string | null = null;
  while (at !== null) {
    const node = nodeOf(at);
    if (!node) {
      missingParent = at;
      break;
    }
    if (seen.has(at)) throw new SessionImportError("BROKEN_TREE", `line ${node.line}: ${words.record} ${at} is its own ancestor (a ${words.parentField} cycle): the conversation cannot be rebuilt`);
    seen.add(at);
    records.push(at);
    at = node.parent;
  }
  return { records: records.reverse(), missingParent };
}
