"use client";
import { useEffect, useMemo } from "react";
import { ORDER_DEPENDENT, outlineEntry } from "~/core/run/outline";
import { raceFlagOf } from "~/core/run/raceFlag";
import styles from "./race.module.css";
import type { TraceStore } from "./traceStore";
import { useTraceVersion } from "./useTraceStore";

/**
 * Points of the run whose outcome depends on which of their parallel hooks finishes last (what
 * no host shows): one line each, in the words of the engine's flag, with a jump to its point.end.
 */
export function RaceFlags({ store, onSelect }: { store: TraceStore; onSelect?: (index: number) => void }) {
  const version = useTraceVersion(store);
  const outline = store.outline;
  const flagged = useMemo(() => {
    const code = outline.names.indexOf(ORDER_DEPENDENT);
    const out: number[] = [];
    if (code >= 0) for (let i = 0; i < outline.count; i++) if (outline.status[i] === code) out.push(i + 1);
    return out;
  }, [outline, version]); // eslint-disable-line react-hooks/exhaustive-deps -- the outline grows in place; version says when

  useEffect(() => {
    for (const seq of flagged) if (!store.event(seq)) void store.ensure(seq, seq);
  }, [flagged, store, version]);

  if (flagged.length === 0) return null;
  return (
    <div className={styles.flags} role="status" data-testid="race-flags">
      <p className={styles.title}>Order-dependent: the outcome depends on which hook finishes last</p>
      <ul className={styles.list}>
        {flagged.map((seq) => {
          const event = store.event(seq);
          const flag = event?.type === "point.end" ? raceFlagOf(event.result) : null;
          const point = outlineEntry(outline, seq - 1).point ?? "";
          return (
            <li key={seq} data-testid="race-flag" data-seq={seq}>
              {onSelect ? (
                <button type="button" className={styles.jump} onClick={() => onSelect(seq - 1)} title="Show this point's result">
                  {point} (event {seq})
                </button>
              ) : (
                <strong>
                  {point} (event {seq})
                </strong>
              )}
              : {flag ? flag.message : "…"}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
