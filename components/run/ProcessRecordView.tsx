"use client";

import type { ProcessRecord } from "~/core/trace/events";
import { processEnding } from "~/core/run/processEnding";

/** stdin as the process read it: pretty-printed when it is JSON. */
function prettyStdin(stdin: string): string {
  try {
    return JSON.stringify(JSON.parse(stdin), null, 2);
  } catch {
    return stdin;
  }
}

function Stream(props: { label: string; text: string; truncated?: boolean }) {
  return (
    <div className="run-process-stream" data-testid={`process-${props.label}`}>
      <span className="run-muted">
        {props.label}
        {props.truncated ? " (truncated: the sandbox kept only the start)" : ""}
        {props.text === "" ? " (empty)" : ""}
      </span>
      {props.text === "" ? null : <pre className="run-process-pre">{props.text}</pre>}
    </div>
  );
}

/**
 * A command hook's process on its card: the command line, how it ended, its stdin (collapsed),
 * stdout and stderr. Generic over the record: whatever the host, this is what a process did.
 */
export function ProcessRecordView(props: { record: ProcessRecord; durationMs: number }) {
  const { record } = props;
  const ending = processEnding(record, props.durationMs);
  return (
    <section className="run-process" data-testid="hook-process" aria-label="The command's process">
      {record.refused !== undefined ? (
        <p className="run-process-refused" role="note" data-testid="process-refused">
          Not run: {record.refused}
        </p>
      ) : null}
      <p className="run-process-line">
        <code className="run-process-command" data-testid="process-command">
          {record.command}
        </code>
      </p>
      <p className="run-process-line">
        <span className="run-muted">{record.language}</span>
        {" · "}
        <strong data-testid="process-exit">{ending}</strong>
        {record.refused === undefined ? <span className="run-muted"> · {Math.round(props.durationMs)} ms</span> : null}
      </p>
      {record.dedupedWith !== undefined ? (
        <p className="run-process-line" data-testid="process-deduped">
          identical command already ran for <code>{record.dedupedWith}</code>: the host runs it once
        </p>
      ) : null}
      {record.note ? (
        <p className="run-process-line" data-testid="process-note">
          {record.note}
        </p>
      ) : null}
      <details className="run-process-stdin" onClick={(e) => e.stopPropagation()}>
        <summary data-testid="process-stdin-toggle">stdin</summary>
        <pre className="run-process-pre" data-testid="process-stdin">
          {prettyStdin(record.stdin)}
        </pre>
      </details>
      {record.refused === undefined ? (
        <>
          <Stream label="stdout" text={record.stdout} truncated={record.stdoutTruncated} />
          <Stream label="stderr" text={record.stderr} truncated={record.stderrTruncated} />
        </>
      ) : null}
      <p className="run-muted run-process-clock">A command reads the machine&apos;s clock and randomness, not the run&apos;s virtual ones: a re-run may differ.</p>
    </section>
  );
}
