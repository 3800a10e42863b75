"use client";
import type { ApprovalRequestEvent, ApprovalResolveEvent } from "~/core/trace/events";
import { describeDecision, readRequest } from "./requestView";

/** An approval event in the timeline and the replay: what was asked, or what was answered, by whom and when. */
export function ApprovalEventDetail({ event }: { event: ApprovalRequestEvent | ApprovalResolveEvent }) {
  if (event.type === "approval.resolve") {
    return (
      <p data-testid="approval-resolve">
        Approval answered: <strong>{describeDecision(event.decision)}</strong> by {event.by}
        {event.at > 0 ? <> at {new Date(event.at).toISOString()}</> : null}
        {event.reason ? <span className="run-error-text"> — {event.reason}</span> : null}
      </p>
    );
  }
  const r = readRequest(event.request);
  return (
    <div data-testid="approval-request">
      <p>
        Hook <strong>{event.hookId}</strong> asks a person to approve <code>{event.toolName ?? event.toolUseId}</code>: <strong>{r.title}</strong> ({r.severity})
      </p>
      {r.description ? <p>{r.description}</p> : null}
      {event.params ? <pre className="run-json">{JSON.stringify(event.params, null, 2).slice(0, 4000)}</pre> : null}
      {(event.warnings ?? []).map((w) => (
        <p key={w} className="run-error-text">
          {w}
        </p>
      ))}
    </div>
  );
}
