import claudeCodeBranches from "./fixtures/claude-code-branches.jsonl?raw";
import claudeCodeSubagent from "./fixtures/claude-code-subagent.jsonl?raw";
import codexApplyPatch from "./fixtures/codex-apply-patch.jsonl?raw";
import openclawCompaction from "./fixtures/openclaw-compaction.jsonl?raw";
import { createSessionImport, type SessionImportFinish, type SessionImportOptions } from "./importer";

/** Test helper: imports a fixture of ./fixtures (or given text) line by line, as the CLI and the server do. */
export function importText(text: string, options: Partial<SessionImportOptions> & Partial<SessionImportFinish> = {}) {
  const im = createSessionImport({ fileName: options.fileName ?? "session.jsonl", host: options.host ?? null, badLines: options.badLines ?? "refuse" });
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  for (const line of lines) im.line(line);
  return im.finish({ name: options.name ?? "imported", importedAt: "2026-11-27T08:00:00.000Z", branch: options.branch ?? null, keepSecrets: options.keepSecrets ?? false, profile: options.profile ?? null });
}

const FIXTURES: Record<string, string> = { "claude-code-branches.jsonl": claudeCodeBranches, "claude-code-subagent.jsonl": claudeCodeSubagent, "codex-apply-patch.jsonl": codexApplyPatch, "openclaw-compaction.jsonl": openclawCompaction };

/** The text of a fixture of ./fixtures (session files written from the formats' documentation and source). */
export function fixture(name: string): string {
  const text = FIXTURES[name];
  if (text === undefined) throw new Error(`no fixture ${name}`);
  return text;
}

export const jsonl = (records: readonly unknown[]): string => records.map((r) => JSON.stringify(r)).join("\n");
