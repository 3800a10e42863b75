"use client";

import {
  Background,
  BackgroundVariant,
  ControlButton,
  Controls,
  MiniMap,
  PanOnScrollMode,
  ReactFlow,
  ReactFlowProvider,
  type EdgeMouseHandler,
} from "@xyflow/react";
import "@xyflow/react/dist/style.css";
import { useCallback, useMemo, useRef, useState } from "react";
import type { Hook } from "~/core/pipeline/schema";
import type { Profile } from "~/core/profiles/types";
import { buildFlowEdges, buildFlowNodes } from "./buildFlowElements";
import { StageZoom } from "./StageZoom";
import { edgeTypes } from "./edgeTypes";
import { GraphActionsContext, type GraphActions } from "./GraphActionsContext";
import { layoutProfile } from "./layoutProfile";
import styles from "./loopGraph.module.css";
import { nodeTypes } from "./nodeTypes";
import { ReadableFit } from "./ReadableFit";
import { columnLayoutBelow } from "./readableViewport";
import { layoutStacked } from "./stackedLayout";
import type { LoopFlowEdge, LoopFlowNode } from "./types";
import { usePaneNarrowerThan } from "./usePaneNarrowerThan";
import { useStableValue } from "./useStableValue";

/** What the graph shows of the hooks: which exist, where, and whether they are on. Code is not drawn. */
function sameDrawnHooks(a: readonly Hook[], b: readonly Hook[]): boolean {
  return a.length === b.length && a.every((h, i) => h.id === b[i]?.id && h.point === b[i]?.point && h.enabled === b[i]?.enabled);
}

export interface LoopGraphProps {
  profile: Profile;
  hooks: readonly Hook[];
  /** Events of the pipeline's external hooks (listed on the badges, not run). */
  externalPoints?: readonly string[];
  selectedPointId: string | null;
  onSelectPoint(pointId: string): void;
  /** Run highlighting (issue 5): the transition being crossed, the point and hook executing. */
  activeEdgeId?: string | null;
  activePoint?: string | null;
  activeHookId?: string | null;
  /** A lifecycle event to light up (e.g. the one a replay step is at). */
  activeNodeId?: string | null;
}

const TOOLTIP_MAX_WIDTH = 340;

interface DocHint {
  pointId: string;
  doc: string;
  left: number;
  top: number;
}

const minimapColor = (n: LoopFlowNode) =>
  n.type === "frame" || n.type === "bounds" ? "transparent" : n.type === "outside" ? "#8b94a3" : "#5c7cfa";

