"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "~/components/providers/TrpcProvider";
import { Field, IntegerField } from "~/components/scenarios/fields";
import styles from "~/components/scenarios/scenarios.module.css";
import type { Scenario } from "~/core/pipeline/schema";

type Model = Scenario["model"];

/**
 * Which model answers a scenario: its scripted replies (the default, offline) or a real
 * provider configured on the server (Settings → Model providers). Switching keeps the input
 * token budget; the replies of a scripted model are dropped (Undo brings them back).
 */
export function ScenarioModelKind(props: { value: Model; onChange: (next: Model, label?: string) => void }) {
  const trpc = useTRPC();
  const providers = useQuery({ ...trpc.providers.list.queryOptions(), enabled: props.value.kind === "provider" });
  const { value, onChange } = props;
  const names = [...new Set((providers.data?.providers ?? []).filter((p) => !p.shadowed).map((p) => p.name))];
  const toProvider = (): Model => ({ kind: "provider", provider: names[0] ?? "anthropic", model: "", maxTokens: 1024, maxInputTokens: value.maxInputTokens, timeoutMs: 60_000, retries: 0 });

  return (
    <fieldset className={`${styles.section} ${styles.grid}`} data-testid="scenario-model">
      <legend>Model</legend>
      <Field label="Answered by">
        {(id) => (
          <select
            id={id}
            className={styles.input}
            value={value.kind}
            onChange={(e) =>
              e.target.value === "provider"
                ? onChange(toProvider(), "Answer with a real model")
                : onChange({ kind: "scripted", maxInputTokens: value.maxInputTokens, responses: [] }, "Answer with scripted replies")
            }
          >
            <option value="scripted">Scripted replies</option>
            <option value="provider">A real model</option>
          </select>
        )}
      </Field>
      {value.kind === "provider" ? (
        <>
          <Field label="Provider" hint={names.length === 0 && providers.isSuccess ? "(none configured)" : undefined}>
            {(id) => (
              <select id={id} className={styles.input} value={value.provider} onChange={(e) => onChange({ ...value, provider: e.target.value }, `Call provider ${e.target.value}`)}>
                {names.includes(value.provider) ? null : <option value={value.provider}>{value.provider} (not configured)</option>}
                {names.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Model" hint="(empty: the provider's default)">
            {(id) => <input id={id} className={styles.input} value={value.model} onChange={(e) => onChange({ ...value, model: e.target.value })} />}
          </Field>
          <IntegerField label="Max tokens" value={value.maxTokens} min={1} max={200_000} onChange={(n) => n !== null && onChange({ ...value, maxTokens: n })} />
          <Field label="Temperature" hint="(empty: the provider's)">
            {(id) => (
              <input
                id={id}
                className={styles.input}
                type="number"
                min={0}
                max={2}
                step={0.1}
                value={value.temperature ?? ""}
                onChange={(e) => {
                  const t = e.target.value === "" ? undefined : Number(e.target.value);
                  if (t === undefined || (Number.isFinite(t) && t >= 0 && t <= 2)) onChange({ ...value, temperature: t });
                }}
              />
            )}
          </Field>
          <p className={`${styles.hint} ${styles.wide}`}>
            Keys stay on the server: <Link href="/settings/providers">Settings → Model providers</Link>. Each reply is recorded; replay and re-run use the recording.
          </p>
        </>
      ) : null}
    </fieldset>
  );
}
