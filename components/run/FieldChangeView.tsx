"use client";
import type { FieldChange } from "~/core/run/fieldChanges";
import type { DisplayMessage, MessageChange } from "~/core/run/messages";
import type { DiffSegment } from "~/core/run/textDiff";

/** A hook's changes, field by field, as people read them (not raw JSON Patch). */
export function FieldChangeList(props: { changes: readonly FieldChange[] }) {
  if (props.changes.length === 0) return <p className="run-muted">No field changed.</p>;
  return (
    <ul className="run-fields">
      {props.changes.map((c) => (
        <li key={c.field} className="run-field" data-field={c.field}>
          <div className="run-field-head">
            <code>{c.field}</code> <span className={`run-change run-change-${c.change}`}>{c.change}</span>
            {c.ignored ? (
              <span className="run-ignored" title={c.ignored}>
                ignored by the host: {c.ignored}
              </span>
            ) : null}
          </div>
          <FieldBody change={c} />
        </li>
      ))}
    </ul>
  );
}

function FieldBody({ change }: { change: FieldChange }) {
  switch (change.view) {
    case "text":
      return <InlineDiff segments={change.segments} />;
    case "messages":
      return <MessagesDiff changes={change.messages} />;
    case "value":
      return (
        <div className="run-value">
          <pre className="run-before" aria-label="before">{change.before ?? "(absent)"}</pre>
          <span aria-hidden>→</span>
          <pre className="run-after" aria-label="after">{change.after ?? "(absent)"}</pre>
        </div>
      );
  }
}

export function InlineDiff({ segments }: { segments: readonly DiffSegment[] }) {
  return (
    <pre className="run-inline-diff">
      {segments.map((s, i) =>
        s.kind === "same" ? (
          <span key={i}>{s.text}</span>
        ) : s.kind === "add" ? (
          <ins key={i}>{s.text}</ins>
        ) : (
          <del key={i}>{s.text}</del>
        ),
      )}
    </pre>
  );
}

const MAX_SAME_SHOWN = 3;

function MessagesDiff({ changes }: { changes: readonly MessageChange[] }) {
  // Long histories: show the changed messages with a little context, fold the rest.
  const keep = new Set<number>();
  changes.forEach((c, i) => {
    if (c.kind !== "same") for (let k = i - 1; k <= i + 1; k++) keep.add(k);
  });
  const out = [];
  let folded = 0;
  for (let i = 0; i < changes.length; i++) {
    const c = changes[i];
    if (!c) continue;
    if (c.kind === "same" && !keep.has(i) && changes.length > MAX_SAME_SHOWN) {
      folded++;
      continue;
    }
    if (folded > 0) {
      out.push(<li key={`f${i}`} className="run-muted">… {folded} unchanged messages</li>);
      folded = 0;
    }
    if (c.kind === "changed") {
      out.push(
        <li key={i} className="run-msg-change run-msg-changed">
          <MessageView message={c.before} className="run-msg-removed" />
          <MessageView message={c.after} className="run-msg-added" />
        </li>,
      );
    } else {
      out.push(
        <li key={i} className={`run-msg-change run-msg-${c.kind}`}>
          <MessageView message={c.message} className={c.kind === "same" ? "" : c.kind === "added" ? "run-msg-added" : "run-msg-removed"} />
        </li>,
      );
    }
  }
  if (folded > 0) out.push(<li key="fend" className="run-muted">… {folded} unchanged messages</li>);
  return <ol className="run-messages">{out}</ol>;
}

/**
 * One message. `maxChars` clips long texts (a 200 KB tool result laid out in full takes a
 * step of the replay over 100 ms); the full text stays in the context view.
 */
export function MessageView({ message, className, maxChars }: { message: DisplayMessage; className?: string; maxChars?: number }) {
  const clip = (text: string) => (maxChars !== undefined && text.length > maxChars ? `${text.slice(0, maxChars)}… (${text.length - maxChars} more characters)` : text);
  return (
    <div className={`run-msg ${className ?? ""}`}>
      <span className="run-msg-role">{message.role}</span>
      {message.blocks.map((b, i) => {
        switch (b.kind) {
          case "text":
            return <p key={i} className="run-msg-text">{clip(b.text)}</p>;
          case "tool_use":
            return (
              <p key={i} className="run-msg-tool">
                calls <code>{b.name}</code>({b.input})
              </p>
            );
          case "tool_result":
            return (
              <p key={i} className={`run-msg-tool${b.isError ? " is-error" : ""}`}>
                result{b.isError ? " (error)" : ""}: {clip(b.text)}
              </p>
            );
          case "other":
            return <pre key={i}>{b.json}</pre>;
        }
      })}
    </div>
  );
}
