"use client";
import { LoopGraph } from "~/components/loop-graph/LoopGraph";
import type { Pipeline } from "~/core/pipeline/schema";
import { getProfile } from "~/core/profiles";
import type { GraphPosition } from "./TraceView";

const noop = () => undefined;

/** The pipeline's loop graph, read-only, lit where the run is. */
export function RunGraph(props: { document: Pipeline; position: GraphPosition | null }) {
  const profile = getProfile(props.document.profile);
  if (!profile) return null;
  return (
    <div className="run-graph" data-testid="run-graph" data-active-edge={props.position?.edge ?? ""} data-active-hook={props.position?.hookId ?? ""}>
      <LoopGraph
        profile={profile}
        hooks={props.document.hooks}
        selectedPointId={null}
        onSelectPoint={noop}
        activeEdgeId={props.position?.edge ?? null}
        activePoint={props.position?.point ?? null}
        activeHookId={props.position?.hookId ?? null}
      />
    </div>
  );
}
