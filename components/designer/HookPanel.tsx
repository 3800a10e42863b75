"use client";

import { useMemo } from "react";
import { HookNotesProvider } from "~/components/hook-notes/HookNotes";
import { RunPointButton } from "~/components/point-run/RunPointButton";
import { useEditorStore } from "~/components/store/EditorStoreProvider";
import type { Profile } from "~/core/profiles";
import { ExternalHooks } from "./ExternalHooks";
import { HookList } from "./HookList";
import styles from "./hookPanel.module.css";
import { PointOverview } from "./PointOverview";
import { orderingReason } from "./runOrder";
import { HostSettings } from "./HostSettings";
import { useHookCommands } from "./useHookCommands";

const executionNames: Record<Profile["points"][number]["execution"], string> = {
  chain: "chain",
  void: "parallel, results ignored",
  modifying: "sequential, first value per field wins",
  claiming: "sequential, stops at the first claim",
  fold: "results folded by the host's runner",
  middleware: "an onion: each hook passes the event on with next(e), rewrites it, or answers",
};

/** The selected hook point: what it is, how its chain runs, and its ordered hooks. */
export function HookPanel({ profile }: { profile: Profile }) {
  const selectedPointId = useEditorStore((s) => s.selectedPointId);
  const selectPoint = useEditorStore((s) => s.selectPoint);
  const pipelineId = useEditorStore((s) => s.pipelineId);
  const commands = useHookCommands();
  const point = useMemo(() => profile.points.find((p) => p.id === selectedPointId) ?? null, [profile, selectedPointId]);

  if (!point) {
    return (
      <section className={styles.panel} aria-labelledby="hook-panel-title">
        <header className={styles.panelHeader}>
          <h2 id="hook-panel-title" className={styles.panelTitle}>
            Hook points
          </h2>
        </header>
        <PointOverview profile={profile} />
        <ExternalHooks />
      </section>
    );
  }

  return (
    <section className={styles.panel} aria-labelledby="hook-panel-title" data-testid="hook-panel">
      <header className={styles.panelHeader}>
        <button type="button" className={styles.backBtn} onClick={() => selectPoint(null)} aria-label="All hook points">
          ←
        </button>
        <h2 id="hook-panel-title" className={styles.panelTitle} data-testid="hook-panel-point">
          {point.id}
        </h2>
        <span className={styles.contextType} title="The context type hooks on this point receive">
          {point.contextType}
        </span>
      </header>
      <p className={styles.pointDocLine}>{point.doc}</p>
      <RunPointButton pointId={point.id} />
      <details className={styles.chainDoc}>
        <summary>
          How the chain runs <span className={styles.execution}>· {executionNames[point.execution]}</span>
        </summary>
        <p data-testid="chain-doc">{point.chainDoc}</p>
        {point.decisions.length > 0 ? (
          <dl className={styles.decisions}>
            {point.decisions.map((d) => (
              <div key={d.name}>
                <dt>{d.name}</dt>
                <dd>{d.doc}</dd>
              </div>
            ))}
          </dl>
        ) : null}
      </details>
      <p className={styles.ordering} data-testid="ordering-reason">
        {orderingReason(point)}
      </p>
      <HostSettings profile={profile} point={point} />
      <div className={styles.addRow}>
        <button type="button" className="btn btn-primary" onClick={() => commands.add({ profile, point, kind: "template" })} data-testid="add-hook">
          + Add hook
        </button>
        <button type="button" className="btn" onClick={() => commands.add({ profile, point, kind: "blank" })} data-testid="add-blank-hook">
          + Blank
        </button>
      </div>
      {pipelineId ? (
        <HookNotesProvider pipelineId={pipelineId}>
          <HookList point={point} profile={profile} />
        </HookNotesProvider>
      ) : (
        <HookList point={point} profile={profile} />
      )}
      <ExternalHooks pointId={point.id} />
      <p id="hook-list-keys" className={styles.keys}>
        <kbd>↑</kbd>/<kbd>↓</kbd> move focus · <kbd>Alt</kbd>+<kbd>↑</kbd>/<kbd>↓</kbd> reorder · <kbd>Enter</kbd> open · <kbd>Space</kbd> on/off ·{" "}
        <kbd>F2</kbd> rename · <kbd>Del</kbd> delete · <kbd>Ctrl</kbd>+<kbd>D</kbd> duplicate
      </p>
    </section>
  );
}
