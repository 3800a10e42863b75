"use client";
import type { HttpExchange } from "~/core/sandbox/http";
import styles from "./files.module.css";

/** The HTTP requests a hook made in the sandbox and the fixture answers they got (or why they failed). */
export function HttpRequests(props: { requests: HttpExchange[] }) {
  return (
    <details className={styles.files} open data-testid="http-requests">
      <summary>{props.requests.length === 1 ? "1 HTTP request" : `${props.requests.length} HTTP requests`}</summary>
      {props.requests.map((r, i) => (
        <div key={i} className={styles.change} data-testid="http-request">
          <p className={styles.head}>
            <span className={styles.op}>{r.method}</span> <code>{r.url}</code> {r.status !== undefined ? <span>→ {r.status}</span> : null}
          </p>
          {r.error ? <p className={styles.removed}>{r.error}</p> : null}
          {r.body !== undefined ? <pre className={styles.diff} aria-label="request body">{r.body}</pre> : null}
          {r.response !== undefined ? <pre className={styles.diff} aria-label="response body">{r.response}</pre> : null}
        </div>
      ))}
    </details>
  );
}
