import type { Scenario } from "../../core/pipeline/schema";
import { sessionVerdicts } from "../../core/sessions/verdicts";
import type { TraceEvent } from "../../core/trace/events";

const MARK: Record<string, string> = { allowed: "✓", denied: "✗", answered: "↺", rewritten: "~", asked: "?", stopped: "■", "not-reached": "·" };

/**
 * "What would have changed" for a scenario imported from a session: a line per tool call the model
 * made in the session with what the hooks now do with it, and where the session and the run part
 * ways. No lines for a scenario that was not imported.
 */
export function sessionVerdictLines(scenario: Scenario, events: readonly TraceEvent[], indent = ""): string[] {
  const v = sessionVerdicts(scenario, events);
  if (!v) return [];
  const lines = [`${indent}Session tool calls (${scenario.source?.fileName ?? "session"}): ${v.calls.length}, ${Object.entries(v.counts).filter(([, n]) => n > 0).map(([k, n]) => `${n} ${k}`).join(", ") || "none"}`];
  for (const c of v.calls) {
    for (const b of c.before) lines.push(`${indent}  ▸ ${b.kind === "prompt" ? `next prompt in the session (not sent in this run): ${JSON.stringify(clip(b.text, 80))}` : `the host compacted the history here: ${clip(b.text, 80)}`}`);
    if (v.partsWays?.index === c.index) lines.push(`${indent}  ── ${v.partsWays.message}`);
    const after = c.afterParting && !v.partsWays?.stopped ? "  (after the session and the run part ways)" : "";
    lines.push(`${indent}  ${MARK[c.verdict] ?? " "} ${c.index + 1}. ${c.name} ${clip(JSON.stringify(c.input), 70)}: ${c.detail}${c.seq !== null ? `  [step ${c.seq}]` : ""}${after}`);
    for (const h of c.recordedHooks) lines.push(`${indent}      in the session, the host's hook said: ${clip(h, 100)}`);
  }
  if (v.partsWays?.stopped) lines.push(`${indent}  To replay the session's remaining replies anyway: "afterParting": "continue" in the scenario's source (import-session --continue-past-parting).`);
  return lines;
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
