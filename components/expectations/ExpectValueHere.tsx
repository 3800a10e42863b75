"use client";
import { useState } from "react";
import type { JsonObject } from "~/core/json";
import { getProfile } from "~/core/profiles";
import { sameExpectation, useExpectationTarget } from "./expectationSink";
import styles from "./expectations.module.css";
import { readBackExpectation } from "./readBackExpectation";

/**
 * Under a step's full context: pick a field the host reads back at this point and expect its
 * value here (the value read back when this crossing of the point ends), in one click.
 */
export function ExpectValueHere(props: { context: JsonObject; point: string; seq: number }) {
  const target = useExpectationTarget();
  const fields = (target?.scope.profile ? getProfile(target.scope.profile)?.points.find((p) => p.id === props.point)?.fields : undefined)
    ?.filter((f) => f.readBack && f.name in props.context)
    .map((f) => f.name);
  const [field, setField] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  if (!target || !target.scope.store || !fields || fields.length === 0) return null;
  const { sink, scope } = target;
  const store = scope.store;
  const chosen = field !== null && fields.includes(field) ? field : (fields[0] as string);

  const add = async () => {
    if (!store) return;
    setStatus(null);
    try {
      const built = await readBackExpectation(store, { seq: props.seq, point: props.point, field: chosen });
      if (typeof built === "string") return setStatus(built);
      if (sink.expectationsOf(scope.scenario)?.some((e) => sameExpectation(e, built))) return setStatus(`Already expected: ${chosen}.`);
      await sink.add({ scenario: scope.scenario, expectation: built });
      setStatus(`✓ expected in “${scope.scenario}”: ${chosen} after ${props.point} #${built.kind === "context" ? String(built.occurrence) : ""}`);
    } catch (error) {
      setStatus(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <div className={styles.addRow} data-testid="expect-value-here">
      <label>
        <span className={styles.muted}>Test: </span>
        <select value={chosen} onChange={(e) => setField(e.target.value)} aria-label="Field the host reads back">
          {fields.map((f) => (
            <option key={f} value={f}>
              {f}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className={styles.addBtn} onClick={() => void add()} title="The host must read back this value when this crossing of the point ends">
        + expect this value here
      </button>
      {status ? (
        <span className={styles.added} role="status">
          {status}
        </span>
      ) : null}
    </div>
  );
}
