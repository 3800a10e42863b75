"use client";

import { useId, useMemo, useState } from "react";
import { testMatchers } from "~/core/pipeline/matcherGroups";
import type { Hook } from "~/core/pipeline/schema";
import type { HookPointSpec } from "~/core/profiles";
import styles from "./matchers.module.css";

/** The field a point's matchers test, in words: "tool name" for tool events, else the field (source, trigger …). */
export function matchedFieldName(point: Pick<HookPointSpec, "matcherTarget">): { field: string; isTool: boolean } {
  const field = point.matcherTarget?.split("/").pop() ?? "tool_name";
  return { field, isTool: field === "tool_name" || field === "toolName" };
}

/**
 * "Test a tool call": type a tool name (or, on a non-tool event, the value of the field it
 * matches: source, trigger …) and see which of the point's hooks the host would call, and why.
 */
export function MatcherTester({ point, hooks, suggestions }: { point: Pick<HookPointSpec, "id" | "matcherTarget" | "matcherSyntax">; hooks: readonly Hook[]; suggestions: readonly string[] }) {
  const id = useId();
  const [value, setValue] = useState("");
  const { field, isTool } = matchedFieldName(point);
  const rows = useMemo(() => (value === "" ? [] : testMatchers(hooks, value, point.matcherSyntax)), [hooks, value, point.matcherSyntax]);
  const runs = rows.filter((r) => r.runs).length;
  return (
    <div className={styles.tester} data-testid="matcher-tester">
      <label className={styles.testerLabel}>
        <span>{isTool ? "Test a tool call: tool name" : `Test ${point.id}: ${field}`}</span>
        <input
          className={`input ${styles.testerInput}`}
          value={value}
          list={`${id}-values`}
          placeholder={suggestions[0] ?? (isTool ? "Bash" : field)}
          spellCheck={false}
          onChange={(e) => setValue(e.target.value)}
          data-testid="matcher-test"
        />
        <datalist id={`${id}-values`}>
          {suggestions.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
      </label>
      {value !== "" ? (
        <>
          <p className={styles.testSummary} role="status" data-testid="matcher-test-summary">
            {isTool ? `A ${value} call` : `${field} "${value}"`} reaches {runs} of {rows.length} hook{rows.length === 1 ? "" : "s"}
          </p>
          <ul className={styles.testRows} aria-label={`Hooks a ${field} of ${value} reaches`}>
            {rows.map((r) => (
              <li key={r.hookId} className={styles.testRow} data-testid="matcher-test-row" data-hook-id={r.hookId} data-runs={r.runs}>
                <span className={r.runs ? styles.runs : styles.skips} aria-label={r.runs ? "runs" : "does not run"}>
                  {r.runs ? "✓" : "–"}
                </span>
                <span className={styles.testName}>{r.name}</span>
                <span className={styles.testWhy}>{r.why}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
