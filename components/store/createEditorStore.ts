import { createStore } from "zustand/vanilla";
import { createDesignerSlice, defaultDesignerState, type DesignerActions, type DesignerState } from "./designerSlice";
import { createSelectionSlice, defaultSelectionState, type SelectionActions, type SelectionState } from "./selectionSlice";

/*
 * Client UI state of one open pipeline (style.md R5): what is selected, open, or being
 * dragged. Server data (pipelines, runs) belongs to TanStack Query, never here. Each
 * slice lives in its own file; middleware, if any, is applied only in this file.
 */

export type EditorState = SelectionState & DesignerState;
export type EditorActions = SelectionActions & DesignerActions;
export type EditorStore = EditorState & EditorActions;

export const defaultInitState: EditorState = { ...defaultSelectionState, ...defaultDesignerState };

/** A new store; one per <EditorStoreProvider>, never a module-global one. */
export function createEditorStore(partial: Partial<EditorState> = {}) {
  const init: EditorState = { ...defaultInitState, ...partial };
  return createStore<EditorStore>()((...a) => ({
    ...createSelectionSlice(init)(...a),
    ...createDesignerSlice(init)(...a),
  }));
}

export type EditorStoreApi = ReturnType<typeof createEditorStore>;
