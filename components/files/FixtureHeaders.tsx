"use client";
import { useState } from "react";
import { headerRowProblems, headerRows, headersOf, type HeaderRow } from "~/core/sandbox/httpHeaders";
import styles from "./files.module.css";

/**
 * The response headers of one HTTP fixture, as name + value rows. Rows being typed may be invalid
 * for a moment (an empty or repeated name): they stay here, with the problem under the row, and
 * the fixture keeps its last valid headers until every row is valid again.
 */
export function FixtureHeaders(props: { fixture: number; headers: Record<string, string>; onChange: (headers: Record<string, string>, label?: string) => void }) {
  const [drafts, setDrafts] = useState<HeaderRow[] | null>(null);
  const rows = drafts ?? headerRows(props.headers);
  const problems = headerRowProblems(rows);
  const n = props.fixture;

  const commit = (next: HeaderRow[], label?: string) => {
    const valid = headerRowProblems(next).every((p) => p === null);
    setDrafts(valid ? null : next);
    if (valid) props.onChange(headersOf(next), label);
  };
  const update = (i: number, patch: Partial<HeaderRow>) => commit(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  return (
    <div className={styles.headers} data-testid="fixture-headers">
      <p className={styles.note}>{rows.length === 0 ? "No response headers." : rows.length === 1 ? "1 response header" : `${rows.length} response headers`}</p>
      {rows.map((r, i) => (
        <div key={i} className={styles.row} data-testid="fixture-header">
          <input
            aria-label={`Header name ${i + 1} of fixture ${n}`}
            aria-invalid={problems[i] !== null}
            placeholder="content-type"
            value={r.name}
            spellCheck={false}
            onChange={(e) => update(i, { name: e.target.value })}
          />
          <input
            aria-label={`Value of header ${r.name || i + 1} of fixture ${n}`}
            placeholder="application/json"
            value={r.value}
            spellCheck={false}
            className={styles.wideInput}
            onChange={(e) => update(i, { value: e.target.value })}
          />
          <button type="button" className="btn btn-quiet" aria-label={`Remove header ${r.name || i + 1} of fixture ${n}`} onClick={() => commit(rows.filter((_, j) => j !== i), `Remove header ${r.name} of a fixture`)}>
            ✕
          </button>
          {problems[i] ? (
            <p role="alert" className={styles.problem}>
              {problems[i]}
            </p>
          ) : null}
        </div>
      ))}
      <button type="button" className="btn btn-quiet" onClick={() => setDrafts([...rows, { name: "", value: "" }])}>
        Add header
      </button>
    </div>
  );
}
