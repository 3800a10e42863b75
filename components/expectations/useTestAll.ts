"use client";
import { useCallback, useRef, useState } from "react";
import { useTRPCClient } from "~/components/providers/TrpcProvider";
import { newRunId } from "~/components/run/newRunId";
import type { ExpectationReport } from "~/core/expectations";

export type ScenarioTest =
  | { scenario: string; state: "waiting" }
  | { scenario: string; state: "running"; runId: string }
  | { scenario: string; state: "done"; runId: string; report: ExpectationReport | null; exitReason: string | null; failure: string | null }
  | { scenario: string; state: "error"; message: string };

const POLL_MS = 300;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A test run's outcome: pass when every expectation held (a scenario without any only has to finish). */
export function testPassed(t: ScenarioTest): boolean | null {
  if (t.state === "error") return false;
  if (t.state !== "done") return null;
  if (t.failure) return false;
  return t.report ? t.report.failed === 0 : true;
}

/**
 * Runs every scenario of the saved pipeline one after another (the machine running hooks is
 * shared; parallel runs would only slow each other down) and collects each run's expectation report.
 * `save` first saves what is on screen and returns that revision, so the tests run the code shown.
 */
export function useTestAll(args: { pipelineId: string; scenarios: readonly string[]; save: () => Promise<{ revision: number }> }) {
  const client = useTRPCClient();
  const [tests, setTests] = useState<ScenarioTest[] | null>(null);
  const [revision, setRevision] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const generation = useRef(0);
  const { pipelineId, scenarios, save } = args;

  const run = useCallback(async () => {
    const mine = ++generation.current;
    const update = (i: number, t: ScenarioTest) => {
      if (generation.current === mine) setTests((all) => all && all.map((x, j) => (j === i ? t : x)));
    };
    setError(null);
    setTests(scenarios.map((scenario) => ({ scenario, state: "waiting" })));
    let rev: number;
    try {
      rev = (await save()).revision;
    } catch (e) {
      setTests(null);
      return setError(e instanceof Error ? e.message : String(e));
    }
    setRevision(rev);
    for (const [i, scenario] of scenarios.entries()) {
      if (generation.current !== mine) return;
      try {
        const runId = newRunId();
        await client.runs.start.mutate({ pipelineId, revision: rev, scenarioName: scenario, runId });
        update(i, { scenario, state: "running", runId });
        for (;;) {
          const { run } = await client.runs.get.query({ runId });
          if (run.status !== "running") {
            update(i, { scenario, state: "done", runId, report: run.expectations, exitReason: run.exitReason, failure: run.failure });
            break;
          }
          await sleep(POLL_MS);
        }
      } catch (e) {
        update(i, { scenario, state: "error", message: e instanceof Error ? e.message : String(e) });
      }
    }
  }, [client, pipelineId, scenarios, save]);

  return { tests, revision, error, run, busy: tests?.some((t) => t.state === "waiting" || t.state === "running") ?? false };
}
