import { EdgeLabelRenderer, useReactFlow } from "@xyflow/react";
import { Fragment, memo, useRef, type FocusEvent } from "react";
import { BadgeRunButton } from "~/components/point-run/RunPointButton";
import { useGraphActions } from "../GraphActionsContext";
import type { Point } from "../layoutProfile";
import styles from "../loopGraph.module.css";
import type { PointBadgeData } from "../types";

function badgeLabel(p: PointBadgeData): string {
  const hooks = `${p.enabled} enabled hook${p.enabled === 1 ? "" : "s"}`;
  const off = p.total > p.enabled ? `, ${p.total - p.enabled} disabled` : "";
  const external = p.external ? `, ${p.external} external (not run by Hookwright)` : "";
  return `${p.pointId}: ${hooks}${off}${external}`;
}

/** The clickable hook-point badges of one transition, centred on `at`. */
export const PointBadges = memo(function PointBadges(props: {
  edgeId: string;
  at: Point;
  label: string | null;
  points: readonly PointBadgeData[];
  back: boolean;
  /** Wrap the label to the badges' width (the one-column layout reserves room for that). */
  wrapLabel?: boolean;
}) {
  const { selectPoint, showPointDoc } = useGraphActions();
  const flow = useReactFlow();
  const { at, label, points, edgeId } = props;
  // The badge a pointer is pressing: it is under the pointer, so it is not revealed. Panning it
  // away between press and release would send the click to the pane, and the point would not open.
  const pressed = useRef<HTMLButtonElement | null>(null);

  // Tabbing to a badge outside the visible part of the graph brings it into view. Measured a
  // frame later: focusing scrolls the graph's container to the badge and React Flow scrolls it
  // back, so the badge's position during the focus event is not where it ends up.
  const reveal = (e: FocusEvent<HTMLButtonElement>) => {
    const badge = e.currentTarget;
    requestAnimationFrame(() => {
      const pane = badge.closest(".react-flow")?.getBoundingClientRect();
      if (!pane || !badge.isConnected) return;
      const r = badge.getBoundingClientRect();
      const inside = r.left >= pane.left && r.right <= pane.right && r.top >= pane.top && r.bottom <= pane.bottom;
      // In view but under the graph's controls counts as out of view.
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      const covered = !hit || !badge.contains(hit);
      if (inside && !covered) return;
      // Centre the badge itself (not its edge's stack, which may be taller than the pane).
      const vp = flow.getViewport();
      const dx = pane.left + pane.width / 2 - (r.left + r.width / 2);
      const dy = pane.top + pane.height / 2 - (r.top + r.height / 2);
      void flow.setViewport({ x: vp.x + dx, y: vp.y + dy, zoom: vp.zoom }, { duration: 150 });
    });
  };
  if (points.length === 0 && !label) return null;
  return (
    <EdgeLabelRenderer>
      <div
        className={`nodrag nopan ${styles.badges}`}
        style={{ transform: `translate(-50%, -50%) translate(${at.x}px, ${at.y}px)` }}
        data-edge-id={edgeId}
      >
        {label ? (
          <span className={`${styles.edgeLabel} ${props.back ? styles.backLabel : ""} ${props.wrapLabel ? styles.wrappedLabel : ""}`}>{label}</span>
        ) : null}
        {points.map((p) => (
          <Fragment key={p.pointId}>
            <button
              type="button"
              className={`${styles.badge} ${p.selected ? styles.selectedBadge : ""} ${p.active ? styles.activeBadge : ""}`}
              aria-pressed={p.selected}
              aria-label={badgeLabel(p)}
              data-point={p.pointId}
              data-testid={`point-badge-${p.pointId}`}
              onClick={(e) => {
                // The badges render inside their edge: without this the edge's own click handler
                // runs next and opens the edge's first point instead of this one.
                e.stopPropagation();
                selectPoint(p.pointId);
              }}
              onMouseEnter={(e) => showPointDoc({ pointId: p.pointId, doc: p.doc, anchor: e.currentTarget })}
              onMouseLeave={() => showPointDoc(null)}
              onPointerDown={(e) => {
                pressed.current = e.currentTarget;
              }}
              onPointerUp={() => {
                pressed.current = null;
              }}
              onFocus={(e) => {
                if (pressed.current !== e.currentTarget) reveal(e);
                showPointDoc({ pointId: p.pointId, doc: p.doc, anchor: e.currentTarget });
              }}
              onBlur={() => {
                pressed.current = null;
                showPointDoc(null);
              }}
            >
              <span className={styles.badgeName}>{p.pointId}</span>
              <span
                className={`${styles.count} ${p.enabled === 0 ? styles.countZero : ""}`}
                data-testid={`point-count-${p.pointId}`}
              >
                {p.enabled}
              </span>
              {p.total > p.enabled ? <span className={styles.offCount}>+{p.total - p.enabled} off</span> : null}
              {p.external ? (
                <span className={styles.offCount} data-testid={`point-external-${p.pointId}`}>
                  +{p.external} external
                </span>
              ) : null}
            </button>
            {p.selected ? <BadgeRunButton pointId={p.pointId} /> : null}
          </Fragment>
        ))}
      </div>
    </EdgeLabelRenderer>
  );
});
