import type { ExpectationReport } from "../../core/expectations";

/** The expectations of a run for a terminal: a count, then one line per expectation (✓ / ✗ reason, step). */
export function expectationLines(report: ExpectationReport): string[] {
  const lines = [`Expectations: ${report.passed} passed, ${report.failed} failed`];
  for (const r of report.results) {
    lines.push(r.pass ? `  ✓ ${r.label}` : `  ✗ ${r.label}: ${r.reason}${r.seq !== null ? `  [step ${r.seq}]` : ""}`);
  }
  return lines;
}
