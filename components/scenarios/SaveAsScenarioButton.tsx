"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage } from "~/components/providers/apiError";
import { useTRPC } from "~/components/providers/TrpcProvider";
import type { Scenario } from "~/core/pipeline/schema";
import styles from "./scenarios.module.css";

/**
 * Save as scenario: the recorded run's model replies and tool results become a scripted scenario
 * (the server builds it from the trace), handed to `onScenario` to add to the pipeline.
 */
export function SaveAsScenarioButton(props: { runId: string; onScenario: (scenario: Scenario) => Promise<void> | void; className?: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const scenario = await queryClient.fetchQuery({ ...trpc.runs.toScenario.queryOptions({ runId: props.runId }), staleTime: 0 });
      await props.onScenario(scenario);
    } catch (e) {
      setError(`Not saved as a scenario: ${errorMessage(e)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className={styles.saveAs}>
      <button
        type="button"
        className={props.className}
        data-testid="save-as-scenario"
        disabled={busy}
        title={busy ? "Saving…" : "Add this run's model replies and tool results to the pipeline as a scripted scenario, to replay this turn any time"}
        onClick={() => void save()}
      >
        {busy ? "Saving…" : "Save as scenario"}
      </button>
      {error ? (
        <span className="field-error" role="alert">
          {error}
        </span>
      ) : null}
    </span>
  );
}
