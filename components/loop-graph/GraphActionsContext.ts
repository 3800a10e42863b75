import { createContext, useContext } from "react";

/**
 * Callbacks the badges need. Passed by context rather than through edge data, so edge data
 * stays plain and React Flow does not re-render every edge when a parent re-renders.
 */
export interface GraphActions {
  selectPoint(pointId: string): void;
  /** A badge is hovered or focused (`anchor` is its element), or no longer is (`null`). */
  showPointDoc(hint: { pointId: string; doc: string; anchor: HTMLElement } | null): void;
}

export const GraphActionsContext = createContext<GraphActions | null>(null);

export function useGraphActions(): GraphActions {
  const actions = useContext(GraphActionsContext);
  if (!actions) throw new Error("useGraphActions must be used inside <LoopGraph>.");
  return actions;
}
