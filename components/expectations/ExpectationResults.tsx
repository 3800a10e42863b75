"use client";
import Link from "next/link";
import type { ExpectationReport } from "~/core/expectations";
import styles from "./expectations.module.css";

/** Where a failed expectation's link goes: the run at the step that broke it. */
export function stepHref(args: { pipelineId: string; runId: string; seq: number | null }): string {
  const base = `/pipelines/${args.pipelineId}/runs/${args.runId}`;
  return args.seq === null ? base : `${base}?step=${args.seq}`;
}

/**
 * A run's expectations, pass or fail, each with its reason. A failed one links to the run at the
 * step that broke it; `onStep` (the replay page) moves there without leaving the page.
 */
export function ExpectationResults(props: { report: ExpectationReport; pipelineId: string; runId: string; onStep?: (seq: number) => void }) {
  const { report } = props;
  return (
    <section className={styles.results} aria-label="Expectations" data-testid="expectation-results">
      <header className={styles.resultsHead}>
        <strong>Expectations</strong>{" "}
        <span className={report.failed > 0 ? styles.failText : styles.passText} data-testid="expectation-summary">
          {report.failed > 0 ? `${report.failed} of ${report.results.length} failed` : `all ${report.results.length} passed`}
        </span>
      </header>
      <ul className={styles.resultList}>
        {report.results.map((r) => (
          <li key={r.index} className={r.pass ? styles.pass : styles.fail} data-testid="expectation-result" data-pass={r.pass}>
            <span className={styles.mark} aria-hidden>
              {r.pass ? "✓" : "✗"}
            </span>
            <span className="visually-hidden">{r.pass ? "passed:" : "failed:"}</span>
            <span className={styles.resultLabel}>{r.label}</span>
            {!r.pass ? (
              <span className={styles.reason} data-testid="expectation-reason">
                {r.reason}
                {r.seq !== null ? (
                  <>
                    {" "}
                    {props.onStep ? (
                      <button type="button" className={styles.linkBtn} onClick={() => r.seq !== null && props.onStep?.(r.seq)}>
                        go to step {r.seq}
                      </button>
                    ) : (
                      <Link href={stepHref({ pipelineId: props.pipelineId, runId: props.runId, seq: r.seq })} data-testid="expectation-step-link">
                        open the run at step {r.seq}
                      </Link>
                    )}
                  </>
                ) : null}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
