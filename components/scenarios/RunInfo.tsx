"use client";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { errorMessage } from "~/components/providers/apiError";
import { useTRPC } from "~/components/providers/TrpcProvider";

/** The run card's head: which scenario ran at which revision, and how it ended (as the server recorded it). */
export function RunInfo(props: { runId: string; actions?: (runId: string) => ReactNode }) {
  const trpc = useTRPC();
  const info = useQuery(
    trpc.runs.get.queryOptions({ runId: props.runId }, { refetchInterval: (q) => (q.state.data?.run.status === "running" ? 1000 : false) }),
  );
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
