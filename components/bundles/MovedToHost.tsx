"use client";
import { useQuery } from "@tanstack/react-query";
import { errorMessage } from "~/components/providers/apiError";
import { useTRPC } from "~/components/providers/TrpcProvider";
import styles from "./bundles.module.css";

/**
 * An export to another host's format: what the move does not carry over, per hook (before the
 * download, as the README inside says it), then the check by behaviour: each scripted scenario
 * run on both hosts, and where the outcomes differ.
 */
export function MovedToHost(props: { pipelineId: string; revision?: number; target: string; moved: { from: string; to: string; notes: string[] } }) {
  const trpc = useTRPC();
  const check = useQuery({ ...trpc.bundles.behaviourCheck.queryOptions({ id: props.pipelineId, revision: props.revision, target: props.target }), staleTime: 0 });
  const { from, to, notes } = props.moved;
  return (
    <>
      <section className={styles.moved} data-testid="translation-notes" aria-label="What does not carry over">
        <p>
          <strong>
            From {from} to {to}
          </strong>
          : {notes.length === 0 ? "everything carries over." : "what does not carry over as it was (also written in the README):"}
        </p>
        {notes.length > 0 ? (
          <ul className={styles.notes}>
            {notes.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        ) : null}
      </section>
      <section className={styles.moved} data-testid="behaviour-check" aria-label="Checked by behaviour">
        <p>
          <strong>Checked by behaviour</strong>: each scenario run on {from} and on {to}.
        </p>
        {check.isPending ? <p className={styles.muted}>Running the scenarios on both hosts…</p> : null}
        {check.error ? (
          <p role="alert" className="alert">
            {errorMessage(check.error)}
          </p>
        ) : null}
        {check.data ? (
          <ul className={styles.notes}>
            {check.data.scenarios.length === 0 ? <li>The pipeline has no scenario to check.</li> : null}
            {check.data.scenarios.map((s) => (
              <li key={s.scenario} data-same={s.comparison?.same ?? null}>
                {s.comparison === null ? (
                  `${s.scenario}: ${s.skipped ?? "not checked"}`
                ) : s.comparison.same ? (
                  `${s.scenario}: same outcomes on both hosts (${s.comparison.agreed})`
                ) : (
                  <>
                    {s.scenario}: differs{s.comparison.agreed !== "no tool calls" ? ` (the same: ${s.comparison.agreed})` : ""}
                    <ul>
                      {s.comparison.differences.map((d) => (
                        <li key={d.index}>
                          call {d.index + 1}, <code>{d.call}</code>: {d.text}
                        </li>
                      ))}
                      {s.comparison.ending ? <li>{s.comparison.ending}</li> : null}
                    </ul>
                  </>
                )}
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </>
  );
}
