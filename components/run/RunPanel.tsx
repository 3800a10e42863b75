"use client";
import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useCallback, useEffect, useState } from "react";
import type { Scenario } from "~/core/pipeline/schema";
import { errorMessage } from "~/components/providers/apiError";
import { useTRPC } from "~/components/providers/TrpcProvider";
import type { OpenHook } from "./HookCard";
import { LiveHookCards } from "./LiveHookCards";
import { newRunId } from "./newRunId";
import { RunHistory } from "./RunHistory";
import { ScenarioEditor } from "./ScenarioEditor";
import { TraceView, type GraphPosition } from "./TraceView";
import { useRunTrace } from "./useRunTrace";

/**
 * The designer's run panel: pick or edit a scenario, Run it on the server, and watch the trace
 * arrive (hook cards as they happen, timeline, graph highlight through `onPosition`).
 */
export function RunPanel(props: {
  pipelineId: string;
  scenarios: readonly Scenario[];
  onPosition?: (position: GraphPosition | null) => void;
  onOpenHook?: OpenHook;
  /** Test/demo pacing of recorded events (ms); see the run service. */
  eventDelayMs?: number;
}) {
  const trpc = useTRPC();
  const { onPosition } = props;
  const [scenarioName, setScenarioName] = useState(props.scenarios[0]?.name ?? "");
  const [edited, setEdited] = useState<Scenario | null>(null);
  const [runId, setRunId] = useState<string | null>(null);
  const [step, setStep] = useState(0);
  const [follow, setFollow] = useState(true);
  const [showEditor, setShowEditor] = useState(false);
  const base = props.scenarios.find((s) => s.name === scenarioName) ?? props.scenarios[0] ?? null;
  const scenario = edited ?? base;
  const start = useMutation(trpc.runs.start.mutationOptions());
  const { store, error } = useRunTrace(runId, { live: true });

  useEffect(() => () => onPosition?.(null), [onPosition]);

  const run = () => {
    if (!scenario) return;
    setFollow(true);
    // Subscribe to the new run's id while the server starts it: the first event needs no extra round trip.
    const id = newRunId();
    setRunId(id);
    start.mutate(
      { pipelineId: props.pipelineId, ...(edited ? { scenario: edited } : { scenarioName: scenario.name }), eventDelayMs: props.eventDelayMs, runId: id },
      { onError: () => setRunId((current) => (current === id ? null : current)) },
    );
  };
  const onStep = useCallback((s: number) => {
    setFollow(false);
    setStep(s);
  }, []);

  return (
    <section className="run-panel" aria-label="Run">
      <div className="run-panel-head">
        <label>
          Scenario{" "}
          <select
            value={scenarioName}
            onChange={(e) => {
              setScenarioName(e.target.value);
              setEdited(null);
            }}
          >
            {props.scenarios.map((s) => (
              <option key={s.name} value={s.name}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={() => setShowEditor((v) => !v)} aria-expanded={showEditor}>
          {showEditor ? "Hide scenario" : "Edit scenario"}
        </button>
        <button type="button" className="run-primary" onClick={run} disabled={!scenario || start.isPending} data-testid="run-button">
          Run
        </button>
        {store && !follow ? (
          <button type="button" onClick={() => setFollow(true)} title="Jump to the newest event and keep up with it">
            Follow
          </button>
        ) : null}
        {edited ? <span className="run-muted">edited (not saved to the pipeline)</span> : null}
        {runId ? (
          <Link href={`/pipelines/${props.pipelineId}/runs/${runId}`} className="run-open-replay">
            Open replay
          </Link>
        ) : null}
      </div>
      {start.error ? <p className="run-error-text" role="alert">{errorMessage(start.error)}</p> : null}
      {error ? <p className="run-error-text" role="alert">{error}</p> : null}
      {showEditor && scenario ? <ScenarioEditor value={scenario} onChange={setEdited} /> : null}
      {!scenario ? <p className="run-muted">This pipeline has no scenario yet: add one in the JSON view of the pipeline.</p> : null}
      {store ? (
        <>
          <LiveHookCards store={store} onOpenHook={props.onOpenHook} onSelect={onStep} />
          <TraceView store={store} step={step} onStep={onStep} follow={follow} onPosition={onPosition} onOpenHook={props.onOpenHook} keyboard={false} />
        </>
      ) : null}
      <details className="run-history-box">
        <summary>Run history</summary>
        <RunHistory pipelineId={props.pipelineId} />
      </details>
    </section>
  );
}
