"use client";
import { useEffect, useId, useRef, useState } from "react";
import type { Scenario } from "~/core/pipeline/schema";
import type { SessionImportSummary } from "~/core/sessions/importer";
import { formatBytes } from "~/core/bundles/formatBytes";
import { useSessionImport } from "./useSessionImport";
import styles from "./sessions.module.css";

type State =
  | { kind: "reading"; sent: number }
  | { kind: "refused"; code: string; message: string }
  | { kind: "read"; scenario: Scenario; summary: SessionImportSummary; others: Scenario[] };

const counted = (m: Record<string, number>) =>
  Object.entries(m)
    .map(([k, n]) => `${k} ×${n}`)
    .join(", ");

/**
 * "From a session file…": reads a Claude Code transcript, Codex rollout or OpenClaw session on the
 * server (line by line) and shows what it found before the scenario is added: the records skipped
 * by type, the branches with a picker, the secrets stripped (with a choice to keep them), and bad
 * lines with the choice to skip them. Changing a choice reads the file again.
 */
export function SessionImportDialog(props: { pipelineId: string; file: File; onAdd: (scenarios: Scenario[]) => void; onClose: () => void }) {
  const { send } = useSessionImport();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [branch, setBranch] = useState<string | null>(null);
  const [keepSecrets, setKeepSecrets] = useState(false);
  const [skipBadLines, setSkipBadLines] = useState(false);
  const [state, setState] = useState<State>({ kind: "reading", sent: 0 });
  const { file, pipelineId } = props;

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  useEffect(() => {
    const stop = new AbortController();
    setState({ kind: "reading", sent: 0 });
    send({ pipelineId, file, branch, keepSecrets, skipBadLines }, (sent) => !stop.signal.aborted && setState({ kind: "reading", sent }), stop.signal).then(
      (r) => {
        if (stop.signal.aborted || r === null) return;
        setState(r.ok ? { kind: "read", scenario: r.scenario, summary: r.summary, others: r.others } : { kind: "refused", code: r.code, message: r.message });
      },
      (error: unknown) => !stop.signal.aborted && setState({ kind: "refused", code: "ERROR", message: error instanceof Error ? error.message : String(error) }),
    );
    // A changed choice or a closed dialog stops sending the rest of the file.
    return () => stop.abort();
  }, [send, pipelineId, file, branch, keepSecrets, skipBadLines]);

  const s = state.kind === "read" ? state.summary : null;
  return (
    <dialog ref={dialog} aria-labelledby={titleId} className={styles.dialog} onClose={props.onClose} data-testid="session-import-dialog">
      <form method="dialog" className={styles.body} onSubmit={() => state.kind === "read" && props.onAdd([state.scenario])}>
        <h2 id={titleId}>Import {file.name}</h2>
        {state.kind === "reading" ? (
          <div role="status" className={styles.progress}>
            <p>
              Reading {file.name} ({formatBytes(file.size)}) line by line… {file.size > 0 ? `${formatBytes(state.sent)} sent (${Math.floor((state.sent / file.size) * 100)}%)` : null}
            </p>
            <progress max={Math.max(1, file.size)} value={state.sent} aria-label="Sent to the server" data-testid="session-import-progress" />
          </div>
        ) : null}
        {state.kind === "refused" ? (
          <>
            <p role="alert" data-testid="session-import-error">
              {state.message}
            </p>
            {state.code === "BAD_LINE" ? (
              <button type="button" className="btn" onClick={() => setSkipBadLines(true)}>
                Skip the bad lines and import the rest
              </button>
            ) : null}
          </>
        ) : null}
        {s && state.kind === "read" ? (
          <>
            <p data-testid="session-import-facts">
              A {s.hostName} session: {s.modelCalls} model repl{s.modelCalls === 1 ? "y" : "ies"}, {s.toolCalls} tool call{s.toolCalls === 1 ? "" : "s"}, {s.turns} prompt{s.turns === 1 ? "" : "s"}; read {s.records} records on {s.lines} lines. It becomes the scenario “{state.scenario.name}”.
            </p>
            <ul className={styles.facts}>
              {s.badLinesTotal > 0 ? <li>Skipped {s.badLinesTotal} bad line{s.badLinesTotal === 1 ? "" : "s"}: {s.badLines.slice(0, 5).map((b) => `line ${b.line}: ${b.problem}`).join("; ")}</li> : null}
              {Object.keys(s.unknownTypes).length > 0 ? <li>Skipped records of unknown types: {counted(s.unknownTypes)}</li> : null}
              {Object.keys(s.notImported).length > 0 ? <li>Not imported (no place in a scenario): {counted(s.notImported)}</li> : null}
              {s.notes.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
            {s.branches.length > 1 ? (
              <fieldset className={styles.branches}>
                <legend>Branch ({s.branches.length} leaves; the one ending at the last record is picked first)</legend>
                {s.branches.map((b) => (
                  <label key={b.leaf}>
                    <input type="radio" name="branch" checked={b.chosen} onChange={() => setBranch(b.leaf)} />
                    <span>
                      {b.title ?? b.preview ?? b.leaf} <span className={styles.muted}>({b.records} records{b.timestamp ? `, ${b.timestamp}` : ""})</span>
                    </span>
                  </label>
                ))}
              </fieldset>
            ) : null}
            <label>
              <input type="checkbox" checked={keepSecrets} onChange={(e) => setKeepSecrets(e.target.checked)} /> Keep secret-shaped values as recorded
            </label>
            <p className={styles.muted} data-testid="session-import-secrets">
              {s.secretsKept ? "Secrets are kept as recorded." : s.secrets.length > 0 ? `Stripped: ${s.secrets.map((x) => `${x.count} ${x.id}`).join(", ")}.` : "No secret-shaped values found."} The file itself is not stored: only the scenario.
            </p>
          </>
        ) : null}
        <div className={styles.actions}>
          <button type="button" className="btn" onClick={() => dialog.current?.close()}>
            Cancel
          </button>
          {state.kind === "read" && state.others.length > 0 ? (
            <button type="button" className="btn" onClick={() => (props.onAdd([state.scenario, ...state.others]), dialog.current?.close())}>
              Add all {state.others.length + 1} sessions
            </button>
          ) : null}
          <button className="btn btn-primary" disabled={state.kind !== "read"}>
            Add scenario
          </button>
        </div>
      </form>
    </dialog>
  );
}
