/** The outcome of one expectation of a scenario against one finished run. */
export interface ExpectationResult {
  /** Index into the scenario's `expectations`. */
  index: number;
  /** The expectation's own label, or a generated description (`hook "be-concise" ran`). */
  label: string;
  pass: boolean;
  /** Plain words: what was found, and for a failure what was expected instead. */
  reason: string;
  /**
   * The trace event that decided it, so a viewer can open the run at that step: the event that
   * broke the expectation (or satisfied it); the `run.end` when what was expected is absent.
   */
  seq: number | null;
}

export interface ExpectationReport {
  passed: number;
  failed: number;
  results: ExpectationResult[];
}

/** What one check returns; check.ts adds the index and label. */
export interface Verdict {
  pass: boolean;
  reason: string;
  seq: number | null;
}
