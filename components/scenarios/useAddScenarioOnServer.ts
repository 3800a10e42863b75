"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useCallback } from "react";
import { useTRPC } from "~/components/providers/TrpcProvider";
import { uniqueScenarioName } from "~/core/pipeline/changes";
import type { Scenario } from "~/core/pipeline/schema";

/**
 * Outside the designer (replay, runs page): appends a scenario to the pipeline's newest revision
 * as a new revision, then opens the designer with it selected. A save from elsewhere in between
 * is refused by the server (the revision is named), never overwritten.
 */
export function useAddScenarioOnServer(pipelineId: string): (scenario: Scenario) => Promise<void> {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const { mutateAsync } = useMutation(trpc.pipelines.save.mutationOptions());
  return useCallback(
    async (scenario: Scenario) => {
      const head = await queryClient.fetchQuery({ ...trpc.pipelines.get.queryOptions({ id: pipelineId }), staleTime: 0 });
      const name = uniqueScenarioName(head.document, scenario.name);
      await mutateAsync({ id: pipelineId, baseRevision: head.revision, document: { ...head.document, scenarios: [...head.document.scenarios, { ...scenario, name }] } });
      // The designer starts from this query; it must not open the revision before ours.
      queryClient.removeQueries({ queryKey: trpc.pipelines.get.queryKey({ id: pipelineId }) });
      router.push(`/pipelines/${pipelineId}?scenario=${encodeURIComponent(name)}`);
    },
    [trpc, queryClient, router, mutateAsync, pipelineId],
  );
}
