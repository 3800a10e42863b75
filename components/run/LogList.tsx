import type { LogEntry } from "~/core/trace/events";

/**
 * The console output of one call (a hook's, a tool handler's), level by level; folded when long.
 * Renders nothing for no lines, so a card without logs shows no empty section.
 */
export function LogList(props: { logs: readonly LogEntry[] }) {
  const { logs } = props;
  if (logs.length === 0) return null;
  return (
    <details className="run-logs" open={logs.length <= 5}>
      <summary>{logs.length === 1 ? "1 log line" : `${logs.length} log lines`}</summary>
      <ol>
        {logs.map((l, i) => (
          <li key={i} className={`run-log run-log-${l.level}`}>
            <span className="run-log-level">{l.level}</span> {l.message}
          </li>
        ))}
      </ol>
    </details>
  );
}
