import type { StateCreator } from "zustand/vanilla";
import type { EditorStore } from "./createEditorStore";

export interface SelectionState {
  /** The hook whose code and details are open; null when none is. */
  selectedHookId: string | null;
}

export interface SelectionActions {
  selectHook: (hookId: string | null) => void;
}

export type SelectionSlice = SelectionState & SelectionActions;

export const defaultSelectionState: SelectionState = { selectedHookId: null };

export const createSelectionSlice =
  (init: SelectionState): StateCreator<EditorStore, [], [], SelectionSlice> =>
  (set) => ({
    ...init,
    selectHook: (hookId) => set((state) => (state.selectedHookId === hookId ? state : { selectedHookId: hookId })),
  });
