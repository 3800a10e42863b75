"use client";
import { createContext, useContext, useMemo, type ReactNode } from "react";
import { useEditorStore } from "~/components/store/EditorStoreProvider";
import type { InferenceReply } from "~/core/pipeline/inferenceSchema";

/**
 * Where "add a reply for this call" goes: in the designer, an undoable edit appending a reply to
 * the run's scenario's `inference.replies` (autosaved like any edit). Absent elsewhere (a saved
 * run's page), so the button is not offered.
 */
export interface InferenceReplySink {
  /** How many replies the scenario has now. */
  count(scenario: string): number;
  add(scenario: string, reply: InferenceReply): void;
}

export const InferenceReplySinkContext = createContext<InferenceReplySink | null>(null);

export function useInferenceReplySink(): InferenceReplySink | null {
  return useContext(InferenceReplySinkContext);
}

export function DesignerInferenceReplySink({ children }: { children: ReactNode }) {
  const scenarios = useEditorStore((s) => s.doc?.scenarios);
  const applyChanges = useEditorStore((s) => s.applyChanges);
  const sink = useMemo<InferenceReplySink>(
    () => ({
      count: (scenario) => scenarios?.find((s) => s.name === scenario)?.inference?.replies.length ?? 0,
      add: (scenario, reply) => {
        const current = scenarios?.find((s) => s.name === scenario);
        if (!current) return;
        const inference = current.inference ?? { profiles: {}, replies: [] };
        applyChanges([{ type: "updateScenario", name: scenario, patch: { inference: { ...inference, replies: [...inference.replies, reply] } } }], "Add a reply to hooks' model calls");
      },
    }),
    [scenarios, applyChanges],
  );
  return <InferenceReplySinkContext.Provider value={sink}>{children}</InferenceReplySinkContext.Provider>;
}
