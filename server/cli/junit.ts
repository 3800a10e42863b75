import type { ScenarioOutcome } from "./testRun";

/**
 * JUnit XML (the de facto schema CI systems read: Jenkins, GitLab, GitHub actions): one
 * <testsuite> per pipeline, one <testcase> per scenario; a failed expectation is a <failure>
 * whose message names it, a run that could not complete is an <error>.
 */
export function junitXml(pipelineName: string, outcomes: readonly ScenarioOutcome[]): string {
  const failures = outcomes.filter((o) => o.status === "failed").length;
  const errors = outcomes.filter((o) => o.status === "error").length;
  const time = seconds(outcomes.reduce((t, o) => t + o.durationMs, 0));
  const counts = `tests="${outcomes.length}" failures="${failures}" errors="${errors}" skipped="0" time="${time}"`;
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', `<testsuites name="hookwright" ${counts}>`, `  <testsuite name="${attr(pipelineName)}" ${counts}>`];
  for (const o of outcomes) {
    const open = `    <testcase classname="${attr(pipelineName)}" name="${attr(o.scenario)}" time="${seconds(o.durationMs)}"`;
    if (o.status === "passed") {
      lines.push(`${open}/>`);
      continue;
    }
    lines.push(`${open}>`);
    if (o.status === "error") lines.push(`      <error message="${attr(o.error ?? "the run did not complete")}" type="run">${text(o.error ?? "")}</error>`);
    else {
      const failed = o.report?.results.filter((r) => !r.pass) ?? [];
      const message = failed.map((r) => `${r.label}: ${r.reason}`).join("; ");
      const body = failed.map((r) => `${r.label}\n  ${r.reason}${r.seq !== null ? ` (step ${r.seq})` : ""}`).join("\n");
      lines.push(`      <failure message="${attr(message)}" type="expectation">${text(body)}</failure>`);
    }
    lines.push("    </testcase>");
  }
  lines.push("  </testsuite>", "</testsuites>", "");
  return lines.join("\n");
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}

// XML 1.0 allows tab, newline, carriage return and characters from U+0020; anything else in a hook's error text would make the file unreadable.
// eslint-disable-next-line no-control-regex -- the point is to remove control characters
const INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

function text(value: string): string {
  return value.replace(INVALID, "").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function attr(value: string): string {
  return text(value).replace(/"/g, "&quot;").replace(/\n/g, "&#10;").replace(/\r/g, "&#13;").replace(/\t/g, "&#9;");
}
