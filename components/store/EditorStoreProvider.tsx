"use client";

import { createContext, useContext, useState, type ReactNode } from "react";
import { useStore } from "zustand";
import { createEditorStore, type EditorState, type EditorStore, type EditorStoreApi } from "./createEditorStore";

const EditorStoreContext = createContext<EditorStoreApi | null>(null);

export function EditorStoreProvider({ children, init }: { children: ReactNode; init?: EditorState }) {
  const [store] = useState(() => createEditorStore(init));
  return <EditorStoreContext.Provider value={store}>{children}</EditorStoreContext.Provider>;
}

/** Reads the editor store through a selector; re-renders only when the selected value changes. */
export function useEditorStore<T>(selector: (store: EditorStore) => T): T {
  const store = useContext(EditorStoreContext);
  if (!store) throw new Error("useEditorStore must be used inside <EditorStoreProvider>.");
  return useStore(store, selector);
}
