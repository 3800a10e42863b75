"use client";
import { useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import { RerunAnsweringAgain } from "~/components/approvals/RerunAnsweringAgain";
import { RunApprovals } from "~/components/approvals/RunApprovals";
import { RunWithExpectations } from "~/components/expectations/RunWithExpectations";
import { SessionVerdicts } from "./SessionVerdicts";
import { ServerExpectationSink } from "~/components/expectations/ServerExpectationSink";
import { errorMessage } from "~/components/providers/apiError";
import { useTRPC } from "~/components/providers/TrpcProvider";
import { SaveAsScenarioButton } from "~/components/scenarios/SaveAsScenarioButton";
import { useAddScenarioOnServer } from "~/components/scenarios/useAddScenarioOnServer";
import type { SourceLocation } from "~/core/trace/events";
import { RerunLiveButton } from "./RerunLiveButton";
import { RunGraph } from "./RunGraph";
import { RunUsage } from "./RunUsage";
import { TraceView, type GraphPosition } from "./TraceView";
import { useRunTrace } from "./useRunTrace";

/** Link to the designer with a hook open at a line (the designer reads these search params). */
export function hookHref(pipelineId: string, hookId: string, location: SourceLocation | null): string {
  // An error inside a shared module opens that module, not the hook that imported it.
  const q = new URLSearchParams(location && !location.file.startsWith("hooks/") ? { module: location.file } : { hook: hookId });
  if (location) {
    q.set("line", String(location.line));
    q.set("column", String(location.column));
  }
  return `/pipelines/${pipelineId}?${q.toString()}`;
}

/**
 * A recorded run, stepped through: the same trace view as a live run, with the step in the URL
 * (`?step=N`, the event's seq) so a link opens the run at that step.
 */
export function ReplayView(props: { pipelineId: string; runId: string; initialStep: number | null }) {
  const trpc = useTRPC();
  const router = useRouter();
  const info = useQuery(trpc.runs.get.queryOptions({ runId: props.runId }));
  const running = info.data?.run.status === "running";
  // Whether the trace streams is decided once, when the run is first loaded: the stream itself ends
  // the trace at run.end, and flipping to a non-live trace then would tear the store down.
  const liveAtLoad = useRef<boolean | null>(null);
  if (info.data && liveAtLoad.current === null) liveAtLoad.current = running;
  const { store, error } = useRunTrace(info.data ? props.runId : null, { live: liveAtLoad.current ?? false });
  const { refetch } = info;
  // A run watched live ends while the page is open: its header (exit, counts) and Re-run follow.
  useEffect(() => {
    if (!store || !running) return;
    return store.subscribe(() => {
      if (store.finished()) void refetch();
    });
  }, [store, running, refetch]);
  const [step, setStep] = useState(props.initialStep !== null ? props.initialStep - 1 : 0);
  const [position, setPosition] = useState<GraphPosition | null>(null);
  const rerun = useMutation(trpc.runs.rerun.mutationOptions());
  const addScenario = useAddScenarioOnServer(props.pipelineId);

  const onStep = useCallback((s: number) => {
    setStep(s);
    // replaceState keeps the deep link current without a navigation per step.
    const url = new URL(window.location.href);
    url.searchParams.set("step", String(s + 1));
    window.history.replaceState(window.history.state, "", url);
  }, []);
  const openHook = useCallback(
    (hookId: string, location: SourceLocation | null) => router.push(hookHref(props.pipelineId, hookId, location)),
    [router, props.pipelineId],
  );

  if (info.error) return <p className="run-error-text">{errorMessage(info.error)}</p>;
  if (!info.data || !store) return <p className="run-muted">Loading the run…</p>;
  const { run, pipeline } = info.data;
  return (
    <div className="run-replay">
      <header className="run-replay-head">
        <h1>
          Run of {pipeline.document.name}{" "}
          <span className="run-muted">
            ({run.scenarioName},{" "}
            <Link href={`/pipelines/${props.pipelineId}/history?rev=${run.revision}`} title="What this revision changed, and its code" data-testid="run-revision">
              revision {run.revision}
            </Link>
            )
          </span>
        </h1>
        <p>
          {run.status === "running" ? "Running…" : <>Exit: <strong>{run.exitReason ?? run.status}</strong></>} · {run.hooksChanged} hook calls changed something ·{" "}
          {run.errors} errors{run.failure ? <span className="run-error-text"> · {run.failure}</span> : null}
        </p>
        <div className="run-replay-actions">
          <Link href={`/pipelines/${props.pipelineId}`}>Back to the designer</Link>
          <button
            type="button"
            data-testid="rerun-button"
            disabled={rerun.isPending || running}
            onClick={() =>
              rerun.mutate(
                { runId: props.runId },
                { onSuccess: (r) => router.push(`/pipelines/${props.pipelineId}/runs/compare?a=${props.runId}&b=${r.runId}`) },
              )
            }
            title="Run this turn again against the current code, with the recorded model replies, tool results, clock and random values"
          >
            Re-run with current code
          </button>
          {running ? null : <RerunAnsweringAgain pipelineId={props.pipelineId} runId={props.runId} store={store} />}
          {running || run.point || run.scenario.model.kind !== "provider" ? null : <RerunLiveButton pipelineId={props.pipelineId} runId={props.runId} />}
          {/* A point run has no model replies or tool results to script. */}
          {running || run.point ? null : <SaveAsScenarioButton runId={run.id} onScenario={addScenario} />}
          {run.rerunOf ? <Link href={`/pipelines/${props.pipelineId}/runs/compare?a=${run.rerunOf}&b=${run.id}`}>Compare with the original</Link> : null}
        </div>
        <RunUsage runId={props.runId} />
        {rerun.error ? <p className="run-error-text">{errorMessage(rerun.error)}</p> : null}
        {error ? <p className="run-error-text">{error}</p> : null}
      </header>
      <RunApprovals runId={props.runId} store={store} readOnly={!running} />
      <RunGraph document={pipeline.document} position={position} />
      <ServerExpectationSink pipelineId={props.pipelineId}>
        <RunWithExpectations pipelineId={props.pipelineId} runId={props.runId} store={store} onStep={(seq) => onStep(seq - 1)}>
          <SessionVerdicts runId={props.runId} store={store} onSelect={onStep} />
          <TraceView store={store} step={step} onStep={onStep} follow={false} onPosition={setPosition} onOpenHook={openHook} />
        </RunWithExpectations>
      </ServerExpectationSink>
    </div>
  );
}
