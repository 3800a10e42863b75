import type { StateCreator } from "zustand/vanilla";
import { applyPipelineChanges, PipelineChangeError, type PipelineChange } from "~/core/pipeline/changes";
import { emptyHistory, recordChanges, redoChange, undoChange, type ChangeHistory } from "~/core/pipeline/history";
import type { Pipeline } from "~/core/pipeline/schema";
import type { EditorStore } from "./createEditorStore";

/*
 * The pipeline being edited in the designer: the working document, what the server has,
 * the undo history of structural edits, and the save state. Autosave (components/designer)
 * reads `pendingSave` and reports back through the mark* actions.
 */

export type SaveStatus = "saved" | "unsaved" | "saving" | "conflict" | "error";

/** What the editor pane shows: a hook's file or a shared module. */
export type OpenFile = { kind: "hook"; hookId: string } | { kind: "module"; path: string };

/** Where a run (live or replayed) is, lit up on the graph; set by the run views (issue 5). */
export interface RunHighlight {
  edgeId: string | null;
  point: string | null;
  hookId: string | null;
  nodeId: string | null;
}

/** A short status message; `offerUndo` adds an Undo button (after a delete). */
export interface Notice {
  text: string;
  offerUndo: boolean;
}

export interface DesignerState {
  pipelineId: string | null;
  /** The working document; null until a pipeline is loaded. */
  doc: Pipeline | null;
  /** The document of `baseRevision` as the server has it. */
  savedDoc: Pipeline | null;
  baseRevision: number;
  history: ChangeHistory;
  saveStatus: SaveStatus;
  /** Plain-words reason of the last failed save. */
  saveError: string | null;
  /**
   * `now` after a structural change (saved at once), `debounced` after typing; null when the
   * working document has nothing the server lacks.
   */
  pendingSave: "now" | "debounced" | null;
  selectedPointId: string | null;
  openFile: OpenFile | null;
  /** The last undo/redo or failed change, for a polite status message. */
  notice: Notice | null;
  /** Where the cursor goes when the open file is shown (a diagnostic, a run error's line). */
  reveal: { line: number; column?: number } | null;
  runHighlight: RunHighlight | null;
  /** The scenario the run panel shows and runs (by name; names are unique); null: the first one. */
  selectedScenario: string | null;
}

export interface DesignerActions {
  /** Starts editing `document` at `revision` (a fresh load, a reload after a conflict). */
  loadPipeline(args: { id: string; revision: number; document: Pipeline }): void;
  /**
   * Applies changes to the working document. `label` makes them one undoable step (structural
   * edits, saved at once); without it they are typing (not in the undo history, saved debounced).
   */
  applyChanges(changes: readonly PipelineChange[], label?: string): void;
  undo(): void;
  redo(): void;
  selectPoint(pointId: string | null): void;
  /** Shows `file` in the editor, optionally with the cursor at `reveal`. */
  openFileAt(file: OpenFile | null, reveal?: { line: number; column?: number }): void;
  setRunHighlight(highlight: RunHighlight | null): void;
  /** Asks autosave to save right away (Ctrl/Cmd+S). */
  requestSave(): void;
  markSaving(): void;
  /** The server stored `document` as `revision`. */
  markSaved(args: { revision: number; document: Pipeline }): void;
  markConflict(message: string): void;
  markSaveError(message: string): void;
  setNotice(notice: Notice | null): void;
  selectScenario(name: string | null): void;
  /**
   * Saves the working document now (skipping the typing pause) and resolves with the revision
   * that holds everything on screen at the time of the call; resolves at once when nothing is
   * pending. Rejects with the reason when the save fails or conflicts.
   */
  saveNow(): Promise<{ revision: number }>;
}

export type DesignerSlice = DesignerState & DesignerActions;

export const defaultDesignerState: DesignerState = {
  pipelineId: null,
  doc: null,
  savedDoc: null,
  baseRevision: 0,
  history: emptyHistory,
  saveStatus: "saved",
  saveError: null,
  pendingSave: null,
  selectedPointId: null,
  openFile: null,
  notice: null,
  reveal: null,
  runHighlight: null,
  selectedScenario: null,
};

function describeFailure(error: unknown, suffix = ""): Notice {
  if (error instanceof PipelineChangeError) {
    return { text: `That change no longer fits the pipeline: ${error.message}.${suffix}`, offerUndo: false };
  }
  throw error;
}

const info = (text: string): Notice => ({ text, offerUndo: false });

/** Keeps the open file pointing at something that exists after hooks/modules changed. */
function reconcileOpenFile(open: OpenFile | null, doc: Pipeline): OpenFile | null {
  if (!open) return null;
  if (open.kind === "hook") return doc.hooks.some((h) => h.id === open.hookId) ? open : null;
  return doc.modules.some((m) => m.path === open.path) ? open : null;
}

/**
 * Keeps the selected scenario pointing at one that exists: after a rename (or its undo) the
 * scenario at the same position, after a delete the one that took its place.
 */
function reconcileScenario(selected: string | null, before: Pipeline | null, doc: Pipeline): string | null {
  if (selected === null || doc.scenarios.some((s) => s.name === selected)) return selected;
  const at = before?.scenarios.findIndex((s) => s.name === selected) ?? -1;
  const same = doc.scenarios[Math.min(Math.max(at, 0), doc.scenarios.length - 1)];
  return same?.name ?? null;
}

