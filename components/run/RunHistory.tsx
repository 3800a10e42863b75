"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { formatWhen } from "~/components/pipelines/formatWhen";
import { errorMessage } from "~/components/providers/apiError";
import { useTRPC } from "~/components/providers/TrpcProvider";

/** Recorded runs of a pipeline, newest first, each a link to its replay. */
export function RunHistory(props: { pipelineId: string; compareWith?: string }) {
  const trpc = useTRPC();
  const runs = useQuery(trpc.runs.list.queryOptions({ pipelineId: props.pipelineId }, { refetchInterval: 5000 }));
  if (runs.error) return <p className="run-error-text">{errorMessage(runs.error)}</p>;
  if (!runs.data) return <p className="run-muted">Loading runs…</p>;
  if (runs.data.length === 0) return <p className="run-muted">No runs yet.</p>;
  const now = new Date();
  return (
    <table className="run-history" aria-label="Run history">
      <thead>
        <tr>
          <th>When</th>
          <th>Scenario</th>
          <th>Revision</th>
          <th>Exit</th>
          <th>Hooks that changed something</th>
          <th>Errors</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {runs.data.map((r) => (
          <tr key={r.id} data-run-id={r.id}>
            <td>
              <Link href={`/pipelines/${props.pipelineId}/runs/${r.id}`}>{formatWhen(r.createdAt, now)}</Link>
              {r.rerunOf ? <span className="run-muted"> (re-run)</span> : null}
            </td>
            <td>{r.scenarioName}</td>
            <td data-testid="run-revision">{r.revision}</td>
            <td>{r.status === "running" ? "running…" : (r.exitReason ?? r.status)}</td>
            <td>{r.status === "running" ? "" : r.hooksChanged}</td>
            <td className={r.errors > 0 ? "run-error-text" : ""}>{r.status === "running" ? "" : r.errors}</td>
            <td>
              {r.rerunOf ? <Link href={`/pipelines/${props.pipelineId}/runs/compare?a=${r.rerunOf}&b=${r.id}`}>compare</Link> : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
