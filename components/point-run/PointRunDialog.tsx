"use client";
import { useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { errorMessage } from "~/components/providers/apiError";
import { useTRPC } from "~/components/providers/TrpcProvider";
import { LiveHookCards } from "~/components/run/LiveHookCards";
import { newRunId } from "~/components/run/newRunId";
import type { TraceStore } from "~/components/run/traceStore";
import { useRunTrace } from "~/components/run/useRunTrace";
import { useTraceVersion } from "~/components/run/useTraceStore";
import { useEditorStore } from "~/components/store/EditorStoreProvider";
import { shortTime } from "~/core/sessions/recordingFixtures";
import type { SourceLocation } from "~/core/trace/events";
import "~/components/run/run.css";
import styles from "./pointRun.module.css";
import { readContextJson } from "./readContextJson";

/**
 * "Run this point": the point's context as editable JSON (prefilled from the latest run that
 * crossed it, or the profile's example; or picked from the host's inputs a recording recorded),
 * fired through that point's hooks alone. Each hook gets its card and diff as in a full run. The
 * pipeline is saved first, so the hooks on screen run.
 */
export function PointRunDialog({ pointId, onClose }: { pointId: string; onClose: () => void }) {
  const trpc = useTRPC();
  const pipelineId = useEditorStore((s) => s.pipelineId) ?? "";
  const saveNow = useEditorStore((s) => s.saveNow);
  const openFileAt = useEditorStore((s) => s.openFileAt);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const prefill = useQuery(trpc.runs.pointContext.queryOptions({ pipelineId, point: pointId }, { staleTime: 0, enabled: pipelineId !== "" }));
  const [text, setText] = useState<string | null>(null);
  const [runId, setRunId] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const start = useMutation(trpc.runs.startPoint.mutationOptions());
  const { store, error } = useRunTrace(runId, { live: true, awaitStart: true });

  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, []);

  const prefilled = useMemo(() => (prefill.data ? JSON.stringify(prefill.data.context, null, 2) : null), [prefill.data]);
  const shown = text ?? prefilled ?? "";
  const parsed = useMemo(() => readContextJson(shown), [shown]);

  const run = async () => {
    if (!parsed.ok) return;
    setSaveError(null);
    let revision: number;
    try {
      revision = (await saveNow()).revision;
    } catch (e) {
      return setSaveError(e instanceof Error ? e.message : String(e));
    }
    const id = newRunId();
    setRunId(id);
    start.mutate({ pipelineId, revision, point: pointId, context: parsed.value, runId: id }, { onError: () => setRunId((c) => (c === id ? null : c)) });
  };
  const openHook = useCallback(
    (hookId: string, location: SourceLocation | null) => {
      openFileAt(location && !location.file.startsWith("hooks/") ? { kind: "module", path: location.file } : { kind: "hook", hookId }, location ? { line: location.line, column: location.column } : undefined);
      onClose();
    },
    [openFileAt, onClose],
  );

  return (
    <dialog ref={dialog} className={styles.dialog} aria-labelledby={titleId} onClose={onClose} data-testid="point-run-dialog">
      <header className={styles.head}>
        <h2 id={titleId}>
          Run <code>{pointId}</code> alone
        </h2>
        <button type="button" className="btn btn-quiet" onClick={() => dialog.current?.close()} aria-label="Close">
          ×
        </button>
      </header>
      <div className={styles.body}>
        <section className={styles.editor} aria-label="Context">
          <p className={styles.muted} data-testid="point-context-source">
            {prefill.isPending
              ? "Loading the context…"
              : prefill.error
                ? errorMessage(prefill.error)
                : prefill.data?.source === "run" && prefill.data.runId
                  ? (
                      <>
                        Prefilled from the{" "}
                        <Link href={`/pipelines/${pipelineId}/runs/${prefill.data.runId}`}>latest run</Link> that reached this point.
                      </>
                    )
                  : prefill.data?.source === "recording"
                    ? "Prefilled from the first recorded context below (no run has reached this point yet)."
                    : "Prefilled from the profile's example context (no run has reached this point yet)."}
          </p>
          {prefill.data && prefill.data.fromRecordings.length > 0 ? (
            <label className={styles.label}>
              Recorded by the host{" "}
              <select
                className="input"
                value=""
                onChange={(e) => {
                  const picked = prefill.data.fromRecordings[Number(e.target.value)];
                  if (picked) setText(JSON.stringify(picked.context, null, 2));
                }}
                data-testid="point-recorded-contexts"
              >
                <option value="">{prefill.data.fromRecordings.length} recorded context{prefill.data.fromRecordings.length === 1 ? "" : "s"}: pick one…</option>
                {prefill.data.fromRecordings.map((r, i) => (
                  <option key={`${r.scenario}-${i}`} value={i} title={`From the scenario "${r.scenario}"`}>
                    Recorded: {[r.label, shortTime(r.at)].filter((x) => x !== "").join(" · ")}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <label className={styles.label} htmlFor={`${titleId}-json`}>
            Context entering the chain (JSON, as <code>point.start</code> carries it, or as the host hands it to a hook)
          </label>
          <textarea
            id={`${titleId}-json`}
            className={`input ${styles.json}`}
            value={shown}
            spellCheck={false}
            aria-invalid={parsed.ok ? undefined : true}
            aria-describedby={`${titleId}-problem`}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) void run();
            }}
            data-testid="point-context"
          />
          <p id={`${titleId}-problem`} className={parsed.ok ? styles.muted : "field-error"} data-testid="point-context-problem" role={parsed.ok ? undefined : "alert"}>
            {parsed.ok ? `${Object.keys(parsed.value).length} fields · Ctrl/⌘+Enter runs` : parsed.message}
          </p>
          <div className={styles.actions}>
            <button type="button" className="btn btn-primary" disabled={!parsed.ok || start.isPending || prefill.isPending} onClick={() => void run()} data-testid="point-run-button">
              ▶ Run {pointId}
            </button>
            <button type="button" className="btn" disabled={text === null} onClick={() => setText(null)}>
              Reset to the prefilled context
            </button>
          </div>
          {saveError ? <p className="field-error">{saveError}</p> : null}
          {start.error ? (
            <p className="field-error" role="alert" data-testid="point-run-error">
              {errorMessage(start.error)}
            </p>
          ) : null}
          {error ? <p className="field-error">{error}</p> : null}
        </section>
        <section className={`run-trace ${styles.result}`} aria-label="Hook calls of this point">
          {store && runId ? (
            <>
              <PointOutcome store={store} pipelineId={pipelineId} runId={runId} />
              <LiveHookCards store={store} onOpenHook={openHook} />
            </>
          ) : (
            <p className={styles.muted}>Edit the context if you like, then run: each hook on {pointId} fires in order, as the host would call them.</p>
          )}
        </section>
      </div>
    </dialog>
  );
}

/** How the chain ended: what the host read back (point.end), or the failure. */
function PointOutcome({ store, pipelineId, runId }: { store: TraceStore; pipelineId: string; runId: string }) {
  useTraceVersion(store);
  const count = store.outline.count;
  const last = count > 0 ? store.event(count) : undefined;
  if (last?.type !== "run.end") return <p className={styles.muted}>Running…</p>;
  const end = count > 1 ? store.event(count - 1) : undefined;
  return (
    <div className={styles.outcome} data-testid="point-run-outcome">
      <p>
        {last.error ? (
          <span className="run-error-text">The chain failed: {last.error}</span>
        ) : (
          <>
            Chain done ({last.exitReason}). <Link href={`/pipelines/${pipelineId}/runs/${runId}`}>Open it step by step</Link>
          </>
        )}
      </p>
      {end?.type === "point.end" && end.result ? (
        <details>
          <summary>What the host reads back</summary>
          <pre className="run-json" data-testid="point-run-result">
            {JSON.stringify(end.result, null, 2).slice(0, 20_000)}
          </pre>
        </details>
      ) : null}
    </div>
  );
}
