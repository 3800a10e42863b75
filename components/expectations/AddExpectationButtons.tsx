"use client";
import { useState } from "react";
import { decisionName } from "~/core/expectations";
import type { Json } from "~/core/json";
import type { Expectation } from "~/core/pipeline/schema";
import { getProfile } from "~/core/profiles";
import type { HookEndEvent } from "~/core/trace/events";
import { sameExpectation, useExpectationTarget } from "./expectationSink";
import styles from "./expectations.module.css";
import { readBackExpectation } from "./readBackExpectation";

interface Offer {
  key: string;
  text: string;
  title: string;
  /** Built on click: a context value is read from the end of the chain, which may still be loading. */
  build: () => Promise<Expectation | string>;
}

const preview = (value: Json) => {
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
};

/**
 * One-click expectations from a hook card: this hook fired, its decision, and the value each field
 * it changed has when the host reads it back after the chain. Each click saves a new revision.
 */
export function AddExpectationButtons({ event, name, changedFields }: { event: HookEndEvent; name: string; changedFields: readonly string[] }) {
  const target = useExpectationTarget();
  const [done, setDone] = useState<Record<string, string>>({});
  if (!target) return null;
  const { sink, scope } = target;
  const existing = sink.expectationsOf(scope.scenario);
  if (!existing) return null;
  const has = (e: Expectation) => existing.some((x) => sameExpectation(x, e));
  const point = scope.profile ? getProfile(scope.profile)?.points.find((p) => p.id === event.point) : undefined;
  const readBack = new Set(point?.fields.filter((f) => f.readBack).map((f) => f.name) ?? []);

  const offers: Offer[] = [];
  const fired: Expectation = { kind: "hookFired", hookId: event.hookId, fired: true };
  if (!has(fired)) offers.push({ key: "fired", text: "expect it fires", title: `Scenario “${scope.scenario}” must run ${name}`, build: () => Promise.resolve(fired) });
  const decision = decisionName(event);
  if (decision !== "none") {
    const decided: Expectation = { kind: "hookDecision", hookId: event.hookId, decision, occurrence: "any" };
    if (!has(decided)) {
      offers.push({ key: "decision", text: `expect decision “${decision}”`, title: `${name} must decide ${decision} at least once`, build: () => Promise.resolve(decided) });
    }
  }
  const store = scope.store;
  if (store) {
    for (const field of changedFields.filter((f) => readBack.has(f))) {
      offers.push({
        key: `field:${field}`,
        text: `expect ${field} here`,
        title: `The host must read back ${field} after this crossing of ${event.point} with the value it has now`,
        build: () => readBackExpectation(store, { seq: event.seq, point: event.point, field }),
      });
    }
  }
  if (offers.length === 0 && Object.keys(done).length === 0) return null;

  const click = async (offer: Offer) => {
    try {
      const built = await offer.build();
      if (typeof built === "string") return setDone((d) => ({ ...d, [offer.key]: built }));
      await sink.add({ scenario: scope.scenario, expectation: built });
      const what = built.kind === "context" ? `${offer.text.replace(/^expect /, "").replace(/ here$/, "")} = ${preview(built.value)}` : offer.text.replace(/^expect /, "");
      setDone((d) => ({ ...d, [offer.key]: `✓ expected: ${what}` }));
    } catch (error) {
      setDone((d) => ({ ...d, [offer.key]: error instanceof Error ? error.message : String(error) }));
    }
  };

  return (
    <div className={styles.addRow} data-testid="add-expectation" onClick={(e) => e.stopPropagation()}>
      <span className={styles.muted}>Test:</span>
      {offers.map((o) =>
        done[o.key] ? null : (
          <button key={o.key} type="button" className={styles.addBtn} title={o.title} onClick={() => void click(o)} data-testid={`expect-${o.key.replace(":", "-")}`}>
            + {o.text}
          </button>
        ),
      )}
      {Object.entries(done).map(([k, text]) => (
        <span key={k} className={styles.added} role="status">
          {text}
        </span>
      ))}
    </div>
  );
}
