"use client";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "~/components/providers/TrpcProvider";

/** Tokens in and out of a run's real model calls, as the providers reported them (nothing for scripted runs). */
export function RunUsage(props: { runId: string }) {
  const trpc = useTRPC();
  const usage = useQuery(trpc.providers.runUsage.queryOptions({ runId: props.runId }));
  const data = usage.data;
  if (!data || data.calls === 0) return null;
  return (
    <p className="run-muted" data-testid="run-usage">
      {data.calls} real model call{data.calls === 1 ? "" : "s"} ({data.models.join(", ")}){data.recorded > 0 ? `, ${data.recorded} answered from the recording` : ""} · {data.inputTokens} tokens in,{" "}
      {data.outputTokens} out
    </p>
  );
}
