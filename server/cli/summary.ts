import type { ContentBlock } from "../../core/pipeline/schema";
import type { HookEndEvent, ProcessRecord, TraceEvent } from "../../core/trace/events";
import { effectsLabel } from "../../core/run/hookStatus";
import { processEnding } from "../../core/run/processEnding";
import { envReadsText } from "../../core/sandbox/envRead";

/**
 * The readable form of a trace for `hookwright run` without --json: one block per hook point
 * (each hook with its status, changed fields, error, ignored writes and logs), model and tool
 * events, compactions, and the exit. Fed event by event, so it prints as the run goes.
 */
export function createSummaryPrinter(write: (line: string) => void) {
  const names = new Map<string, string>();
  return (event: TraceEvent): void => {
    switch (event.type) {
      case "run.start":
        write(`Run of "${event.pipeline}" (profile ${event.profile}), scenario "${event.scenario}"`);
        return;
      case "point.start":
        write(`  ${event.point}${event.edge ? `  [${event.edge}]` : ""}`);
        // Struck through in the designer: the host never registers them, so they never run.
        for (const d of event.dropped ?? []) write(`    ~ ${d.name}  dropped: ${d.reason}`);
        return;
      case "hook.start":
        names.set(event.hookId, event.name ?? event.hookId);
        return;
      case "hook.end":
        hookLines(event, names.get(event.hookId) ?? event.hookId).forEach(write);
        return;
      case "point.end":
        return;
      case "model.request":
        write(`  -> model call ${event.call}${event.continueOf ? ` (continue ${event.continueOf})` : ""}: ${event.messages.length} message${event.messages.length === 1 ? "" : "s"}, system ${event.system === null ? "none" : quote(event.system, 60)}`);
        return;
      case "model.response":
        if (event.error !== undefined) write(`  <- model error: ${event.error}`);
        else write(`  <- reply (${event.stopReason}): ${describeContent(event.content)}`);
        return;
      case "tool.call":
        write(`  -> tool ${event.name} ${clip(JSON.stringify(event.input), 80)}  [${event.toolUseId}]`);
        return;
      case "tool.result":
        write(`  <- ${event.claimedBy ? `answered by hook ${names.get(event.claimedBy) ?? event.claimedBy}` : "tool result"}${event.isError ? " (error)" : ""}: ${quote(event.content, 80)}`);
        for (const log of event.logs ?? []) write(`       ${log.level}: ${log.message}`);
        if (event.env?.length) write(`       read env ${envReadsText(event.env)}`);
        return;
      case "compact":
        write(`  compacted the history: ${event.beforeChars} -> ${event.afterChars} characters${event.removedMessages ? ` (${event.removedMessages} messages summarized)` : ""}`);
        return;
      case "approval.request":
        write(`  ? approval asked by hook ${names.get(event.hookId) ?? event.hookId}: ${clip(String(event.request.title ?? ""), 80)}  [${event.approvalId}]`);
        return;
      case "approval.resolve":
        write(`  ! approval ${event.decision} by ${event.by}${event.reason ? `: ${clip(event.reason, 80)}` : ""}`);
        return;
      case "run.end":
        write(`Exit: ${event.exitReason}${event.error ? ` (${event.error})` : ""}`);
        return;
    }
  };
}

function hookLines(e: HookEndEvent, name: string): string[] {
  const fields = [...new Set(e.patch.map((op) => op.path.split("/")[1] ?? ""))].filter(Boolean);
  const what =
    e.error !== null
      ? `${e.status ?? "threw"}: ${e.error.trimEnd()}${locationSuffix(e)}`
      : fields.length > 0
        ? `${e.status ?? "changed"}: ${fields.join(", ")}`
        : [e.status ?? "unchanged", e.status === undefined || e.status === "unchanged" ? effectsLabel(e) : null].filter(Boolean).join(", ");
  const decision = e.decision !== undefined ? `  decision ${clip(JSON.stringify(e.decision), 80)}` : "";
  const lines = [`    ${e.error !== null ? "x" : "-"} ${name}  ${what}${decision}  ${Math.round(e.durationMs)} ms`];
  for (const w of e.ignoredWrites ?? []) lines.push(`       ignored ${w.path}: ${w.reason}`);
  for (const log of e.logs) lines.push(`       ${log.level}: ${log.message}`);
  if (e.env?.length) lines.push(`       read env ${envReadsText(e.env)}`);
  for (const c of e.inference ?? []) {
    const where = [c.callSite, c.profile !== null ? `profile ${c.profile}` : null].filter(Boolean).join(", ");
    lines.push(`       model call (${where}): ${c.reply ? quote(c.reply.text, 80) : `failed: ${c.error ?? ""}`}`);
  }
  for (const event of e.published ?? []) lines.push(`       published: ${clip(JSON.stringify(event), 100)}`);
  if (e.process) lines.push(...processLines(e.process, e.output, e.durationMs));
  return lines;
}

/** A command hook's process: the command, how it ended, what it printed and the answer read from it. */
function processLines(p: ProcessRecord, output: HookEndEvent["output"], durationMs: number): string[] {
  const ended = p.refused ? `not run: ${p.refused}` : processEnding(p, durationMs);
  const lines = [`       $ ${clip(p.command, 100)}  -> ${ended}`];
  if (p.stdout.trim()) lines.push(`       stdout: ${quote(p.stdout.trim(), 100)}${p.stdoutTruncated ? " (cut)" : ""}`);
  if (p.stderr.trim()) lines.push(`       stderr: ${quote(p.stderr.trim(), 100)}${p.stderrTruncated ? " (cut)" : ""}`);
  // The answer when it is not stdout's JSON itself (plain stdout read as context).
  if (output !== undefined && output !== null && !p.stdout.trim().startsWith("{")) lines.push(`       answer: ${clip(JSON.stringify(output), 100)}`);
  if (p.note) lines.push(`       note: ${p.note}`);
  return lines;
}

/** " (file:line:col)" unless the error text already names the place. */
function locationSuffix(e: HookEndEvent): string {
  if (!e.errorLocation) return "";
  const at = `${e.errorLocation.file}:${e.errorLocation.line}:${e.errorLocation.column}`;
  return e.error?.includes(at) ? "" : ` (${at})`;
}

function describeContent(content: readonly ContentBlock[]): string {
  if (content.length === 0) return "(empty)";
  return content
    .map((b) => (b.type === "text" ? quote(b.text, 60) : b.type === "tool_use" ? `tool_use ${b.name}` : b.type === "image" ? `image ${b.source.media_type}` : `tool_result ${b.tool_use_id}`))
    .join(", ");
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function quote(text: string, max: number): string {
  return JSON.stringify(clip(text, max));
}
