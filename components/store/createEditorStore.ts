import { createStore } from "zustand/vanilla";
import { createSelectionSlice, defaultSelectionState, type SelectionActions, type SelectionState } from "./selectionSlice";

/*
 * Client UI state of one open pipeline (style.md R5): what is selected, open, or being
 * dragged. Server data (pipelines, runs) belongs to TanStack Query, never here. Each
 * slice lives in its own file; middleware, if any, is applied only in this file.
 */

export type EditorState = SelectionState;
export type EditorActions = SelectionActions;
export type EditorStore = EditorState & EditorActions;

export const defaultInitState: EditorState = { ...defaultSelectionState };

/** A new store; one per <EditorStoreProvider>, never a module-global one. */
export function createEditorStore(init: EditorState = defaultInitState) {
  return createStore<EditorStore>()((...a) => ({
    ...createSelectionSlice(init)(...a),
  }));
}

export type EditorStoreApi = ReturnType<typeof createEditorStore>;
