"use client";

import type { ExternalHook } from "~/core/pipeline/schema";
import styles from "./externalHooks.module.css";
import { useDesignerDoc } from "./useDesignerDoc";

/** What an external hook runs, in one line: its command, or its type and prompt. */
function describeHandler(hook: ExternalHook): string {
  const { handler } = hook;
  if (typeof handler.command === "string") return handler.command;
  const type = typeof handler.type === "string" ? handler.type : "hook";
  return typeof handler.prompt === "string" ? `${type}: ${handler.prompt}` : type;
}

/**
 * Hooks the pipeline keeps but Hookwright cannot run (imported shell, Python or prompt hooks):
 * listed read-only, with why, so a user sees everything the host will run. Export writes them back
 * unchanged. `pointId` narrows the list to one event; without it, every external hook is listed.
 */
export function ExternalHooks({ pointId }: { pointId?: string }) {
  const doc = useDesignerDoc();
  const hooks = (doc.externalHooks ?? []).filter((h) => pointId === undefined || h.point === pointId);
  if (hooks.length === 0) return null;
  return (
    <section className={styles.external} aria-label="External hooks" data-testid="external-hooks">
      <h3 className={styles.title}>
        External hooks <span className={styles.note}>· the host runs them; Hookwright cannot, and exports them unchanged</span>
      </h3>
      <ul className={styles.list}>
        {hooks.map((h) => (
          <li key={h.id} className={styles.item} data-testid="external-hook" title={h.reason}>
            <span className={styles.event}>{pointId === undefined ? `${h.point} ` : ""}</span>
            {h.matcher !== null ? <span className={styles.matcher}>{h.matcher || '""'}</span> : null}
            <code className={styles.command}>{describeHandler(h)}</code>
            <span className={styles.reason}>{h.reason}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
