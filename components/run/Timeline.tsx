"use client";
import { memo, useEffect, useId, useRef, useState } from "react";
import { ORDER_DEPENDENT, outlineEntry, type TraceOutline } from "~/core/run/outline";
import type { TraceEvent } from "~/core/trace/events";
import raceStyles from "./race.module.css";

const ROW = 26;
const OVERSCAN = 10;

/** How far back a row looks for its hook's hook.start (a hook's own events sit right after it). */
const NAME_LOOKBACK = 64;

/**
 * The name a hook row shows: the one recorded on its call's hook.start (the name the cards
 * use), else its id while that event is not loaded.
 */
function hookNameOfRow(outline: TraceOutline, event: ((seq: number) => TraceEvent | undefined) | undefined, index: number, hookId: string): string {
  if (!event) return hookId;
  const startCode = outline.names.indexOf("hook.start");
  const hookCode = outline.hook[index];
  for (let i = index; i >= 0 && i > index - NAME_LOOKBACK; i--) {
    if (outline.hook[i] !== hookCode) break;
    if (outline.type[i] !== startCode) continue;
    const start = event(i + 1);
    return start?.type === "hook.start" && start.name ? start.name : hookId;
  }
  return hookId;
}

const typeLabels: Record<string, string> = {
  "run.start": "run started",
  "point.start": "point",
  "hook.start": "hook started",
  "hook.end": "hook",
  "point.end": "point done",
  "model.request": "model request",
  "model.response": "model response",
  "tool.call": "tool call",
  "tool.result": "tool result",
  compact: "compaction",
  "run.end": "run ended",
};

/**
 * Every event of the trace in order, windowed: only the rows in view are in the DOM, so 10,000
 * events scroll as smoothly as 10. Reads only the outline (no event bodies).
 */
export const Timeline = memo(function Timeline(props: {
  outline: TraceOutline;
  /** Bumped when the outline grows (it is mutated in place). */
  version: number;
  step: number;
  onStep: (index: number) => void;
  /** Keep the newest event in view while a live run grows. */
  follow: boolean;
  /** Loaded events by seq, for hook names; without it hook rows show their ids. */
  event?: (seq: number) => TraceEvent | undefined;
}) {
  const { outline, step, onStep, follow } = props;
  const ref = useRef<HTMLDivElement>(null);
  const idPrefix = useId();
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(400);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setHeight(el.clientHeight));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const target = follow ? outline.count - 1 : step;
    const top = target * ROW;
    if (top < el.scrollTop || top + ROW > el.scrollTop + el.clientHeight) el.scrollTop = Math.max(0, top - el.clientHeight / 2);
  }, [step, follow, outline.count, props.version]);

  const first = Math.max(0, Math.floor(scrollTop / ROW) - OVERSCAN);
  const last = Math.min(outline.count, Math.ceil((scrollTop + height) / ROW) + OVERSCAN);
  const rows = [];
  for (let i = first; i < last; i++) {
    const e = outlineEntry(outline, i);
    const selected = i === step;
    rows.push(
      <div
        key={i}
        id={`${idPrefix}-${i + 1}`}
        role="option"
        aria-selected={selected}
        data-seq={i + 1}
        data-type={e.type}
        className={`run-timeline-row${selected ? " is-selected" : ""}${e.status ? ` status-${e.status}` : ""}`}
        style={{ position: "absolute", top: i * ROW, height: ROW, left: 0, right: 0 }}
        onClick={() => onStep(i)}
      >
        <span className="run-timeline-seq">{i + 1}</span>
        <span className="run-timeline-type">{typeLabels[e.type] ?? e.type}</span>
        <span className="run-timeline-what">{e.hookId !== null ? hookNameOfRow(outline, props.event, i, e.hookId) : (e.point ?? "")}</span>
        {e.status && e.type === "hook.end" ? <span className={`run-status run-status-${e.status}`}>{e.status}</span> : null}
        {e.status === ORDER_DEPENDENT && e.type === "point.end" ? (
          <span className={raceStyles.badge} title="The outcome depends on which hook finishes last" data-testid="timeline-race">
            order-dependent
          </span>
        ) : null}
      </div>,
    );
  }
  return (
    <div
      ref={ref}
      className="run-timeline"
      role="listbox"
      aria-label="Timeline"
      aria-activedescendant={step >= first && step < last ? `${idPrefix}-${step + 1}` : undefined}
      tabIndex={-1}
      onScroll={(ev) => setScrollTop(ev.currentTarget.scrollTop)}
    >
      <div style={{ position: "relative", height: outline.count * ROW }}>{rows}</div>
    </div>
  );
});
