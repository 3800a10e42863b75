"use client";
import styles from "./pointRun.module.css";
import { usePointRun } from "./pointRunContext";

/** "Run this point" for the hook panel; nothing where point runs are not available. */
export function RunPointButton({ pointId, className }: { pointId: string; className?: string }) {
  const pointRun = usePointRun();
  if (!pointRun) return null;
  return (
    <div className={styles.panelRow}>
      <button
        type="button"
        className={className ?? "btn"}
        onClick={() => pointRun.open(pointId)}
        title="Fire this point's hooks alone on a context you can edit"
        data-testid="run-point"
      >
        ▶ Run this point
      </button>
      <span className={styles.muted}>its hooks alone, on a context you can edit</span>
    </div>
  );
}

/** The small ▶ beside the selected badge on the graph. */
export function BadgeRunButton({ pointId }: { pointId: string }) {
  const pointRun = usePointRun();
  if (!pointRun) return null;
  return (
    <button
      type="button"
      className={styles.badgeRun}
      onClick={() => pointRun.open(pointId)}
      title={`Run ${pointId} alone on a context you can edit`}
      aria-label={`Run ${pointId} alone`}
      data-testid={`badge-run-${pointId}`}
    >
      ▶ run
    </button>
  );
}
