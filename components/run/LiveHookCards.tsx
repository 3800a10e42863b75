"use client";
import { useMemo, useRef } from "react";
import type { JsonObject } from "~/core/json";
import { createContextCursor } from "~/core/run/contextCursor";
import { hookNameAt } from "~/core/run/hookStatus";
import type { HookEndEvent } from "~/core/trace/events";
import { applyPatch } from "~/core/trace/jsonPatch";
import { FinalFiles } from "~/components/files/FileChanges";
import { HookCard, type OpenHook } from "./HookCard";
import type { TraceStore } from "./traceStore";
import { useTraceVersion } from "./useTraceStore";

const SHOWN = 50;

interface CardData {
  event: HookEndEvent;
  name: string | undefined;
  before: JsonObject | null;
  after: JsonObject | null;
}

/**
 * A card per hook call, appearing as the calls end. Contexts are computed once per card with a
 * cursor that only moves forward, so a growing run costs one patch per new hook.
 */
export function LiveHookCards(props: { store: TraceStore; onOpenHook?: OpenHook; onSelect?: (step: number) => void }) {
  const { store } = props;
  const version = useTraceVersion(store);
  const state = useRef<{ store: TraceStore; scanned: number; cards: CardData[]; cursor: ReturnType<typeof createContextCursor> } | null>(null);
  if (state.current?.store !== store) {
    state.current = { store, scanned: 0, cards: [], cursor: createContextCursor({ outline: () => store.outline, event: store.event, apply: applyPatch }) };
  }
  const s = state.current;
  const hookEnd = store.outline.names.indexOf("hook.end");
  for (let i = s.scanned; i < store.outline.count; i++) {
    if (store.outline.type[i] === hookEnd) {
      const event = store.event(i + 1);
      // A body not loaded yet (replay pages): resume from here on the next render.
      if (event?.type !== "hook.end") break;
      const before = s.cursor.at(i);
      const after = s.cursor.at(i + 1);
      s.cards.push({ event, name: hookNameAt(store.event, i + 1), before: before.kind === "context" ? before.context : null, after: after.kind === "context" ? after.context : null });
    }
    s.scanned = i + 1;
  }
  const cards = s.cards;
  // Once the run has ended: the files it changed in the sandbox, as they ended.
  const lastEvent = store.finished() && store.outline.count > 0 ? store.event(store.outline.count) : undefined;
  const shown = useMemo(() => cards.slice(-SHOWN), [cards.length, version]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <div className="run-hook-cards" aria-label="Hook calls" aria-live="polite">
      {cards.length === 0 ? <p className="run-muted">No hook has run yet.</p> : null}
      {cards.length > SHOWN ? <p className="run-muted">{cards.length - SHOWN === 1 ? "1 earlier hook call is" : `${cards.length - SHOWN} earlier hook calls are`} in the timeline.</p> : null}
      {shown.map((c) => (
        <HookCard key={c.event.seq} event={c.event} name={c.name} before={c.before} after={c.after} onOpenHook={props.onOpenHook} onSelect={() => props.onSelect?.(c.event.seq - 1)} />
      ))}
      {lastEvent?.type === "run.end" && lastEvent.files && lastEvent.files.length > 0 ? <FinalFiles files={lastEvent.files} /> : null}
    </div>
  );
}