export const createDesignerSlice =
  (init: DesignerState): StateCreator<EditorStore, [], [], DesignerSlice> =>
  (set, get, api) => {
    /** Applies a new working document and everything that follows from it. */
    const commit = (doc: Pipeline, extra: Partial<DesignerState> & { pendingSave: "now" | "debounced" }) => {
      const state = get();
      if (doc === state.doc) return set(extra.history ? { history: extra.history, notice: extra.notice ?? null } : {});
      const openFile = reconcileOpenFile(state.openFile, doc);
      const selectedHookId = doc.hooks.some((h) => h.id === state.selectedHookId) ? state.selectedHookId : null;
      const selectedScenario = reconcileScenario(state.selectedScenario, state.doc, doc);
      const conflict = state.saveStatus === "conflict";
      // A structural save already queued stays "now" even if typing follows before it runs;
      // during a conflict nothing is saved until the user chooses what to do.
      const pendingSave = conflict ? null : state.pendingSave === "now" ? "now" : extra.pendingSave;
      const saveStatus = conflict ? "conflict" : state.saveStatus === "saving" ? "saving" : "unsaved";
      set({ ...extra, doc, openFile, selectedHookId, selectedScenario, pendingSave, saveStatus });
    };

    return {
      ...init,

      loadPipeline: ({ id, revision, document }) =>
        set((state) => ({
          pipelineId: id,
          doc: document,
          savedDoc: document,
          baseRevision: revision,
          // A different pipeline, or a reload that replaced ours: old undo steps no longer apply.
          history: emptyHistory,
          saveStatus: "saved",
          saveError: null,
          pendingSave: null,
          openFile: reconcileOpenFile(state.openFile, document),
          selectedHookId: document.hooks.some((h) => h.id === state.selectedHookId) ? state.selectedHookId : null,
          selectedScenario: reconcileScenario(state.selectedScenario, state.doc, document),
          notice: null,
        })),

      applyChanges: (changes, label) => {
        const { doc, history } = get();
        if (!doc) return;
        try {
          if (label === undefined) return commit(applyPipelineChanges(doc, changes), { pendingSave: "debounced" });
          const next = recordChanges({ doc, history, changes, label });
          commit(next.doc, { history: next.history, pendingSave: "now", notice: null });
        } catch (error) {
          set({ notice: describeFailure(error) });
        }
      },

      undo: () => {
        const { doc, history } = get();
        if (!doc) return;
        try {
          const r = undoChange(doc, history);
          if (r) commit(r.doc, { history: r.history, pendingSave: "now", notice: info(`Undid: ${r.label}`) });
        } catch (error) {
          set({ history: emptyHistory, notice: describeFailure(error, " Undo history cleared.") });
        }
      },

      redo: () => {
        const { doc, history } = get();
        if (!doc) return;
        try {
          const r = redoChange(doc, history);
          if (r) commit(r.doc, { history: r.history, pendingSave: "now", notice: info(`Redid: ${r.label}`) });
        } catch (error) {
          set({ history: emptyHistory, notice: describeFailure(error, " Undo history cleared.") });
        }
      },

      selectPoint: (pointId) => set((s) => (s.selectedPointId === pointId ? s : { selectedPointId: pointId })),

      openFileAt: (file, reveal) =>
        set({ openFile: file, reveal: reveal ?? null, ...(file?.kind === "hook" ? { selectedHookId: file.hookId } : {}) }),

      setRunHighlight: (runHighlight) => set({ runHighlight }),

      requestSave: () =>
        set((s) => (s.doc !== s.savedDoc && s.saveStatus !== "conflict" ? { pendingSave: "now" } : s)),

      markSaving: () => set({ saveStatus: "saving", pendingSave: null, saveError: null }),

      markSaved: ({ revision, document }) =>
        set((s) => ({
          baseRevision: revision,
          savedDoc: document,
          // Edits made while the request was in flight still need saving.
          saveStatus: s.doc === document ? "saved" : "unsaved",
          pendingSave: s.doc === document ? null : (s.pendingSave ?? "debounced"),
          saveError: null,
        })),

      markConflict: (message) => set({ saveStatus: "conflict", pendingSave: null, saveError: message }),

      markSaveError: (message) => set({ saveStatus: "error", pendingSave: null, saveError: message }),

      setNotice: (notice) => set({ notice }),

      selectScenario: (name) => set((s) => (s.selectedScenario === name ? s : { selectedScenario: name })),

      saveNow: () => {
        const state = get();
        if (state.saveStatus === "conflict") return Promise.reject(new Error(state.saveError ?? "This pipeline was changed elsewhere; choose which version to keep first."));
        if (!state.doc || state.doc === state.savedDoc) return Promise.resolve({ revision: state.baseRevision });
        return new Promise((resolve, reject) => {
          // A save already in flight may carry an older document: wait for one that starts
          // after this call, which sends the document as it is now (or newer).
          let started = false;
          const unsubscribe = api.subscribe((next, prev) => {
            if (next.saveStatus === "saving" && prev.saveStatus !== "saving") started = true;
            if (next.saveStatus === "conflict" || (next.saveStatus === "error" && next.pendingSave === null)) {
              unsubscribe();
              reject(new Error(next.saveError ?? "The pipeline could not be saved."));
            } else if (next.savedDoc === state.doc || (started && prev.saveStatus === "saving" && next.saveStatus !== "saving")) {
              unsubscribe();
              resolve({ revision: next.baseRevision });
            }
          });
          get().requestSave();
        });
      },
    };
  };
