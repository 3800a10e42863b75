"use client";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { createContextCursor } from "~/core/run/contextCursor";
import { hookNameAt, hookNameBefore } from "~/core/run/hookStatus";
import { findStep, outlineEntry, positionAt } from "~/core/run/outline";
import { applyPatch } from "~/core/trace/jsonPatch";
import { ContextView } from "./ContextView";
import { EventDetail } from "./EventDetail";
import { HookCard, type OpenHook } from "./HookCard";
import { Timeline } from "./Timeline";
import type { TraceStore } from "./traceStore";
import { useStepKeys } from "./useStepKeys";
import { useTraceVersion } from "./useTraceStore";

export interface GraphPosition {
  edge: string | null;
  point: string | null;
  hookId: string | null;
}

/**
 * The one trace view: a live run is this view over a growing trace, a replay the same view over
 * a finished one. `step` is a 0-based event index; while `follow` is on it tracks the newest event.
 */
export function TraceView(props: {
  store: TraceStore;
  step: number;
  onStep: (step: number) => void;
  follow: boolean;
  onPosition?: (position: GraphPosition) => void;
  onOpenHook?: OpenHook;
  keyboard?: boolean;
}) {
  const { store, onStep, onPosition } = props;
  const version = useTraceVersion(store);
  const [contextOpen, setContextOpen] = useState(false);
  const outline = store.outline;
  const count = outline.count;
  const step = props.follow ? count - 1 : Math.min(props.step, count - 1);
  const seq = step + 1;

  // Two cursors so the "before" and "after" of a hook each only move forward while stepping forward.
  const cursors = useMemo(() => {
    const make = () => createContextCursor({ outline: () => store.outline, event: store.event, apply: applyPatch });
    return { before: make(), after: make() };
  }, [store]);

  const event = seq >= 1 ? store.event(seq) : undefined;
  const after = seq >= 1 ? cursors.after.at(seq) : ({ kind: "none" } as const);
  const before = event?.type === "hook.end" ? cursors.before.at(seq - 1) : ({ kind: "none" } as const);

  useEffect(() => {
    if (seq < 1) return;
    const from = after.kind === "missing" ? after.from : before.kind === "missing" ? before.from : seq;
    // Prefetch ahead so stepping forward rarely waits for a page.
    void store.ensure(Math.max(1, from - 1), seq + 100);
    // version: re-check after pages arrive
  }, [store, seq, after.kind, before.kind, version]); // eslint-disable-line react-hooks/exhaustive-deps

  const position = useMemo(() => (step >= 0 ? positionAt(outline, step) : null), [outline, step, version]); // eslint-disable-line react-hooks/exhaustive-deps
  const lastPosition = useRef<string>("");
  useEffect(() => {
    if (!position || !onPosition) return;
    const key = `${position.edge}|${position.point}|${position.hookId}`;
    if (key === lastPosition.current) return;
    lastPosition.current = key;
    onPosition(position);
  }, [position, onPosition]);

  const go = useCallback((index: number) => onStep(Math.max(0, Math.min(store.outline.count - 1, index))), [onStep, store]);
  const keys = useMemo(
    () => ({
      event: (dir: 1 | -1) => go(step + dir),
      hook: (dir: 1 | -1) => {
        const next = findStep(store.outline, { from: step, dir, type: "hook.end" });
        if (next >= 0) go(next);
      },
    }),
    [go, step, store],
  );
  useStepKeys(keys, props.keyboard ?? true);

  const points = useMemo(() => {
    const out: { index: number; label: string }[] = [];
    const code = outline.names.indexOf("point.start");
    for (let i = 0; i < outline.count; i++) if (outline.type[i] === code) out.push({ index: i, label: `${i + 1}: ${outlineEntry(outline, i).point ?? ""}` });
    return out;
  }, [outline, version]); // eslint-disable-line react-hooks/exhaustive-deps

  const problem = store.problem();
  return (
    <section className="run-trace" aria-label="Trace">
      {problem ? (
        <p className="run-error-text" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="run-controls" role="toolbar" aria-label="Step through the run">
        <button type="button" onClick={() => keys.hook(-1)} title="Previous hook (K)">
          ⇤ hook
        </button>
        <button type="button" onClick={() => keys.event(-1)} title="Previous event (←)">
          ← event
        </button>
        <span className="run-step-label" data-testid="step-label">
          {count === 0 ? "waiting for events…" : `event ${seq} of ${count}${store.finished() ? "" : " (running)"}`}
        </span>
        <button type="button" onClick={() => keys.event(1)} title="Next event (→)">
          event →
        </button>
        <button type="button" onClick={() => keys.hook(1)} title="Next hook (J)">
          hook ⇥
        </button>
        <select aria-label="Jump to a hook point" value="" onChange={(e) => e.target.value !== "" && go(Number(e.target.value))}>
          <option value="">Jump to point…</option>
          {points.map((p) => (
            <option key={p.index} value={p.index}>
              {p.label}
            </option>
          ))}
        </select>
        <input
          type="range"
          aria-label="Scrubber"
          min={0}
          max={Math.max(0, count - 1)}
          value={Math.max(0, step)}
          onChange={(e) => go(Number(e.target.value))}
          className="run-scrubber"
        />
      </div>
      <div className="run-trace-body">
        <Timeline outline={outline} version={version} step={step} onStep={go} follow={props.follow} event={store.event} />
        <div className="run-step" data-testid="step-detail" data-seq={seq}>
          {!event ? (
            <p className="run-muted">{count === 0 ? "" : "Loading…"}</p>
          ) : event.type === "hook.end" ? (
            <HookCard
              event={event}
              name={hookNameAt(store.event, seq)}
              before={before.kind === "context" ? before.context : null}
              after={after.kind === "context" ? after.context : null}
              onOpenHook={props.onOpenHook}
              selected
            />
          ) : (
            <EventDetail event={event} claimedByName={event.type === "tool.result" && event.claimedBy !== undefined ? hookNameBefore(store.event, seq, event.claimedBy) : undefined} />
          )}
          {after.kind === "context" ? (
            <details className="run-step-context" open={contextOpen} onToggle={(e) => setContextOpen(e.currentTarget.open)}>
              <summary>Context at this step ({after.point})</summary>
              {/* Serialising a megabyte context on every step only when someone looks at it. */}
              {contextOpen ? <ContextView context={after.context} point={after.point} seq={seq} /> : null}
            </details>
          ) : null}
        </div>
      </div>
    </section>
  );
}
