"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { errorMessage } from "~/components/providers/apiError";
import { useTRPC } from "~/components/providers/TrpcProvider";

/**
 * For a run against a real model: run the turn again asking the model again (its answers may
 * differ), then compare with this run. Plain re-run uses the recorded replies and calls nobody.
 */
export function RerunLiveButton(props: { pipelineId: string; runId: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const rerun = useMutation(trpc.runs.rerun.mutationOptions());
  return (
    <>
      <button
        type="button"
        data-testid="rerun-live-button"
        disabled={rerun.isPending}
        onClick={() => rerun.mutate({ runId: props.runId, live: true }, { onSuccess: (r) => router.push(`/pipelines/${props.pipelineId}/runs/compare?a=${props.runId}&b=${r.runId}`) })}
        title="Run this turn again against the current code and call the model again (the plain re-run uses the recorded replies)"
      >
        Re-run live
      </button>
      {rerun.error ? <span className="run-error-text">{errorMessage(rerun.error)}</span> : null}
    </>
  );
}
