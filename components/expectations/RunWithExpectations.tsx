"use client";
import { useQuery } from "@tanstack/react-query";
import { useMemo, type ReactNode } from "react";
import { useTRPC } from "~/components/providers/TrpcProvider";
import { RaceFlags } from "~/components/run/RaceFlags";
import type { TraceStore } from "~/components/run/traceStore";
import { RunScopeContext, type RunScope } from "./expectationSink";
import { RunExpectations } from "./RunExpectations";

/**
 * Wraps a run's views (hook cards, trace): shows its expectation results above them once it has
 * ended and the points whose outcome depends on which hook finishes last, and tells the hook cards inside which run and scenario a one-click expectation is for.
 */
export function RunWithExpectations(props: {
  pipelineId: string;
  runId: string;
  store: TraceStore | null;
  onStep?: (seq: number) => void;
  /** Where a race flag's jump goes (a 0-based step) when the view has no `onStep` (the live run panel). */
  onSelect?: (index: number) => void;
  children: ReactNode;
}) {
  const trpc = useTRPC();
  // The same query RunExpectations polls: one request for both.
  const info = useQuery(trpc.runs.get.queryOptions({ runId: props.runId }, { retry: 3 }));
  const run = info.data?.run;
  const profile = info.data?.pipeline.document.profile ?? null;
  const scenario = run ? (run.point ? null : run.scenarioName) : null;
  const scope = useMemo<RunScope>(
    () => ({ pipelineId: props.pipelineId, runId: props.runId, profile, scenario, store: props.store }),
    [props.pipelineId, props.runId, profile, scenario, props.store],
  );
  return (
    <RunScopeContext.Provider value={scope}>
      <RunExpectations pipelineId={props.pipelineId} runId={props.runId} onStep={props.onStep} />
      {props.store ? <RaceFlags store={props.store} onSelect={props.onStep ? (index) => props.onStep?.(index + 1) : props.onSelect} /> : null}
      {props.children}
    </RunScopeContext.Provider>
  );
}
