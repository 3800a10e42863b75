import { applyPipelineChangesWithInverse, type PipelineChange } from "./changes";
import type { Pipeline } from "./schema";

/**
 * Undo/redo of structural edits (add, delete, duplicate, reorder, rename, enable, priority,
 * matcher, modules). Each entry stores the changes that revert it, computed when it was applied;
 * undoing applies them to the *current* document and records their own inverse for redo. Code
 * typed in the editor is not recorded here (the editor has its own undo), and because entries are
 * changes rather than snapshots, undoing a reorder never reverts code typed since.
 */

export interface HistoryEntry {
  /** What the user did, for "Undo delete hook" labels. */
  label: string;
  /** Applied in order, these revert the entry. */
  revert: PipelineChange[];
}

export interface ChangeHistory {
  readonly past: readonly HistoryEntry[];
  readonly future: readonly HistoryEntry[];
}

export const emptyHistory: ChangeHistory = { past: [], future: [] };

const DEFAULT_LIMIT = 200;

/**
 * Applies `changes` as one undoable step.
 *
 * @returns the new document and history; when nothing changed, the same `doc` and `history`.
 * @throws {@link PipelineChangeError} when a change does not fit `doc`.
 */
export function recordChanges<TDoc extends Readonly<Pipeline>>(options: {
  doc: TDoc;
  history: ChangeHistory;
  changes: readonly PipelineChange[];
  label: string;
  limit?: number;
}): { doc: TDoc; history: ChangeHistory } {
  const { doc, history, changes, label } = options;
  const applied = applyPipelineChangesWithInverse(doc, changes);
  if (applied.doc === doc) return { doc, history };
  const past = [...history.past, { label, revert: applied.inverse }].slice(-(options.limit ?? DEFAULT_LIMIT));
  return { doc: applied.doc, history: { past, future: [] } };
}

/** Reverts the latest step; `null` when there is nothing to undo. @throws {@link PipelineChangeError} */
export function undoChange<TDoc extends Readonly<Pipeline>>(
  doc: TDoc,
  history: ChangeHistory,
): { doc: TDoc; history: ChangeHistory; label: string } | null {
  const entry = history.past.at(-1);
  if (!entry) return null;
  const applied = applyPipelineChangesWithInverse(doc, entry.revert);
  return {
    doc: applied.doc,
    label: entry.label,
    history: { past: history.past.slice(0, -1), future: [...history.future, { label: entry.label, revert: applied.inverse }] },
  };
}

/** Re-applies the latest undone step; `null` when there is nothing to redo. @throws {@link PipelineChangeError} */
export function redoChange<TDoc extends Readonly<Pipeline>>(
  doc: TDoc,
  history: ChangeHistory,
): { doc: TDoc; history: ChangeHistory; label: string } | null {
  const entry = history.future.at(-1);
  if (!entry) return null;
  const applied = applyPipelineChangesWithInverse(doc, entry.revert);
  return {
    doc: applied.doc,
    label: entry.label,
    history: { past: [...history.past, { label: entry.label, revert: applied.inverse }], future: history.future.slice(0, -1) },
  };
}
