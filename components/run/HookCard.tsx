"use client";
import dynamic from "next/dynamic";
import { memo, useMemo, useState } from "react";
import { AddExpectationButtons } from "~/components/expectations/AddExpectationButtons";
import type { JsonObject } from "~/core/json";
import { describeFieldChanges } from "~/core/run/fieldChanges";
import { hookOutcome } from "~/core/run/hookStatus";
import type { HookEndEvent, SourceLocation } from "~/core/trace/events";
import { FieldChangeList } from "./FieldChangeView";
import { HookOutputLists } from "./HookOutputLists";
import { FileChanges } from "~/components/files/FileChanges";
import { HttpRequests } from "~/components/files/HttpRequests";
import { EnvReads } from "~/components/files/EnvReads";
import { HookInference, PublishedEvents } from "./HookInference";
import { LogList } from "./LogList";
import { ProcessRecordView } from "./ProcessRecordView";

// Monaco is large: the side-by-side view loads only when asked for.
const SideBySideDiff = dynamic(() => import("./SideBySideDiff").then((m) => m.SideBySideDiff), {
  ssr: false,
  loading: () => <p className="run-muted">Loading the diff editor…</p>,
});

export type OpenHook = (hookId: string, location: SourceLocation | null) => void;

/** One hook call: status, duration, logs, error (clickable to the user's line) and its diff. */
export const HookCard = memo(function HookCard(props: {
  event: HookEndEvent;
  /** The hook's name as recorded on its hook.start (ids are often generated). */
  name?: string;
  /** The context the hook received and the one after its patch; null while loading. */
  before: JsonObject | null;
  after: JsonObject | null;
  onOpenHook?: OpenHook;
  selected?: boolean;
  onSelect?: () => void;
}) {
  const { event, before, after, onOpenHook } = props;
  const outcome = hookOutcome(event);
  const [sideBySide, setSideBySide] = useState(false);
  const changes = useMemo(
    () => (before && after ? describeFieldChanges({ before, after, patch: event.patch, ignoredWrites: event.ignoredWrites }) : null),
    [before, after, event],
  );
  const loc = event.errorLocation ?? null;
  const errorText = event.error === null ? null : withoutLocation(event.error, loc);
  return (
    <article
      className={`run-hook-card status-${outcome.status}${props.selected ? " is-selected" : ""}`}
      data-testid="hook-card"
      data-hook-id={event.hookId}
      data-seq={event.seq}
      aria-label={`Hook ${event.hookId}: ${outcome.label}`}
      onClick={props.onSelect}
    >
      <header className="run-hook-head">
        <strong>{props.name ?? event.hookId}</strong>
        <span className="run-muted">{event.point}</span>
        <span className={`run-status run-status-${outcome.status}`} data-testid="hook-status">
          {outcome.label}
        </span>
        <span className="run-muted">{formatMs(event.durationMs)}</span>
      </header>
      {event.process ? <ProcessRecordView record={event.process} durationMs={event.durationMs} /> : null}
      {event.error !== null ? (
        <button
          type="button"
          className="run-error"
          data-testid="hook-error"
          disabled={!onOpenHook}
          onClick={(ev) => {
            ev.stopPropagation();
            onOpenHook?.(event.hookId, loc);
          }}
          title={onOpenHook ? "Open the hook at this line" : undefined}
        >
          {errorText}
          {loc ? <span className="run-error-loc"> ({loc.file}:{loc.line}:{loc.column})</span> : null}
        </button>
      ) : null}
      {event.decision !== undefined && event.decision !== null ? (
        <p className="run-decision">
          decision: <code>{JSON.stringify(event.decision)}</code>
        </p>
      ) : null}
      {event.output !== undefined ? (
        <p className="run-decision" data-testid="hook-output">
          returned: <code>{JSON.stringify(event.output)}</code>
        </p>
      ) : null}
      {event.output !== undefined ? <HookOutputLists output={event.output} /> : null}
      {changes ? <FieldChangeList changes={changes} /> : <p className="run-muted">Loading the context…</p>}
      <AddExpectationButtons event={event} name={props.name ?? event.hookId} changedFields={outcome.changedFields} />
      <LogList logs={event.logs} />
      {event.files && event.files.length > 0 ? <FileChanges files={event.files} /> : null}
      {event.requests && event.requests.length > 0 ? <HttpRequests requests={event.requests} /> : null}
      {event.env && event.env.length > 0 ? <EnvReads reads={event.env} /> : null}
      {event.inference && event.inference.length > 0 ? <HookInference calls={event.inference} /> : null}
      {event.published && event.published.length > 0 ? <PublishedEvents events={event.published} /> : null}
      {before && after && event.patch.length > 0 ? (
        <div className="run-side-by-side">
          <button type="button" onClick={(ev) => {
              ev.stopPropagation();
              setSideBySide((v) => !v);
            }} aria-expanded={sideBySide}>
            {sideBySide ? "Hide side by side" : "Side by side"}
          </button>
          {sideBySide ? <SideBySideDiff before={before} after={after} /> : null}
        </div>
      ) : null}
    </article>
  );
});

/**
 * The sandbox's messages already end in " (file:line:column)" (the CLI prints them as they are);
 * the card shows the location once, as its own clickable part.
 */
function withoutLocation(message: string, loc: SourceLocation | null): string {
  if (!loc) return message;
  const suffix = ` (${loc.file}:${loc.line}:${loc.column})`;
  return message.endsWith(suffix) ? message.slice(0, -suffix.length) : message;
}

function formatMs(ms: number): string {
  return ms < 1 ? "<1 ms" : ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}
