import type { Pipeline } from "~/core/pipeline/schema";
import { noteLines } from "~/core/translate/readme";
import { checkByBehaviour, translateForHost } from "~/server/bundles/crossHost";
import { createSandboxRunner } from "~/server/sandbox";

/**
 * What `hookwright export --target <another host's>` prints after writing: what the move did not
 * carry over, per hook, and each scenario run on both hosts with where the outcomes differ.
 */
export async function crossHostLines(pipeline: Pipeline, targetProfile: string): Promise<string[]> {
  const moved = translateForHost(pipeline, targetProfile);
  if (!moved) return [];
  const { fromName, toName } = moved.translation;
  const lines = [moved.notes.length === 0 ? `Moved from ${fromName} to ${toName}: everything carries over.` : `Moved from ${fromName} to ${toName}; what does not carry over as it was (also in the README):`];
  for (const line of noteLines(moved.notes)) lines.push(`  - ${line}`);
  lines.push(`Checked by behaviour (each scenario run on ${fromName} and on ${toName}):`);
  const checks = await checkByBehaviour(pipeline, moved, createSandboxRunner);
  if (checks.length === 0) lines.push("  the pipeline has no scenario to check");
  for (const c of checks) {
    if (c.comparison === null) lines.push(`  · ${c.scenario}: ${c.skipped ?? "not checked"}`);
    else if (c.comparison.same) lines.push(`  ✓ ${c.scenario}: same outcomes on both hosts (${c.comparison.agreed})`);
    else {
      lines.push(`  ✗ ${c.scenario}: differs${c.comparison.agreed !== "no tool calls" ? ` (the same: ${c.comparison.agreed})` : ""}`);
      for (const d of c.comparison.differences) lines.push(`      call ${d.index + 1}, ${d.call}: ${d.text}`);
      if (c.comparison.ending) lines.push(`      ${c.comparison.ending}`);
    }
  }
  return lines;
}
