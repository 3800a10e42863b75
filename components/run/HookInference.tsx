"use client";
import { useContext, useState } from "react";
import { RunScopeContext } from "~/components/expectations/expectationSink";
import type { Json } from "~/core/json";
import type { InferenceExchange } from "~/core/sandbox/inference";
import styles from "~/components/files/files.module.css";
import { useInferenceReplySink } from "./inferenceReplySink";

/**
 * The model calls a hook made itself (Vellum's `getConfiguredProvider(...).sendMessage`) and the
 * scenario's scripted answers, or why a call failed; and the events it published on the host's
 * event hub. Shown on the hook's card like its HTTP requests.
 */
export function HookInference(props: { calls: readonly InferenceExchange[] }) {
  const n = props.calls.length;
  const sink = useInferenceReplySink();
  const scenario = useContext(RunScopeContext)?.scenario ?? null;
  const [added, setAdded] = useState<ReadonlySet<number>>(new Set());
  return (
    <details className={styles.files} open data-testid="hook-inference">
      <summary>{n === 1 ? "1 model call" : `${n} model calls`}</summary>
      {props.calls.map((c, i) => (
        <div key={i} className={styles.change} data-testid="hook-inference-call">
          <p className={styles.head}>
            <span className={styles.op}>{c.callSite || "model call"}</span>
            {c.profile !== null ? (
              <>
                {" "}
                profile <code>{c.profile}</code>
              </>
            ) : null}
            {c.provider !== null || c.model !== null ? <span className={styles.note}> ({[c.provider, c.model].filter(Boolean).join(" / ")})</span> : null}
            {c.reply ? <span> → {c.reply.stopReason}</span> : null}
          </p>
          <pre className={styles.diff} aria-label="sent">
            {[c.system !== null ? `system: ${c.system}` : null, ...c.messages.map(describeMessage)].filter(Boolean).join("\n")}
          </pre>
          {c.reply ? (
            <pre className={styles.diff} aria-label="reply">
              {c.reply.text}
            </pre>
          ) : null}
          {c.error ? <p className={styles.removed}>{c.error}</p> : null}
          {c.error && MISSING_REPLY.test(c.error) && sink && scenario ? (
            added.has(i) ? (
              <p className={styles.note}>✓ a reply is in scenario “{scenario}” (Edit scenario → Inference): run again to use it</p>
            ) : (
              <button
                type="button"
                className="btn btn-quiet"
                data-testid="add-inference-reply"
                title={`Add a reply to the hooks' model calls of scenario “${scenario}”; edit its text under Edit scenario → Inference`}
                onClick={(e) => {
                  e.stopPropagation();
                  sink.add(scenario, { text: `Reply to the ${c.callSite || "model"} call.`, stopReason: "end_turn" });
                  setAdded((a) => new Set(a).add(i));
                }}
              >
                Add a reply for this call
              </button>
            )
          ) : null}
        </div>
      ))}
    </details>
  );
}

/** The failure of a call the scenario had no reply for (core/sandbox/inference.ts noReplyMessage). */
const MISSING_REPLY = /^no scripted reply for the hooks' model call #\d+/;

/** The events a hook published on the host's event hub, as sent. */
export function PublishedEvents(props: { events: readonly Json[] }) {
  const n = props.events.length;
  return (
    <details className={styles.files} data-testid="hook-published">
      <summary>{n === 1 ? "published 1 event" : `published ${n} events`}</summary>
      {props.events.map((e, i) => (
        <pre key={i} className={styles.diff}>
          {JSON.stringify(e, null, 2)}
        </pre>
      ))}
    </details>
  );
}

/** One line per block: text as it is, an image by its type and size (its base64 says nothing to a reader). */
function describeMessage(message: Json): string {
  if (typeof message !== "object" || message === null || Array.isArray(message)) return JSON.stringify(message);
  const blocks = Array.isArray(message.content) ? message.content : [message.content ?? null];
  const parts = blocks.map((b) => {
    if (typeof b === "string") return b;
    if (typeof b !== "object" || b === null || Array.isArray(b)) return JSON.stringify(b);
    if (b.type === "text") return String(b.text ?? "");
    if (b.type === "image" && typeof b.source === "object" && b.source !== null && !Array.isArray(b.source)) {
      return `[image ${String(b.source.media_type ?? "")}, ${String(b.source.data ?? "").length} characters of base64]`;
    }
    return JSON.stringify(b);
  });
  return `${String(message.role ?? "?")}: ${parts.join(" ")}`;
}
