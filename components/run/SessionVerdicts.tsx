"use client";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "~/components/providers/TrpcProvider";
import type { SessionCallVerdict } from "~/core/sessions/verdicts";
import styles from "./sessionVerdicts.module.css";
import type { TraceStore } from "./traceStore";
import { useTraceVersion } from "./useTraceStore";

/**
 * "What would have changed": beside the trace of a run of a scenario imported from a session, each
 * tool call the model made in the recorded session with what the pipeline's hooks now do with it
 * (allowed, denied, rewritten, asked…, and by which hook), and the step where the recorded session
 * and the run part ways. Computed on the server once the run has ended (core/sessions/verdicts.ts).
 */
export function SessionVerdicts(props: { runId: string; store: TraceStore; onSelect?: (index: number) => void; onContinuePastParting?: () => void }) {
  const trpc = useTRPC();
  useTraceVersion(props.store);
  const finished = props.store.finished();
  const verdicts = useQuery({ ...trpc.sessions.verdicts.queryOptions({ runId: props.runId }), enabled: finished });
  const v = verdicts.data;
  if (!finished || !v) return null;
  return (
    <section className={styles.panel} aria-label="Session tool calls" data-testid="session-verdicts">
      <p className={styles.title}>
        Recorded session: {v.calls.length} tool call{v.calls.length === 1 ? "" : "s"}, what today&apos;s hooks do with them
      </p>
      <ol className={styles.list}>
        {v.calls.map((c) => (
          <li key={c.toolUseId} className={c.afterParting ? styles.after : undefined} data-testid="session-call" data-verdict={c.verdict} data-tool-use-id={c.toolUseId}>
            {v.partsWays?.index === c.index ? (
              <p className={styles.parting} role="note" data-testid="session-parting">
                {v.partsWays.message}
                {v.partsWays.stopped && props.onContinuePastParting ? (
                  <>
                    {" "}
                    <button type="button" className="btn" onClick={props.onContinuePastParting} data-testid="session-continue">
                      Continue with the remaining replies anyway
                    </button>
                  </>
                ) : null}
                {v.partsWays.stopped && !props.onContinuePastParting ? " To replay the remaining replies anyway, choose “Continue with the session’s remaining replies anyway” in the scenario." : null}
              </p>
            ) : null}
            <div className={styles.call}>
              <span>{c.index + 1}.</span>
              <span className={styles.input} title={JSON.stringify(c.input)}>
                {c.name} {JSON.stringify(c.input)}
              </span>
              <span className={styles.muted}>reply {c.response}</span>
              {c.before.map((b, i) => (
                <span key={i} className={styles.marker}>
                  {b.kind === "prompt" ? `Before it, the session's next prompt (not sent in this run): “${b.text}”` : `Before it, the host compacted the history: ${b.text}`}
                </span>
              ))}
              <span className={`${styles.verdict} ${styles[c.verdict] ?? ""}`} data-testid="session-verdict">
                {verdictText(c, v.partsWays?.stopped === true)}
              </span>
              {props.onSelect && c.seq !== null ? (
                <button type="button" className={styles.step} onClick={() => props.onSelect?.((c.seq ?? 1) - 1)} title="Show this step of the trace">
                  step {c.seq}
                </button>
              ) : (
                <span />
              )}
              {c.recordedHooks.map((h, i) => (
                <span key={i} className={styles.recorded}>
                  In the session, the host&apos;s hook said: {h}
                </span>
              ))}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

function verdictText(c: SessionCallVerdict, stopped: boolean): string {
  return c.afterParting && !stopped ? `${c.detail} (after the run parts ways with the session)` : c.detail;
}
