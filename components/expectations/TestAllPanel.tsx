"use client";
import Link from "next/link";
import { useEffect, useMemo, useRef, useState } from "react";
import { useEditorStore } from "~/components/store/EditorStoreProvider";
import { stepHref } from "./ExpectationResults";
import styles from "./testAll.module.css";
import { testPassed, useTestAll, type ScenarioTest } from "./useTestAll";

/**
 * The designer's Test all: saves, runs every scenario, and lists pass/fail with what broke.
 * Loaded on the first click (TestAllButton), which it answers by starting at once (`startNow`).
 */
export function TestAllPanel({ pipelineId, startNow = false }: { pipelineId: string; startNow?: boolean }) {
  const scenarioList = useEditorStore((s) => s.doc?.scenarios);
  const saveNow = useEditorStore((s) => s.saveNow);
  const names = useMemo(() => (scenarioList ?? []).map((s) => s.name), [scenarioList]);
  const { tests, revision, error, run, busy } = useTestAll({ pipelineId, scenarios: names, save: saveNow });
  const [open, setOpen] = useState(startNow);
  const started = useRef(false);
  useEffect(() => {
    if (!startNow || started.current) return;
    started.current = true;
    void run();
  }, [startNow, run]);
  const passed = tests?.filter((t) => testPassed(t) === true).length ?? 0;
  const failed = tests?.filter((t) => testPassed(t) === false).length ?? 0;

  return (
    <div className={styles.wrap}>
      <button
        type="button"
        className="btn"
        disabled={names.length === 0 || busy}
        title={names.length === 0 ? "Add a scenario first" : "Save, run every scenario and check its expectations"}
        onClick={() => {
          setOpen(true);
          void run();
        }}
        data-testid="test-all"
      >
        {busy ? "Testing…" : "Test all"}
      </button>
      {open && (tests || error) ? (
        <section className={styles.panel} aria-label="Test results" data-testid="test-results">
          <header className={styles.head}>
            <strong>Tests</strong>
            {revision !== null ? <span className={styles.muted}>revision {revision}</span> : null}
            {tests && !busy ? (
              <span className={failed > 0 ? styles.fail : styles.pass} data-testid="test-summary">
                {failed > 0 ? `${failed} failed, ${passed} passed` : `all ${passed} passed`}
              </span>
            ) : null}
            <button type="button" className="btn btn-quiet" onClick={() => setOpen(false)} aria-label="Close the test results">
              ×
            </button>
          </header>
          {error ? (
            <p className={styles.fail} role="alert">
              {error}
            </p>
          ) : null}
          <ul className={styles.rows}>
            {tests?.map((t) => (
              <TestRow key={t.scenario} test={t} pipelineId={pipelineId} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function TestRow({ test, pipelineId }: { test: ScenarioTest; pipelineId: string }) {
  const pass = testPassed(test);
  const mark = pass === null ? "…" : pass ? "✓" : "✗";
  return (
    <li className={pass === false ? styles.rowFail : pass ? styles.rowPass : styles.row} data-testid="test-row" data-scenario={test.scenario} data-pass={pass === null ? undefined : String(pass)}>
      <span className={styles.mark} aria-hidden>
        {mark}
      </span>
      <span className={styles.name}>{test.scenario}</span>
      <span className={styles.muted}>{describe(test)}</span>
      {test.state === "done" ? (
        <Link className={styles.open} href={stepHref({ pipelineId, runId: test.runId, seq: null })}>
          open run
        </Link>
      ) : null}
      {test.state === "error" ? <p className={styles.reason}>{test.message}</p> : null}
      {test.state === "done" && test.failure ? <p className={styles.reason}>{test.failure}</p> : null}
      {test.state === "done" && test.report
        ? test.report.results
            .filter((r) => !r.pass)
            .map((r) => (
              <p key={r.index} className={styles.reason} data-testid="test-failure">
                <strong>{r.label}</strong>: {r.reason}{" "}
                <Link href={stepHref({ pipelineId, runId: test.runId, seq: r.seq })} data-testid="test-failure-link">
                  {r.seq !== null ? `open the run at step ${r.seq}` : "open the run"}
                </Link>
              </p>
            ))
        : null}
    </li>
  );
}

function describe(t: ScenarioTest): string {
  switch (t.state) {
    case "waiting":
      return "waiting";
    case "running":
      return "running…";
    case "error":
      return "could not run";
    case "done":
      if (!t.report || t.report.results.length === 0) return `no expectations · exit ${t.exitReason ?? "?"}`;
      return `${t.report.passed} of ${t.report.results.length} expectations hold`;
  }
}
