"use client";
import dynamic from "next/dynamic";
import { useState } from "react";
import { useEditorStore } from "~/components/store/EditorStoreProvider";

// The runner and its results panel load on the first click, not with the designer.
const TestAllPanel = dynamic(() => import("./TestAllPanel").then((m) => m.TestAllPanel), {
  ssr: false,
  loading: () => (
    <button type="button" className="btn" disabled data-testid="test-all">
      Testing…
    </button>
  ),
});

/** The designer's Test all button: saves, runs every scenario, and lists pass/fail with what broke. */
export function TestAllButton({ pipelineId }: { pipelineId: string }) {
  const hasScenarios = useEditorStore((s) => (s.doc?.scenarios.length ?? 0) > 0);
  const [clicked, setClicked] = useState(false);
  if (clicked) return <TestAllPanel pipelineId={pipelineId} startNow />;
  return (
    <button
      type="button"
      className="btn"
      disabled={!hasScenarios}
      title={hasScenarios ? "Save, run every scenario and check its expectations" : "Add a scenario first"}
      onClick={() => setClicked(true)}
      data-testid="test-all"
    >
      Test all
    </button>
  );
}
