"use client";
import { createContext, useContext } from "react";
import type { Expectation, Scenario } from "~/core/pipeline/schema";
import type { TraceStore } from "~/components/run/traceStore";

/**
 * Where a one-click expectation goes. The designer saves it through its editor store (one
 * undoable revision, like any edit); the run pages save it on the server directly.
 */
export interface ExpectationSink {
  /** The scenario's saved expectations, or null when the pipeline has no scenario by that name. */
  expectationsOf(scenario: string): readonly Expectation[] | null;
  /** Appends one expectation to the scenario and saves the pipeline as a new revision. */
  add(args: { scenario: string; expectation: Expectation }): Promise<void>;
}

export const ExpectationSinkContext = createContext<ExpectationSink | null>(null);

/** The run a hook card belongs to: the scenario it ran and its trace (for values the host read back). */
export interface RunScope {
  pipelineId: string;
  runId: string;
  /** The profile id of the pipeline that ran, for which fields the host reads back. */
  profile: string | null;
  /** The scenario the run ran; null for a point run (it has no scenario to add to). */
  scenario: string | null;
  store: TraceStore | null;
}

export const RunScopeContext = createContext<RunScope | null>(null);

/** The sink and the run, when both exist (a hook card outside a run view offers no expectation). */
export function useExpectationTarget(): { sink: ExpectationSink; scope: RunScope & { scenario: string } } | null {
  const sink = useContext(ExpectationSinkContext);
  const scope = useContext(RunScopeContext);
  if (!sink || !scope || scope.scenario === null) return null;
  return { sink, scope: { ...scope, scenario: scope.scenario } };
}

/** Deep equality of two expectations (JSON data), so a second click does not add a duplicate. */
export function sameExpectation(a: Expectation, b: Expectation): boolean {
  return JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, sortKeys(v)]),
    );
  }
  return value;
}

/** A scenario's expectations (none saved yet reads as []), or null when there is no such scenario. */
export function expectationsIn(scenarios: readonly Scenario[] | undefined, name: string): readonly Expectation[] | null {
  const scenario = scenarios?.find((s) => s.name === name);
  return scenario ? (scenario.expectations ?? []) : null;
}
