"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { ServerExpectationSink } from "~/components/expectations/ServerExpectationSink";
import { errorMessage } from "~/components/providers/apiError";
import { SaveAsScenarioButton } from "~/components/scenarios/SaveAsScenarioButton";
import { useAddScenarioOnServer } from "~/components/scenarios/useAddScenarioOnServer";
import { useTRPC } from "~/components/providers/TrpcProvider";
import { RunGraph } from "./RunGraph";
import { RunHistory } from "./RunHistory";
import { RunPanel } from "./RunPanel";
import type { GraphPosition } from "./TraceView";

/** The runs page of a pipeline: its graph lit by the run, the run panel and the history. */
export function RunsPageView(props: { pipelineId: string; eventDelayMs?: number }) {
  const trpc = useTRPC();
  const pipeline = useQuery(trpc.pipelines.get.queryOptions({ id: props.pipelineId }));
  const [position, setPosition] = useState<GraphPosition | null>(null);
  const addScenario = useAddScenarioOnServer(props.pipelineId);
  if (pipeline.error) return <p className="run-error-text">{errorMessage(pipeline.error)}</p>;
  if (!pipeline.data) return <p className="run-muted">Loading…</p>;
  const { document } = pipeline.data;
  return (
    <div className="run-page">
      <p>
        <Link href={`/pipelines/${props.pipelineId}`}>← {document.name}</Link>
      </p>
      <h1>Run {document.name}</h1>
      <RunGraph document={document} position={position} />
      <ServerExpectationSink pipelineId={props.pipelineId}>
        <RunPanel
          pipelineId={props.pipelineId}
          scenarios={document.scenarios}
          noScenarioHint="This pipeline has no scenario yet: add one in the designer (Scenarios, beside Run)."
          runActions={(runId) => <SaveAsScenarioButton runId={runId} onScenario={addScenario} />}
          onPosition={setPosition}
          eventDelayMs={props.eventDelayMs}
        />
      </ServerExpectationSink>
      <section className="run-history-section" aria-labelledby="run-history-title">
        <h2 id="run-history-title">Run history</h2>
        <RunHistory pipelineId={props.pipelineId} />
      </section>
    </div>
  );
}
