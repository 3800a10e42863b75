"use client";
import { useMemo, type ReactNode } from "react";
import { useEditorStore } from "~/components/store/EditorStoreProvider";
import { ExpectationSinkContext, expectationsIn, sameExpectation, type ExpectationSink } from "./expectationSink";

/** In the designer, a one-click expectation is an edit of the working document: undoable, autosaved. */
export function DesignerExpectationSink({ children }: { children: ReactNode }) {
  const scenarios = useEditorStore((s) => s.doc?.scenarios);
  const applyChanges = useEditorStore((s) => s.applyChanges);
  const sink = useMemo<ExpectationSink>(
    () => ({
      expectationsOf: (name) => expectationsIn(scenarios, name),
      add: ({ scenario, expectation }) => {
        const current = expectationsIn(scenarios, scenario);
        if (!current) return Promise.reject(new Error(`The pipeline has no scenario “${scenario}” any more.`));
        if (current.some((e) => sameExpectation(e, expectation))) return Promise.resolve();
        applyChanges([{ type: "updateScenario", name: scenario, patch: { expectations: [...current, expectation] } }], "Add expectation");
        return Promise.resolve();
      },
    }),
    [scenarios, applyChanges],
  );
  return <ExpectationSinkContext.Provider value={sink}>{children}</ExpectationSinkContext.Provider>;
}
