"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { formatWhen } from "~/components/pipelines/formatWhen";
import { errorMessage } from "~/components/providers/apiError";
import { useTRPC } from "~/components/providers/TrpcProvider";

const ALL = "";

/** "1.2 s", "340 ms"; a run still going has no duration yet. */
function formatDuration(started: Date, finished: Date | null): string {
  if (!finished) return "";
  const ms = finished.getTime() - started.getTime();
  return ms < 1000 ? `${Math.max(0, Math.round(ms))} ms` : `${(ms / 1000).toFixed(1)} s`;
}

const exactTime = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "medium" });

/**
 * Recorded runs of a pipeline, newest first: when, revision, scenario, how it ended, its
 * expectations, duration and model calls. Filter by scenario; tick any two to compare them.
 */
export function RunHistory(props: { pipelineId: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const runs = useQuery(trpc.runs.list.queryOptions({ pipelineId: props.pipelineId }, { refetchInterval: 5000 }));
  const [scenario, setScenario] = useState(ALL);
  /** The runs ticked for comparison, in the order they were ticked (at most two). */
  const [picked, setPicked] = useState<string[]>([]);
  if (runs.error) return <p className="run-error-text">{errorMessage(runs.error)}</p>;
  if (!runs.data) return <p className="run-muted">Loading runs…</p>;
  if (runs.data.length === 0) return <p className="run-muted">No runs yet: run a scenario and it is listed here.</p>;
  const now = new Date();
  const scenarios = [...new Set(runs.data.map((r) => r.scenarioName))].sort();
  const shown = scenario === ALL ? runs.data : runs.data.filter((r) => r.scenarioName === scenario);
  const byId = new Map(runs.data.map((r) => [r.id, r]));
  const chosen = picked.filter((id) => byId.has(id));
  const toggle = (id: string) =>
    setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : [...p.filter((x) => byId.has(x)), id].slice(-2)));
  const compare = () => {
    // The older run is A, so the comparison reads "from → to" like a re-run against its original.
    const [a, b] = chosen
      .map((id) => byId.get(id))
      .filter((r) => r !== undefined)
      .sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime());
    if (a && b) router.push(`/pipelines/${props.pipelineId}/runs/compare?a=${a.id}&b=${b.id}`);
  };
  const base = `/pipelines/${props.pipelineId}`;

  return (
    <div className="run-history-list">
      <div className="run-history-tools">
        <label>
          Scenario{" "}
          <select value={scenario} onChange={(e) => setScenario(e.target.value)} data-testid="runs-filter">
            <option value={ALL}>all ({runs.data.length})</option>
            {scenarios.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="run-primary" disabled={chosen.length !== 2} onClick={compare} data-testid="compare-picked">
          Compare {chosen.length === 2 ? "the two ticked runs" : `(tick ${2 - chosen.length} more)`}
        </button>
      </div>
      <table className="run-history" aria-label="Run history">
        <thead>
          <tr>
            <th>
              <span className="visually-hidden">Compare</span>
            </th>
            <th>When</th>
            <th>Revision</th>
            <th>Scenario</th>
            <th>Exit</th>
            <th>Expectations</th>
            <th>Duration</th>
            <th>Model calls</th>
            <th>Errors</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {shown.map((r) => {
            const running = r.status === "running";
            const passed = r.expectationsPassed ?? 0;
            const failed = r.expectationsFailed ?? 0;
            return (
              <tr key={r.id} data-run-id={r.id} data-testid="run-row" className={chosen.includes(r.id) ? "is-picked" : undefined}>
                <td>
                  <input
                    type="checkbox"
                    checked={chosen.includes(r.id)}
                    onChange={() => toggle(r.id)}
                    aria-label={`Compare the run of ${r.scenarioName} at ${exactTime.format(r.createdAt)}`}
                    data-testid="run-pick"
                  />
                </td>
                <td>
                  <Link href={`${base}/runs/${r.id}`} title={exactTime.format(r.createdAt)} data-testid="run-link">
                    {formatWhen(r.createdAt, now)}
                  </Link>
                  {r.rerunOf ? <span className="run-muted"> (re-run)</span> : null}
                </td>
                <td>
                  <Link href={`${base}/history?rev=${r.revision}`} title="What this revision changed, and its code" data-testid="run-revision">
                    {r.revision}
                  </Link>
                </td>
                <td data-testid="run-scenario-name">{r.point ? `${r.scenarioName} (${r.point} alone)` : r.scenarioName}</td>
                <td data-testid="run-exit">{running ? "running…" : (r.exitReason ?? r.status)}</td>
                <td data-testid="run-expectations">
                  {running || (r.expectationsPassed === null && r.expectationsFailed === null) ? (
                    <span className="run-muted">—</span>
                  ) : (
                    <span className={failed > 0 ? "run-error-text" : "run-pass-text"}>
                      {failed > 0 ? `✗ ${failed} failed, ${passed} passed` : `✓ ${passed} passed`}
                    </span>
                  )}
                </td>
                <td data-testid="run-duration">{formatDuration(r.createdAt, r.finishedAt)}</td>
                <td data-testid="run-model-calls">{running ? "" : r.modelCalls}</td>
                <td className={r.errors > 0 ? "run-error-text" : ""}>{running ? "" : r.errors}</td>
                <td>{r.rerunOf ? <Link href={`${base}/runs/compare?a=${r.rerunOf}&b=${r.id}`}>compare with original</Link> : null}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
