"use client";
import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useCallback, useEffect, useState, type ReactNode } from "react";
import type { Scenario } from "~/core/pipeline/schema";
import { RunApprovals } from "~/components/approvals/RunApprovals";
import { SessionVerdicts } from "./SessionVerdicts";
import { useSessionReplaySink } from "./sessionReplaySink";
import { RunWithExpectations } from "~/components/expectations/RunWithExpectations";
import { errorMessage } from "~/components/providers/apiError";
import { useTRPC } from "~/components/providers/TrpcProvider";
import { RunInfo } from "~/components/scenarios/RunInfo";
import type { OpenHook } from "./HookCard";
import { LiveHookCards } from "./LiveHookCards";
import { ModelStream } from "./ModelStream";
import { newRunId } from "./newRunId";
import { TraceView, type GraphPosition } from "./TraceView";
import { useRunTrace } from "./useRunTrace";

/**
 * The run panel: pick a scenario, Run it on the server, and watch the trace arrive (hook cards
 * as they happen, timeline, graph highlight through `onPosition`). In the designer the scenario
 * is picked and edited beside it (`scenarioName`, `editor`), and Run first saves what is on
 * screen (`prepareRun`) and runs exactly that revision.
 */
export function RunPanel(props: {
  pipelineId: string;
  scenarios: readonly Scenario[];
  /** The scenario to run when the caller picks it (the designer's Scenarios list); else a select here. */
  scenarioName?: string | null;
  /** Saves pending edits and names the revision to run; without it the head revision runs. */
  prepareRun?: () => Promise<{ revision: number }>;
  /** The selected scenario's editor, shown by "Edit scenario". */
  editor?: ReactNode;
  editorOpen?: boolean;
  onEditorOpenChange?: (open: boolean) => void;
  /** Why Run is off when there is no scenario, and where to add one. */
  noScenarioHint?: string;
  /** Offered once a run has finished (Save as scenario). */
  runActions?: (runId: string) => ReactNode;
  onPosition?: (position: GraphPosition | null) => void;
  onOpenHook?: OpenHook;
  /** Test/demo pacing of recorded events (ms); see the run service. */
  eventDelayMs?: number;
}) {
  const trpc = useTRPC();
  const { onPosition } = props;
  const [pickedName, setPickedName] = useState(props.scenarios[0]?.name ?? "");
  const scenarioName = props.scenarioName ?? pickedName;
  const [runId, setRunId] = useState<string | null>(null);
  const [step, setStep] = useState(0);
  const [follow, setFollow] = useState(true);
  const [ownEditorOpen, setOwnEditorOpen] = useState(false);
  const showEditor = props.editorOpen ?? ownEditorOpen;
  const setShowEditor = props.onEditorOpenChange ?? setOwnEditorOpen;
  const scenario = props.scenarios.find((s) => s.name === scenarioName) ?? props.scenarios[0] ?? null;
  const [preparing, setPreparing] = useState(false);
  const [prepareError, setPrepareError] = useState<string | null>(null);
  const start = useMutation(trpc.runs.start.mutationOptions());
  const { store, error } = useRunTrace(runId, { live: true, awaitStart: true });

  useEffect(() => () => onPosition?.(null), [onPosition]);

  const run = async () => {
    if (!scenario) return;
    setPrepareError(null);
    let revision: number | undefined;
    if (props.prepareRun) {
      // Run what is on screen: edits still waiting for the typing pause are saved first.
      setPreparing(true);
      try {
        revision = (await props.prepareRun()).revision;
      } catch (error) {
        setPrepareError(`Not run: the pipeline could not be saved first. ${error instanceof Error ? error.message : String(error)}`);
        return;
      } finally {
        setPreparing(false);
      }
    }
    setFollow(true);
    // Subscribe to the new run's id while the server starts it: the first event needs no extra round trip.
    const id = newRunId();
    setRunId(id);
    start.mutate(
      { pipelineId: props.pipelineId, revision, scenarioName: scenario.name, eventDelayMs: props.eventDelayMs, runId: id },
      { onError: () => setRunId((current) => (current === id ? null : current)) },
    );
  };
  const replaySink = useSessionReplaySink();
  const continuePastParting = () => {
    if (!scenario || !replaySink) return;
    replaySink.continuePastParting(scenario.name);
    // Run saves what is on screen first: the edit just made goes with it.
    void run();
  };
  const runBlocked = !scenario
    ? (props.noScenarioHint ?? "This pipeline has no scenario yet.")
    : preparing
      ? "Saving your edits first…"
      : start.isPending
        ? "Starting the run…"
        : null;
  const onStep = useCallback((s: number) => {
    setFollow(false);
    setStep(s);
  }, []);

  return (
    <section className="run-panel" aria-label="Run">
      <div className="run-panel-head">
        {props.scenarioName === undefined ? (
          <label>
            Scenario{" "}
            <select value={scenario?.name ?? ""} onChange={(e) => setPickedName(e.target.value)} disabled={props.scenarios.length === 0}>
              {props.scenarios.map((s) => (
                <option key={s.name} value={s.name}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <span>
            Scenario <strong data-testid="run-scenario">{scenario?.name ?? "none"}</strong>
          </span>
        )}
        {props.editor !== undefined ? (
          <button type="button" onClick={() => setShowEditor(!showEditor)} aria-expanded={showEditor} disabled={!scenario} title={scenario ? undefined : runBlocked ?? undefined}>
            {showEditor ? "Hide scenario" : "Edit scenario"}
          </button>
        ) : null}
        <button
          type="button"
          className="run-primary"
          onClick={() => void run()}
          disabled={runBlocked !== null}
          title={runBlocked ?? `Run ${scenario?.name ?? ""}${props.prepareRun ? " with what is on screen (pending edits are saved first)" : " at the newest revision"}`}
          data-testid="run-button"
        >
          {preparing ? "Saving…" : "Run"}
        </button>
        {store && !follow ? (
          <button type="button" onClick={() => setFollow(true)} title="Jump to the newest event and keep up with it">
            Follow
          </button>
        ) : null}
        {runId ? (
          <Link href={`/pipelines/${props.pipelineId}/runs/${runId}`} className="run-open-replay">
            Open replay
          </Link>
        ) : null}
      </div>
      {runId && start.isSuccess && store ? <RunInfo runId={runId} store={store} actions={props.runActions} /> : null}
      {runId && store ? <ModelStream runId={runId} store={store} streams={scenario?.model.kind === "provider"} /> : null}
      {prepareError ? <p className="run-error-text" role="alert">{prepareError}</p> : null}
      {start.error ? <p className="run-error-text" role="alert">{errorMessage(start.error)}</p> : null}
      {error ? <p className="run-error-text" role="alert">{error}</p> : null}
      {showEditor && scenario ? props.editor : null}
      {!scenario ? <p className="run-muted">{props.noScenarioHint ?? "This pipeline has no scenario yet."}</p> : null}
      {store && runId ? (
        <RunWithExpectations pipelineId={props.pipelineId} runId={runId} store={store} onSelect={onStep}>
          <SessionVerdicts runId={runId} store={store} onSelect={onStep} onContinuePastParting={replaySink && scenario && !start.isPending ? continuePastParting : undefined} />
          <RunApprovals runId={runId} store={store} />
          <LiveHookCards store={store} onOpenHook={props.onOpenHook} onSelect={onStep} />
          <TraceView store={store} step={step} onStep={onStep} follow={follow} onPosition={onPosition} onOpenHook={props.onOpenHook} keyboard={false} />
        </RunWithExpectations>
      ) : null}
    </section>
  );
}
