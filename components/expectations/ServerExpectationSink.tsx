"use client";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, type ReactNode } from "react";
import { useTRPC, useTRPCClient } from "~/components/providers/TrpcProvider";
import { applyPipelineChanges } from "~/core/pipeline/changes";
import { ExpectationSinkContext, expectationsIn, sameExpectation, type ExpectationSink } from "./expectationSink";

/**
 * Outside the designer (run and replay pages) a one-click expectation is saved straight to the
 * server as a new revision of the pipeline's head, based on the head it read (a save from
 * somewhere else in between is refused, never overwritten).
 */
export function ServerExpectationSink({ pipelineId, children }: { pipelineId: string; children: ReactNode }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const head = useQuery(trpc.pipelines.get.queryOptions({ id: pipelineId }));
  const doc = head.data?.document;
  const sink = useMemo<ExpectationSink>(
    () => ({
      expectationsOf: (name) => expectationsIn(doc?.scenarios, name),
      add: async ({ scenario, expectation }) => {
        const latest = await client.pipelines.get.query({ id: pipelineId });
        const current = expectationsIn(latest.document.scenarios, scenario);
        if (!current) throw new Error(`The pipeline has no scenario “${scenario}” any more.`);
        if (current.some((e) => sameExpectation(e, expectation))) return;
        const document = applyPipelineChanges(latest.document, [{ type: "updateScenario", name: scenario, patch: { expectations: [...current, expectation] } }]);
        await client.pipelines.save.mutate({ id: pipelineId, baseRevision: latest.revision, document });
        await queryClient.invalidateQueries({ queryKey: trpc.pipelines.get.queryKey({ id: pipelineId }) });
      },
    }),
    [doc, client, pipelineId, queryClient, trpc],
  );
  return <ExpectationSinkContext.Provider value={sink}>{children}</ExpectationSinkContext.Provider>;
}
