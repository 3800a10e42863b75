"use client";
import type { ScenarioSource } from "~/core/pipeline/schema";
import { HOST_NAMES } from "~/core/sessions/toScenario";
import styles from "./scenarios.module.css";
import type { ScenarioPatch } from "./types";


/**
 * For a scenario imported from a session file: where it came from, and what a run does once a hook
 * blocks, answers or rewrites a call the session made (stop replaying there, or go on with the
 * session's remaining replies anyway).
 */
export function SessionSourceFields({ source, onPatch }: { source: ScenarioSource; onPatch: (patch: ScenarioPatch, label?: string) => void }) {
  const set = (afterParting: "stop" | "continue") =>
    onPatch({ source: { ...source, afterParting } }, afterParting === "continue" ? "Replay past the parting point" : "Stop at the parting point");
  return (
    <fieldset className={styles.section} data-testid="session-source">
      <legend>Recorded session</legend>
      <p className={styles.hint}>
        Imported from {source.fileName}, a {HOST_NAMES[source.host]} session{source.sessionId ? ` (${source.sessionId})` : ""}, on {source.importedAt.slice(0, 10)}.
      </p>
      <div role="radiogroup" aria-label="When a hook now blocks, answers or rewrites a recorded call">
        <label className={styles.check}>
          <input type="radio" name="after-parting" checked={source.afterParting !== "continue"} onChange={() => set("stop")} /> Stop replaying where the run parts ways with the session
        </label>{" "}
        <label className={styles.check}>
          <input type="radio" name="after-parting" checked={source.afterParting === "continue"} onChange={() => set("continue")} /> Continue with the session&apos;s remaining replies anyway
        </label>
      </div>
    </fieldset>
  );
}
