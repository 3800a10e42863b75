"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { errorMessage } from "~/components/providers/apiError";
import { useTRPC } from "~/components/providers/TrpcProvider";
import type { TraceStore } from "~/components/run/traceStore";
import { useTraceVersion } from "~/components/run/useTraceStore";

/**
 * A re-run answers approval requests as they were answered; this one asks again instead (the
 * cards wait for a person). Shown only for runs that had a request.
 */
export function RerunAnsweringAgain(props: { pipelineId: string; runId: string; store: TraceStore }) {
  const trpc = useTRPC();
  const router = useRouter();
  useTraceVersion(props.store);
  const rerun = useMutation(trpc.runs.rerun.mutationOptions());
  if (!props.store.outline.names.includes("approval.request")) return null;
  return (
    <>
      <button
        type="button"
        data-testid="rerun-answer-again"
        disabled={rerun.isPending}
        title="Run this turn again against the current code, and answer its approval requests again instead of as recorded"
        onClick={() => rerun.mutate({ runId: props.runId, answerApprovalsAgain: true }, { onSuccess: (r) => router.push(`/pipelines/${props.pipelineId}/runs/${r.runId}`) })}
      >
        Re-run, answering approvals again
      </button>
      {rerun.error ? <span className="run-error-text">{errorMessage(rerun.error)}</span> : null}
    </>
  );
}
