"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { errorMessage } from "~/components/providers/apiError";
import { useTRPC } from "~/components/providers/TrpcProvider";
import type { TraceStore } from "~/components/run/traceStore";
import { useTraceVersion } from "~/components/run/useTraceStore";
import type { ApprovalRequestEvent, ApprovalResolveEvent } from "~/core/trace/events";
import { ApprovalCard } from "./ApprovalCard";
import "./approvals.css";

interface Pair {
  request: ApprovalRequestEvent;
  resolve: ApprovalResolveEvent | null;
}

/** The run's approval requests, read from its trace as it grows (each paired with its answer). */
function useApprovalPairs(store: TraceStore): Pair[] {
  const version = useTraceVersion(store);
  const state = useRef<{ store: TraceStore; scanned: number; pairs: Pair[]; version: number } | null>(null);
  if (state.current?.store !== store) state.current = { store, scanned: 0, pairs: [], version: -1 };
  const s = state.current;
  if (s.version !== version) {
    const requestType = store.outline.names.indexOf("approval.request");
    const resolveType = store.outline.names.indexOf("approval.resolve");
    let pairs = s.pairs;
    for (let i = s.scanned; i < store.outline.count; i++) {
      const type = store.outline.type[i];
      if (type === requestType || type === resolveType) {
        const event = store.event(i + 1);
        if (!event) break; // its page is not loaded yet: scan again on the next version
        if (event.type === "approval.request") pairs = [...pairs, { request: event, resolve: null }];
        else if (event.type === "approval.resolve") pairs = pairs.map((p) => (p.request.approvalId === event.approvalId ? { ...p, resolve: event } : p));
      }
      s.scanned = i + 1;
    }
    s.pairs = pairs;
    s.version = version;
  }
  return s.pairs;
}

/**
 * Approval cards of a run: live (answer while it waits, also after a server restart) or, with
 * `readOnly`, as a replay shows them with the recorded answer. The requests come from the trace;
 * whether one still waits, and until when, from the server's rows (polled while one waits).
 */
export function RunApprovals(props: { runId: string; store: TraceStore; readOnly?: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const pairs = useApprovalPairs(props.store);
  const waiting = pairs.some((p) => p.resolve === null);
  const rows = useQuery({ ...trpc.approvals.list.queryOptions({ runId: props.runId }), enabled: pairs.length > 0, refetchInterval: waiting ? 1000 : false });
  const [by, setBy] = useState("you");
  const answer = useMutation(
    trpc.approvals.answer.mutationOptions({ onSettled: () => void queryClient.invalidateQueries({ queryKey: trpc.approvals.list.queryKey({ runId: props.runId }) }) }),
  );
  if (pairs.length === 0) return null;
  const rowOf = (id: string) => rows.data?.find((r) => r.approvalId === id) ?? null;
  const interactive = !props.readOnly && waiting;
  return (
    <section className="approval-cards" aria-label="Approvals">
      {interactive ? (
        <label className="run-muted">
          Answer as{" "}
          <input value={by} onChange={(e) => setBy(e.target.value)} maxLength={200} aria-label="Who answers" data-testid="approval-by" />
        </label>
      ) : null}
      {pairs.map((p) => (
        <ApprovalCard
          key={p.request.approvalId}
          request={p.request}
          resolve={p.resolve}
          row={rowOf(p.request.approvalId)}
          answering={answer.isPending}
          onAnswer={props.readOnly ? undefined : (decision, reason) => answer.mutate({ approvalId: p.request.approvalId, decision, by: by.trim() || "you", ...(reason ? { reason } : {}) })}
        />
      ))}
      {answer.error ? (
        <p className="run-error-text" role="alert">
          {errorMessage(answer.error)}
        </p>
      ) : null}
      {rows.error ? <p className="run-error-text">{errorMessage(rows.error)}</p> : null}
    </section>
  );
}
