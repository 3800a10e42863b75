"use client";
import { useEffect, useMemo, useState } from "react";
import { useTRPCClient } from "~/components/providers/TrpcProvider";
import { createTraceStore, type TraceStore } from "./traceStore";

/**
 * The trace of a run as a {@link TraceStore}. A run in progress is followed live over the SSE
 * subscription (which replays the recorded backlog first, then resumes by event id after a drop);
 * a finished run loads its outline and then event pages only as the view needs them.
 */
export function useRunTrace(
  runId: string | null,
  /** awaitStart: the caller is starting this run itself, so the server waits briefly for it instead of answering NOT_FOUND. */
  options: { live: boolean; awaitStart?: boolean },
): { store: TraceStore | null; error: string | null } {
  const client = useTRPCClient();
  const [error, setError] = useState<string | null>(null);
  const store = useMemo(
    () => (runId ? createTraceStore({ load: (afterSeq, limit) => client.runs.events.query({ runId, afterSeq, limit }) }) : null),
    [runId, client],
  );
  useEffect(() => {
    if (!store || !runId) return;
    setError(null);
    if (!options.live) {
      client.runs.outline.query({ runId }).then(
        (outline) => store.setOutline(outline),
        (e: unknown) => setError(e instanceof Error ? e.message : String(e)),
      );
      return () => store.destroy();
    }
    const sub = client.runs.onEvent.subscribe(
      { runId, lastEventId: null, awaitStart: options.awaitStart },
      {
        onData: (tracked) => {
          store.append([tracked.data]);
          if (tracked.data.type === "run.end") sub.unsubscribe();
        },
        onError: (e) => setError(e.message),
      },
    );
    return () => {
      sub.unsubscribe();
      store.destroy();
    };
  }, [store, runId, options.live, options.awaitStart, client]);
  return { store, error };
}
