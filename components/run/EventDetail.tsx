"use client";
import type { TraceEvent } from "~/core/trace/events";
import { toDisplayMessage } from "~/core/run/messages";
import { MessageView } from "./FieldChangeView";
import { ApprovalEventDetail } from "~/components/approvals/ApprovalEventDetail";
import { raceFlagOf } from "~/core/run/raceFlag";
import raceStyles from "./race.module.css";
import { FileChanges, FinalFiles } from "~/components/files/FileChanges";
import { HttpRequests } from "~/components/files/HttpRequests";
import { EnvReads } from "~/components/files/EnvReads";
import { ModelCallFacts } from "./ModelCallFacts";
import { LogList } from "./LogList";

/**
 * What a non-hook event was, in words (hook events get a {@link HookCard}). `claimedByName`: the
 * name of the hook that answered a tool call in the tool's place (a tool result names it by id).
 */
export function EventDetail({ event, claimedByName }: { event: TraceEvent; claimedByName?: string }) {
  switch (event.type) {
    case "run.start":
      return (
        <p>
          Run of <strong>{event.pipeline}</strong> ({event.profile}), scenario <strong>{event.scenario}</strong>; clock starts at{" "}
          {new Date(event.clockStart).toISOString()}, seed {event.seed}.
        </p>
      );
    case "point.start":
      return (
        <div>
          <p>
            Entering <strong>{event.point}</strong>
            {event.edge ? <> on transition {event.edge}</> : null}: the context below is what the first hook receives.
          </p>
          {event.unmatched && event.unmatched.length > 0 ? (
            <p data-testid="point-unmatched">
              Left out by their matcher: {event.unmatched.join(", ")}.
            </p>
          ) : null}
        </div>
      );
    case "point.end": {
      const race = raceFlagOf(event.result);
      return (
        <div>
          <p>
            <strong>{event.point}</strong> done.
          </p>
          {race ? (
            <div className={raceStyles.flags} role="note" data-testid="point-race-flag">
              <p className={raceStyles.title}>Order-dependent: {race.message}</p>
              <p className={raceStyles.note}>
                Hookwright folded the hooks&apos; answers in {race.orders} completion orders; {race.fields.join(", ")} differ{race.fields.length === 1 ? "s" : ""} between them. This run used the
                scenario&apos;s completion order; the host decides by timing.
              </p>
            </div>
          ) : null}
          {event.result ? <pre className="run-json">{JSON.stringify(event.result, null, 2).slice(0, 4000)}</pre> : null}
        </div>
      );
    }
    case "hook.start":
      return (
        <p>
          Running hook <strong>{event.name ?? event.hookId}</strong> on {event.point}.
        </p>
      );
    case "hook.end":
      return null;
    case "model.request":
      return (
        <div>
          <p>
            Model call {event.call}: {event.messages.length} messages.
          </p>
          {event.system !== null ? <pre className="run-json">{event.system}</pre> : null}
          {event.messages.slice(-2).map((m, i) => (
            <MessageView key={i} message={toDisplayMessage(m)} maxChars={4000} />
          ))}
        </div>
      );
    case "model.response":
      return event.error !== undefined ? (
        <div>
          <p className="run-error-text">Model call {event.call} failed: {event.error}</p>
          <ModelCallFacts event={event} />
        </div>
      ) : (
        <div>
          <p>
            Model reply {event.call} ({event.stopReason}).
          </p>
          <ModelCallFacts event={event} />
          <MessageView message={toDisplayMessage({ role: "assistant", content: event.content })} maxChars={4000} />
        </div>
      );
    case "tool.call":
      return (
        <p>
          Tool <code>{event.name}</code> called with <code>{JSON.stringify(event.input)}</code>
        </p>
      );
    case "tool.result":
      return (
        <div>
          <p>Tool result{event.isError ? " (error)" : ""}:</p>
          <pre className="run-json">{event.content.slice(0, 4000)}</pre>
          {event.claimedBy !== undefined ? (
            <p data-testid="tool-claimed-by">
              Answered by hook <strong>{claimedByName ?? event.claimedBy}</strong> in the tool&apos;s place: the tool did not run.
            </p>
          ) : null}
          {/* What the tool's handler did in the sandbox, shown as on a hook's card. */}
          <LogList logs={event.logs ?? []} />
          {event.files && event.files.length > 0 ? <FileChanges files={event.files} /> : null}
          {event.requests && event.requests.length > 0 ? <HttpRequests requests={event.requests} /> : null}
          {event.env && event.env.length > 0 ? <EnvReads reads={event.env} /> : null}
        </div>
      );
    case "compact":
      return (
        <p>
          History compacted from {event.beforeChars} to {event.afterChars} characters.
        </p>
      );
    case "approval.request":
    case "approval.resolve":
      return <ApprovalEventDetail event={event} />;
    case "run.end":
      return (
        <>
          <p>
            Run ended: <strong data-testid="exit-reason">{event.exitReason}</strong>
            {event.error ? <span className="run-error-text"> — {event.error}</span> : null}
          </p>
          {event.files && event.files.length > 0 ? <FinalFiles files={event.files} /> : null}
        </>
      );
  }
}
