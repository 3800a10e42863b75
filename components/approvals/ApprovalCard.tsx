"use client";
import { useEffect, useState } from "react";
import type { ApprovalRequestEvent, ApprovalResolveEvent } from "~/core/trace/events";
import type { RouterOutputs } from "~/components/providers/routerTypes";
import { CallbackToken } from "./CallbackToken";
import { describeDecision, readRequest } from "./requestView";
import { describeTimeLeft } from "./timeLeft";

export type ApprovalRow = RouterOutputs["approvals"]["list"][number];

/** Re-renders every second while `on` (the countdown). */
function useNow(on: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [on]);
  return now;
}

/**
 * One approval request: what the hook asked (title, description, severity, the tool and its
 * params), the time left, and the allowed decisions while it waits; once answered (or in a
 * replay) the answer, who gave it and when. `onAnswer` absent: read-only.
 */
export function ApprovalCard(props: {
  request: ApprovalRequestEvent;
  resolve: ApprovalResolveEvent | null;
  row: ApprovalRow | null;
  onAnswer?: (decision: string, reason?: string) => void;
  answering?: boolean;
}) {
  const { request, resolve, row } = props;
  const r = readRequest(request.request);
  const [reason, setReason] = useState("");
  const pending = resolve === null && row?.status === "pending";
  const now = useNow(pending);
  const decision = resolve?.decision ?? (row && row.status !== "pending" ? row.decision : null);
  const by = resolve?.by ?? row?.respondedBy ?? null;
  const at = resolve?.at ?? row?.respondedAt ?? null;
  const given = resolve?.reason ?? row?.reason ?? null;
  return (
    <article
      className={`approval-card severity-${r.severity}${decision !== null ? " is-answered" : ""}`}
      aria-label={`Approval: ${r.title}`}
      data-testid="approval-card"
      data-status={decision !== null ? "answered" : pending ? "pending" : "waiting"}
    >
      <div className="approval-head">
        <h3 data-testid="approval-title">{r.title}</h3>
        <span className={`approval-severity${r.severity === "critical" ? " is-critical" : ""}`}>{r.severity}</span>
        <span className="run-muted">
          asked by hook <strong>{request.hookId}</strong> at {request.point}
        </span>
      </div>
      {r.description ? <p data-testid="approval-description">{r.description}</p> : null}
      <p>
        Tool <code>{request.toolName ?? request.toolUseId}</code> with:
      </p>
      <pre className="approval-params">{JSON.stringify(request.params ?? {}, null, 2).slice(0, 4000)}</pre>
      {r.context.length > 0 ? (
        <dl className="approval-context" data-testid="approval-context">
          {r.context.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {(request.warnings ?? []).map((w) => (
        <p key={w} className="approval-warning">
          Host warning: {w}
        </p>
      ))}
      {decision !== null ? (
        <p data-testid="approval-answer">
          <strong>{describeDecision(decision)}</strong>
          {by ? <> by {by}</> : null}
          {at !== null && at > 0 ? <> at {new Date(at).toLocaleString()}</> : null}
          {given ? <span className="run-muted" data-testid="approval-answer-reason"> — {given}</span> : null}
        </p>
      ) : pending && row ? (
        <>
          <p data-testid="approval-time-left">
            {describeTimeLeft(row.expiresAt, now)} (a timeout denies the call{r.timeoutMs !== null ? `; ${Math.round(r.timeoutMs / 1000)} s to answer` : ""})
          </p>
          {props.onAnswer && r.reasonLabel ? (
            <label className="approval-reason">
              {r.reasonLabel}
              <textarea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={2000} rows={2} data-testid="approval-reason" />
            </label>
          ) : null}
          {props.onAnswer ? (
            <div className="approval-actions">
              {r.allowedDecisions.map((d) => (
                <button
                  type="button"
                  key={d}
                  className={d === "deny" || d === "reject" ? undefined : "run-primary"}
                  disabled={props.answering}
                  onClick={() => props.onAnswer?.(d, r.reasonLabel && reason.trim() !== "" ? reason.trim() : undefined)}
                  data-testid={`approval-${d}`}
                >
                  {describeDecision(d)}
                </button>
              ))}
            </div>
          ) : null}
          {props.onAnswer ? <CallbackToken approvalId={row.approvalId} decisions={r.allowedDecisions} reasonLabel={r.reasonLabel} /> : null}
        </>
      ) : (
        <p className="run-muted">Waiting for the run to reach this request…</p>
      )}
    </article>
  );
}
