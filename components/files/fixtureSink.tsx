"use client";
import { createContext, useContext, useMemo, type ReactNode } from "react";
import { useEditorStore } from "~/components/store/EditorStoreProvider";
import type { HttpFixture } from "~/core/sandbox/http";

/**
 * Where "add a fixture for this request" goes (issue 15): in the designer, an undoable edit of
 * the run's scenario (autosaved like any edit). Absent elsewhere, so the button is not offered.
 */
export interface FixtureSink {
  /** Whether the scenario already answers `method url` with a fixture of exactly that URL. */
  has(scenario: string, method: string, url: string): boolean;
  add(scenario: string, fixture: HttpFixture): void;
}

export const FixtureSinkContext = createContext<FixtureSink | null>(null);

export function useFixtureSink(): FixtureSink | null {
  return useContext(FixtureSinkContext);
}

/** The designer's sink: appends the fixture to the scenario's `http` list in the working document. */
export function DesignerFixtureSink({ children }: { children: ReactNode }) {
  const scenarios = useEditorStore((s) => s.doc?.scenarios);
  const applyChanges = useEditorStore((s) => s.applyChanges);
  const sink = useMemo<FixtureSink>(
    () => ({
      has: (scenario, method, url) => (scenarios?.find((s) => s.name === scenario)?.http ?? []).some((f) => f.url === url && (f.method === "*" || f.method.toUpperCase() === method)),
      add: (scenario, fixture) => {
        const current = scenarios?.find((s) => s.name === scenario);
        if (!current) return;
        applyChanges([{ type: "updateScenario", name: scenario, patch: { http: [...(current.http ?? []), fixture] } }], `Add a fixture for ${fixture.method} ${fixture.url}`);
      },
    }),
    [scenarios, applyChanges],
  );
  return <FixtureSinkContext.Provider value={sink}>{children}</FixtureSinkContext.Provider>;
}
