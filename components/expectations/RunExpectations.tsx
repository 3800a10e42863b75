"use client";
import { useQuery } from "@tanstack/react-query";
import { errorMessage } from "~/components/providers/apiError";
import { useTRPC } from "~/components/providers/TrpcProvider";
import { ExpectationResults } from "./ExpectationResults";
import styles from "./expectations.module.css";

/**
 * The expectation results of one run, once it has ended (the server checks them when the run
 * ends). Nothing is shown for a run whose scenario has no expectations.
 */
export function RunExpectations(props: { pipelineId: string; runId: string; onStep?: (seq: number) => void }) {
  const trpc = useTRPC();
  const info = useQuery(
    trpc.runs.get.queryOptions(
      { runId: props.runId },
      // The run row gets its results when the run ends: ask again until then.
      { refetchInterval: (q) => (q.state.data && q.state.data.run.status !== "running" ? false : 700), retry: 3 },
    ),
  );
  if (info.error) return <p className={styles.failText}>{errorMessage(info.error)}</p>;
  const run = info.data?.run;
  if (!run) return null;
  if (run.status === "running") return <p className={styles.muted}>Expectations are checked when the run ends…</p>;
  if (!run.expectations || run.expectations.results.length === 0) return null;
  return <ExpectationResults report={run.expectations} pipelineId={props.pipelineId} runId={props.runId} onStep={props.onStep} />;
}
