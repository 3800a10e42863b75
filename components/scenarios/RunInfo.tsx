"use client";
import { useQuery } from "@tanstack/react-query";
import { useEffect, type ReactNode } from "react";
import { errorMessage } from "~/components/providers/apiError";
import { useTRPC } from "~/components/providers/TrpcProvider";
import type { TraceStore } from "~/components/run/traceStore";
import { useTraceVersion } from "~/components/run/useTraceStore";

/** The run card's head: which scenario ran at which revision, and how it ended (as the server recorded it). */
export function RunInfo(props: { runId: string; store: TraceStore; actions?: (runId: string) => ReactNode }) {
  const trpc = useTRPC();
  useTraceVersion(props.store);
  const traceEnded = props.store.finished();
  const info = useQuery(
    trpc.runs.get.queryOptions({ runId: props.runId }, { refetchInterval: (q) => (q.state.data?.run.status === "running" ? 1000 : false) }),
  );
  const status = info.data?.run.status;
  const { refetch } = info;
  // The trace streams faster than the row is polled: read the row again as soon as run.end arrives.
  useEffect(() => {
    if (traceEnded && status === "running") void refetch();
  }, [traceEnded, status, refetch]);
  if (info.error) return <p className="run-error-text">{errorMessage(info.error)}</p>;
  if (!info.data) return null;
  const { run } = info.data;
  return (
    <p className="run-info" data-testid="run-info" data-revision={run.revision} data-scenario={run.scenarioName}>
      Run of <strong>{run.scenarioName}</strong> at <strong>revision {run.revision}</strong>
      {" · "}
      {run.status === "running" ? "running…" : <>exit: {run.exitReason ?? run.status}</>}
      {run.status !== "running" && !run.point && props.actions ? <span className="run-info-actions">{props.actions(run.id)}</span> : null}
    </p>
  );
}