/** The profile's lifecycle graph with the pipeline's hooks counted on each transition's points. */
export function LoopGraph(props: LoopGraphProps) {
  const { profile, selectedPointId, onSelectPoint } = props;
  const hooks = useStableValue(props.hooks, sameDrawnHooks);
  const paneRef = useRef<HTMLDivElement>(null);
  // Side by side where the pane has room for it, else one column that only pans up and down.
  const wide = useMemo(() => layoutProfile(profile), [profile]);
  const column = useMemo(() => layoutStacked(profile), [profile]);
  const narrow = usePaneNarrowerThan(paneRef, columnLayoutBelow(wide.bounds, column.bounds));
  const layout = narrow ? column : wide;
  const nodes = useMemo(() => buildFlowNodes(layout, props.activeNodeId ?? null, profile.groups), [layout, props.activeNodeId, profile.groups]);
  const highlights = useMemo(
    () => ({
      selectedPointId,
      activeEdgeId: props.activeEdgeId ?? null,
      activePoint: props.activePoint ?? null,
      activeHookId: props.activeHookId ?? null,
    }),
    [selectedPointId, props.activeEdgeId, props.activePoint, props.activeHookId],
  );
  const externalKey = (props.externalPoints ?? []).join("\n");
  const externalPoints = useMemo(() => (externalKey === "" ? [] : externalKey.split("\n")), [externalKey]);
  const edges = useMemo(
    () => buildFlowEdges({ layout, profile, hooks, externalPoints, highlights }),
    [layout, profile, hooks, externalPoints, highlights],
  );

  // The turn's start event is what a reader looks for first when the whole loop does not fit.
  const focusX = useMemo(() => {
    const start = layout.nodes.find((p) => p.node.kind === "start") ?? layout.nodes[0];
    return start ? start.x + start.width / 2 : layout.bounds.x + layout.bounds.width / 2;
  }, [layout]);
  const [overview, setOverview] = useState(false);
  const [fitRequest, setFitRequest] = useState(0);
  const [hint, setHint] = useState<DocHint | null>(null);
  const actions = useMemo<GraphActions>(
    () => ({
      selectPoint: onSelectPoint,
      showPointDoc: (h) => {
        if (!h) return setHint(null);
        const r = h.anchor.getBoundingClientRect();
        // Centred under the badge, but kept on screen (the tooltip is at most 340px wide).
        const half = TOOLTIP_MAX_WIDTH / 2 + 8;
        const left = Math.min(Math.max(r.left + r.width / 2, half), window.innerWidth - half);
        setHint({ pointId: h.pointId, doc: h.doc, left, top: r.bottom + 6 });
      },
    }),
    [onSelectPoint],
  );

  // Clicking an edge's line opens its first hook point, like clicking its first badge.
  const onEdgeClick = useCallback<EdgeMouseHandler<LoopFlowEdge>>(
    (_, edge) => {
      const first = edge.data?.points[0];
      if (first) onSelectPoint(first.pointId);
    },
    [onSelectPoint],
  );

  return (
    <GraphActionsContext.Provider value={actions}>
      {/* The provider lets the stage buttons sit above the canvas instead of over the graph. */}
      <ReactFlowProvider>
        <div className={styles.graph} data-testid="loop-graph">
          <StageZoom layout={layout} groups={profile.groups} />
          <div ref={paneRef} className={styles.canvas}>
            <ReactFlow<LoopFlowNode, LoopFlowEdge>
              nodes={nodes}
              edges={edges}
              nodeTypes={nodeTypes}
              edgeTypes={edgeTypes}
              onEdgeClick={onEdgeClick}
              nodesDraggable={false}
              nodesConnectable={false}
              nodesFocusable={false}
              edgesFocusable={false}
              elementsSelectable={false}
              // Nothing here is deletable or multi-selectable, and dragging already pans. Its
              // document-wide key listeners would otherwise swallow Space and Backspace typed in
              // editors that are not <input>s (Monaco types through an EditContext <div>).
              deleteKeyCode={null}
              selectionKeyCode={null}
              multiSelectionKeyCode={null}
              panActivationKeyCode={null}
              // A column is read by scrolling down it; pinch or Ctrl+wheel still zooms.
              panOnScroll={layout.stacked}
              panOnScrollMode={PanOnScrollMode.Vertical}
              minZoom={0.2}
              maxZoom={2}
              colorMode="system"
              onMoveStart={() => setHint(null)}
            >
              <Background variant={BackgroundVariant.Dots} gap={18} size={1} />
              <ReadableFit pane={paneRef} bounds={layout.bounds} focusX={focusX} request={fitRequest} />
              <Controls showInteractive={false} showFitView={false} position="bottom-left">
                <ControlButton
                  onClick={() => setFitRequest((n) => n + 1)}
                  title="Show the loop at a readable size again"
                  aria-label="Show the loop at a readable size again"
                >
                  ⤢
                </ControlButton>
                <ControlButton
                  onClick={() => setOverview((v) => !v)}
                  title={overview ? "Hide the overview map" : "Show an overview map"}
                  aria-label={overview ? "Hide the overview map" : "Show an overview map"}
                  aria-pressed={overview}
                  data-testid="toggle-overview"
                >
                  ▦
                </ControlButton>
              </Controls>
              {/* Off until asked for: a map over the graph covers badges. */}
              {overview ? (
                <MiniMap
                  pannable
                  zoomable
                  nodeColor={minimapColor}
                  nodeStrokeWidth={0}
                  position="top-right"
                  ariaLabel="Overview of the loop"
                  style={{ width: 132, height: 96 }}
                />
              ) : null}
            </ReactFlow>
          </div>
          {hint ? (
            <div role="tooltip" className={styles.tooltip} style={{ left: hint.left, top: hint.top, maxWidth: TOOLTIP_MAX_WIDTH }}>
              <strong>{hint.pointId}</strong>
              <span>{hint.doc || "No description in this profile."}</span>
            </div>
          ) : null}
        </div>
      </ReactFlowProvider>
    </GraphActionsContext.Provider>
  );
}
