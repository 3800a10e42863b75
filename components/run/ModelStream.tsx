"use client";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { errorMessage } from "~/components/providers/apiError";
import { useTRPC, useTRPCClient } from "~/components/providers/TrpcProvider";
import type { TraceStore } from "./traceStore";
import styles from "./modelStream.module.css";
import { useTraceVersion } from "./useTraceStore";

/**
 * A run's real model replies as they stream in (server/providers/textBus; not part of the
 * trace, which keeps the final reply), and Cancel while the run is in progress.
 */
export function ModelStream(props: {
  runId: string;
  store: TraceStore;
  /** The run calls a real model: follow its streamed text (a scripted run has none, and no stream is opened for it). */
  streams: boolean;
}) {
  const { runId, store, streams } = props;
  const client = useTRPCClient();
  const trpc = useTRPC();
  useTraceVersion(store);
  const finished = store.finished();
  const [calls, setCalls] = useState<{ runId: string; text: Map<number, string> }>({ runId, text: new Map() });
  const cancel = useMutation(trpc.runs.cancel.mutationOptions());

  useEffect(() => {
    if (!streams) return;
    const sub = client.providers.runText.subscribe(
      { runId },
      {
        onData: (pieces) =>
          setCalls((current) => {
            const text = new Map(current.runId === runId ? current.text : []);
            for (const p of pieces) text.set(p.call, (text.get(p.call) ?? "") + p.text);
            return { runId, text };
          }),
      },
    );
    return () => sub.unsubscribe();
  }, [client, runId, streams]);

  const streamed = calls.runId === runId ? [...calls.text.entries()] : [];
  if (finished && streamed.length === 0) return null;
  const cancelButton = finished ? null : (
    <button type="button" className="btn btn-quiet danger" onClick={() => cancel.mutate({ runId })} disabled={cancel.isPending || cancel.isSuccess} data-testid="run-cancel">
      {cancel.isSuccess ? "Cancelling…" : "Cancel run"}
    </button>
  );
  return (
    <div className={styles.box} aria-label="Model reply as it streams">
      {streamed.length === 0 ? <div className={styles.head}>Running…{cancelButton}</div> : null}
      {streamed.map(([call, text], i) => (
        <div key={call}>
          <div className={styles.head}>
            <span>
              Model call {call}
              {finished || i < streamed.length - 1 ? "" : " (streaming…)"}
            </span>
            {i === streamed.length - 1 ? cancelButton : null}
          </div>
          <p className={styles.text} data-testid={`model-stream-${call}`}>
            {text}
          </p>
        </div>
      ))}
      {cancel.error ? (
        <p className="run-error-text" role="alert">
          {errorMessage(cancel.error)}
        </p>
      ) : null}
    </div>
  );
}
