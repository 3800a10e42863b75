"use client";
import { createContext, useContext, useMemo, type ReactNode } from "react";
import { useEditorStore } from "~/components/store/EditorStoreProvider";

/**
 * Where "Continue with the remaining replies anyway" goes: in the designer, an undoable edit of the
 * run's scenario (`source.afterParting: "continue"`), autosaved like any edit, after which the run
 * panel runs it again. Absent elsewhere (a saved run's page), so the button is not offered.
 */
export interface SessionReplaySink {
  continuePastParting(scenario: string): void;
}

export const SessionReplaySinkContext = createContext<SessionReplaySink | null>(null);

export function useSessionReplaySink(): SessionReplaySink | null {
  return useContext(SessionReplaySinkContext);
}

export function DesignerSessionReplaySink({ children }: { children: ReactNode }) {
  const scenarios = useEditorStore((s) => s.doc?.scenarios);
  const applyChanges = useEditorStore((s) => s.applyChanges);
  const sink = useMemo<SessionReplaySink>(
    () => ({
      continuePastParting: (scenario) => {
        const source = scenarios?.find((s) => s.name === scenario)?.source;
        if (!source) return;
        applyChanges([{ type: "updateScenario", name: scenario, patch: { source: { ...source, afterParting: "continue" } } }], "Replay past the parting point");
      },
    }),
    [scenarios, applyChanges],
  );
  return <SessionReplaySinkContext.Provider value={sink}>{children}</SessionReplaySinkContext.Provider>;
}
