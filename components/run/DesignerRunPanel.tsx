"use client";
import { useSearchParams } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import { DesignerScenarioEditor } from "~/components/scenarios/DesignerScenarioEditor";
import { SaveAsScenarioButton } from "~/components/scenarios/SaveAsScenarioButton";
import { ScenarioList } from "~/components/scenarios/ScenarioList";
import layout from "~/components/scenarios/scenarios.module.css";
import { DesignerExpectationSink } from "~/components/expectations/DesignerExpectationSink";
import { useEditorStore } from "~/components/store/EditorStoreProvider";
import { uniqueScenarioName } from "~/core/pipeline/changes";
import type { Scenario } from "~/core/pipeline/schema";
import type { SourceLocation } from "~/core/trace/events";
import { DesignerFixtureSink } from "~/components/files/fixtureSink";
import { DesignerInferenceReplySink } from "./inferenceReplySink";
import { DesignerSessionReplaySink } from "./sessionReplaySink";
import { RunPanel } from "./RunPanel";
import type { GraphPosition } from "./TraceView";
import "./run.css";

const noScenarios: readonly Scenario[] = [];

/** Where an error's file lives in the designer: a hook's own file or a shared module. */
function fileOf(hookId: string, location: SourceLocation | null) {
  return location && !location.file.startsWith("hooks/") ? ({ kind: "module", path: location.file } as const) : ({ kind: "hook", hookId } as const);
}

/**
 * The run panel inside the designer: lights the designer's graph where the run is, and opens a
 * failing hook (or module) in the editor at the user's line. Also honours `?hook=…&line=…`
 * (or `?module=…`) links from a replay's error, and `?scenario=…` (a scenario just saved from a run).
 */
export function DesignerRunPanel(props: { pipelineId: string; eventDelayMs?: number }) {
  const scenarios = useEditorStore((s) => s.doc?.scenarios ?? noScenarios);
  const selectedScenario = useEditorStore((s) => s.selectedScenario);
  const selectScenario = useEditorStore((s) => s.selectScenario);
  const saveNow = useEditorStore((s) => s.saveNow);
  const applyChanges = useEditorStore((s) => s.applyChanges);
  const doc = useEditorStore((s) => s.doc);
  const [editorOpen, setEditorOpen] = useState(false);
  const scenarioName = scenarios.some((s) => s.name === selectedScenario) ? selectedScenario : (scenarios[0]?.name ?? null);
  const setRunHighlight = useEditorStore((s) => s.setRunHighlight);
  const openFileAt = useEditorStore((s) => s.openFileAt);
  const params = useSearchParams();
  const linked = useRef(false);

  const onPosition = useCallback(
    (p: GraphPosition | null) => setRunHighlight(p ? { edgeId: p.edge, point: p.point, hookId: p.hookId, nodeId: null } : null),
    [setRunHighlight],
  );
  const addRecorded = useCallback(
    (scenario: Scenario) => {
      if (!doc) return;
      const name = uniqueScenarioName(doc, scenario.name);
      applyChanges([{ type: "addScenario", scenario: { ...scenario, name } }], `Save run as scenario ${name}`);
      selectScenario(name);
      setEditorOpen(true);
    },
    [doc, applyChanges, selectScenario],
  );
  const runActions = useCallback((runId: string) => <SaveAsScenarioButton runId={runId} onScenario={addRecorded} />, [addRecorded]);
  const onOpenHook = useCallback(
    (hookId: string, location: SourceLocation | null) =>
      openFileAt(fileOf(hookId, location), location ? { line: location.line, column: location.column } : undefined),
    [openFileAt],
  );

  useEffect(() => {
    if (linked.current) return;
    linked.current = true;
    const scenario = params.get("scenario");
    if (scenario) selectScenario(scenario);
    const hook = params.get("hook");
    const module = params.get("module");
    const line = Number(params.get("line"));
    const column = Number(params.get("column"));
    const at = Number.isInteger(line) && line > 0 ? { line, column: Number.isInteger(column) && column > 0 ? column : 1 } : undefined;
    if (module) openFileAt({ kind: "module", path: module }, at);
    else if (hook) openFileAt({ kind: "hook", hookId: hook }, at);
  }, [params, openFileAt, selectScenario]);

  return (
    <DesignerExpectationSink>
      <DesignerFixtureSink>
      <DesignerInferenceReplySink>
      <DesignerSessionReplaySink>
      <div className={layout.layout}>
        <ScenarioList onAdded={() => setEditorOpen(true)} />
        <RunPanel
          pipelineId={props.pipelineId}
          scenarios={scenarios}
          scenarioName={scenarioName}
          prepareRun={saveNow}
          editor={<DesignerScenarioEditor />}
          editorOpen={editorOpen}
          onEditorOpenChange={setEditorOpen}
          noScenarioHint="This pipeline has no scenario yet: add one under Scenarios."
        runActions={runActions}
          onPosition={onPosition}
          onOpenHook={onOpenHook}
          eventDelayMs={props.eventDelayMs}
        />
      </div>
      </DesignerSessionReplaySink>
      </DesignerInferenceReplySink>
      </DesignerFixtureSink>
    </DesignerExpectationSink>
  );
}
