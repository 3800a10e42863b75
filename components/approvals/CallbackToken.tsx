"use client";
import { useMutation } from "@tanstack/react-query";
import { errorMessage } from "~/components/providers/apiError";
import { useTRPC } from "~/components/providers/TrpcProvider";

/**
 * Answering from outside, as a channel's bot would: a token for this request (shown once; a new
 * one replaces it) and the HTTP callback to send it with.
 */
export function CallbackToken(props: { approvalId: string; decisions: string[]; reasonLabel?: string | null }) {
  const trpc = useTRPC();
  const issue = useMutation(trpc.approvals.issueToken.mutationOptions());
  const url = typeof window === "undefined" ? `/api/approvals/${props.approvalId}` : `${window.location.origin}/api/approvals/${encodeURIComponent(props.approvalId)}`;
  const body = issue.data ? JSON.stringify({ decision: props.decisions[0] ?? "deny", by: "slack:U123", token: issue.data.token }) : null;
  // The host passes a reason on (FIM One: after a rejection): show the callback that sends one too.
  const last = props.decisions[props.decisions.length - 1];
  const withReason = issue.data && props.reasonLabel && last ? JSON.stringify({ decision: last, by: "slack:U123", token: issue.data.token, reason: "why" }) : null;
  return (
    <details className="approval-callback">
      <summary>Answer from outside (HTTP callback)</summary>
      <p>
        A channel answers with <code>POST {url}</code> and this request&apos;s token. Each new token replaces the previous one.
      </p>
      <button type="button" onClick={() => issue.mutate({ approvalId: props.approvalId })} disabled={issue.isPending} data-testid="approval-issue-token">
        {issue.data ? "Issue a new token" : "Issue a callback token"}
      </button>
      {issue.data ? (
        <p>
          Token: <code data-testid="approval-token">{issue.data.token}</code>
          <br />
          <code>
            curl -X POST {url} -H &apos;content-type: application/json&apos; -d &apos;{body}&apos;
          </code>
          {withReason ? (
            <>
              <br />
              <code data-testid="approval-callback-reason">
                curl -X POST {url} -H &apos;content-type: application/json&apos; -d &apos;{withReason}&apos;
              </code>
            </>
          ) : null}
        </p>
      ) : null}
      {issue.error ? <p className="run-error-text">{errorMessage(issue.error)}</p> : null}
    </details>
  );
}
