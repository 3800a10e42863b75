"use client";
import { useContext, useState } from "react";
import { RunScopeContext } from "~/components/expectations/expectationSink";
import type { HttpExchange } from "~/core/sandbox/http";
import { useFixtureSink } from "./fixtureSink";
import styles from "./files.module.css";

/** The HTTP requests a hook made in the sandbox and the fixture answers they got (or why they failed). */
export function HttpRequests(props: { requests: HttpExchange[] }) {
  const sink = useFixtureSink();
  const scenario = useContext(RunScopeContext)?.scenario ?? null;
  const [added, setAdded] = useState<Set<number>>(new Set());
  return (
    <details className={styles.files} open data-testid="http-requests">
      <summary>{props.requests.length === 1 ? "1 HTTP request" : `${props.requests.length} HTTP requests`}</summary>
      {props.requests.map((r, i) => (
        <div key={i} className={styles.change} data-testid="http-request">
          <p className={styles.head}>
            <span className={styles.op}>{r.method}</span> <code>{r.url}</code> {r.status !== undefined ? <span>→ {r.status}</span> : null}
          </p>
          {r.error ? <p className={styles.removed}>{r.error}</p> : null}
          {r.error && r.status === undefined && sink && scenario ? (
            added.has(i) || sink.has(scenario, r.method, r.url) ? (
              <p className={styles.note}>✓ a fixture for this request is in scenario “{scenario}”: run again to use it</p>
            ) : (
              <button
                type="button"
                className="btn btn-quiet"
                data-testid="add-fixture"
                title={`Add ${r.method} ${r.url} → 200 to the HTTP fixtures of scenario “${scenario}”; edit its body in the pipeline file`}
                onClick={(e) => {
                  e.stopPropagation();
                  sink.add(scenario, { method: r.method, url: r.url, status: 200, headers: {}, body: "", delayMs: 0 });
                  setAdded((s) => new Set(s).add(i));
                }}
              >
                Add a fixture for this request
              </button>
            )
          ) : null}
          {r.body !== undefined ? <pre className={styles.diff} aria-label="request body">{r.body}</pre> : null}
          {r.response !== undefined ? <pre className={styles.diff} aria-label="response body">{r.response}</pre> : null}
        </div>
      ))}
    </details>
  );
}
