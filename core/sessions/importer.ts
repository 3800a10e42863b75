import type { Scenario } from "../pipeline/schema";
import { SessionImportError } from "./errors";
import { detectHost, SESSION_READERS } from "./registry";
import { SECRET_PATTERNS, type SecretCounts } from "./secrets";
import { HOST_NAMES, sessionToScenario } from "./toScenario";
import { createRecordCounts, type BadLine, type SessionBranch, type SessionHost, type SessionReader } from "./types";

/** What an import read and left out, shown before the scenario is added. */
export interface SessionImportSummary {
  host: SessionHost;
  hostName: string;
  fileName: string;
  lines: number;
  records: number;
  badLines: BadLine[];
  /** More bad lines than `badLines` lists (it keeps the first 100). */
  badLinesTotal: number;
  unknownTypes: Record<string, number>;
  notImported: Record<string, number>;
  branches: SessionBranch[];
  /** The branches are separate sessions (a joined recording): each may become a scenario of its own (`finish` again with its leaf). */
  branchesAreSessions: boolean;
  secrets: { id: string; description: string; count: number }[];
  secretsKept: boolean;
  modelCalls: number;
  toolCalls: number;
  turns: number;
  compactions: number;
  resultsMissing: number;
  notes: string[];
}

export interface SessionImportOptions {
  /** The host whose format the file is in; null: detected from its first records. */
  host?: SessionHost | null;
  /** A bad line refuses the import (default) or is skipped and listed. */
  badLines?: "refuse" | "skip";
  fileName: string;
}

export interface SessionImportFinish {
  name: string;
  /** The leaf of the branch to import (default: the branch that ends at the last record). */
  branch?: string | null;
  keepSecrets?: boolean;
  /** The profile of the pipeline it goes into: a session of another host says what does not map. */
  profile?: string | null;
  importedAt?: string;
}

/** Records kept while the host is not yet known (the first lines of a file say which it is). */
const DETECT_WITHIN = 50;
const MAX_LISTED_BAD_LINES = 100;

/**
 * An import of a session JSONL fed line by line, so a file of any size is read in memory
 * proportional to the conversation kept, never to the file: `line()` per line (without its
 * newline), then `finish()` (again with another branch for another scenario of the same file). A line that is not JSON is named (line number and the parser's words);
 * with `badLines: "refuse"` the import is refused at the end, listing every bad line; with
 * `"skip"` they are skipped and listed in the summary. A record of a type the reader does not know
 * is counted, never an error.
 *
 * @throws {SessionImportError} from `finish()`: BAD_LINE (refused), UNKNOWN_FORMAT, EMPTY, NO_SUCH_BRANCH, BROKEN_TREE
 * @example
 * const im = createSessionImport({ fileName: "s.jsonl" });
 * for (const l of text.split("\n")) im.line(l);
 * const { scenario, summary } = im.finish({ name: "yesterday" });
 */
export function createSessionImport(options: SessionImportOptions): { line(text: string): void; finish(finish: SessionImportFinish): { scenario: Scenario; summary: SessionImportSummary } } {
  const counts = createRecordCounts();
  const badLines: BadLine[] = [];
  let badLinesTotal = 0;
  let lines = 0;
  let records = 0;
  let host: SessionHost | null = options.host ?? null;
  let reader: SessionReader | null = host === null ? null : SESSION_READERS[host].create(counts);
  const pending: { value: unknown; line: number }[] = [];

  function start(h: SessionHost): SessionReader {
    host = h;
    const r = SESSION_READERS[h].create(counts);
    for (const p of pending) r.record(p.value, p.line);
    pending.length = 0;
    reader = r;
    return r;
  }

  return {
    line(text) {
      lines++;
      if (text.trim() === "") return;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (error) {
        badLinesTotal++;
        if (badLines.length < MAX_LISTED_BAD_LINES) badLines.push({ line: lines, problem: badLineProblem(text, error) });
        return;
      }
      records++;
      if (reader) return reader.record(value, lines);
      pending.push({ value, line: lines });
      const detected = detectHost(value);
      if (detected) start(detected);
      else if (pending.length >= DETECT_WITHIN) throw unknownFormat(pending.map((p) => p.value));
    },

    finish(finish) {
      if (badLinesTotal > 0 && options.badLines !== "skip") {
        const listed = badLines.slice(0, 5).map((b) => `line ${b.line}: ${b.problem}`).join("; ");
        throw new SessionImportError("BAD_LINE", `${badLinesTotal} line${badLinesTotal === 1 ? " is" : "s are"} not JSON (${listed}${badLinesTotal > 5 ? "; …" : ""}): skip ${badLinesTotal === 1 ? "it" : "them"} to import the rest`);
      }
      if (records === 0) throw new SessionImportError("EMPTY", `${options.fileName} has no JSON records${badLinesTotal > 0 ? ` (${badLinesTotal} bad line${badLinesTotal === 1 ? "" : "s"} skipped)` : ""}`);
      const r = reader ?? (pending.length > 0 ? null : null);
      if (!r || host === null) throw unknownFormat(pending.map((p) => p.value));
      const read = r.finish({ leaf: finish.branch ?? null });
      const secrets: SecretCounts = new Map();
      const { scenario, stats } = sessionToScenario(read, { name: finish.name, fileName: options.fileName, importedAt: finish.importedAt ?? new Date().toISOString(), keepSecrets: finish.keepSecrets === true, secrets });
      const notes = [...read.notes];
      const profileOf = read.profile !== undefined ? read.profile : SESSION_READERS[host].profile;
      if (finish.profile && finish.profile !== profileOf) {
        notes.push(
          `${article(HOST_NAMES[host])} ${HOST_NAMES[host]} session in ${article(finish.profile)} ${finish.profile} pipeline: the prompt, the replies and the tool calls are imported with the tool names ${HOST_NAMES[host]} used (${scenario.tools.map((t) => t.name).join(", ") || "none"}); hooks matching this host's tool names may not see them${host === "codex" ? "" : ", and the session's hook records are kept for reference only"}`,
        );
      }
      if (stats.turns > 1) notes.push(`${stats.turns} prompts: Hookwright runs one turn, so the turns are joined (the later prompts are not sent to the model; they are listed where they came)`);
      if (stats.resultsMissing > 0) notes.push(`${stats.resultsMissing} tool call${stats.resultsMissing === 1 ? " has" : "s have"} no recorded result: ${stats.resultsMissing === 1 ? "it answers" : "they answer"} with an error saying so`);
      if (stats.orphanResults > 0) notes.push(`${stats.orphanResults} tool result${stats.orphanResults === 1 ? "" : "s"} answer${stats.orphanResults === 1 ? "s" : ""} no call on this branch: not imported`);
      if (stats.compactions > 0) notes.push(`${stats.compactions} compaction${stats.compactions === 1 ? "" : "s"} recorded: the run keeps the whole history (its compaction is the scenario's own setting); the points and summaries are in the scenario's source`);
      const sideFiles = read.steps.filter((s) => s.kind === "tool_result" && s.sideFile === true).length;
      if (sideFiles > 0) notes.push(`${sideFiles} tool result${sideFiles === 1 ? " was" : "s were"} saved by the host to a side file: the preview the transcript records is imported, not the file`);
      const summary: SessionImportSummary = {
        host,
        hostName: HOST_NAMES[host],
        fileName: options.fileName,
        lines,
        records,
        badLines,
        badLinesTotal,
        unknownTypes: Object.fromEntries(counts.unknown),
        notImported: Object.fromEntries(counts.notImported),
        branches: read.branches,
        branchesAreSessions: SESSION_READERS[host].branchesAreSessions === true,
        secrets: SECRET_PATTERNS.filter((p) => (secrets.get(p.id) ?? 0) > 0).map((p) => ({ id: p.id, description: p.description, count: secrets.get(p.id) ?? 0 })),
        secretsKept: finish.keepSecrets === true,
        modelCalls: stats.modelCalls,
        toolCalls: stats.toolCalls,
        turns: stats.turns,
        compactions: stats.compactions,
        resultsMissing: stats.resultsMissing,
        notes,
      };
      return { scenario, summary };
    },
  };
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? "an" : "a";
}

function badLineProblem(text: string, error: unknown): string {
  const words = error instanceof Error ? error.message : String(error);
  const start = text.length > 40 ? `${text.slice(0, 40)}…` : text;
  return `not JSON (${words}), starting ${JSON.stringify(start)}`;
}

function unknownFormat(values: readonly unknown[]): SessionImportError {
  const types = new Set<string>();
  for (const v of values) {
    const t = typeof v === "object" && v !== null && "type" in v ? (v as { type: unknown }).type : undefined;
    types.add(typeof t === "string" ? t : Array.isArray(v) ? "array" : typeof v === "object" && v !== null ? "(no type)" : typeof v);
  }
  return new SessionImportError(
    "UNKNOWN_FORMAT",
    `not a Claude Code transcript, Codex rollout, OpenClaw session or Hookwright recording: the first ${values.length} record${values.length === 1 ? "" : "s"} ${values.length === 1 ? "has" : "have"} types ${[...types].slice(0, 8).join(", ")}`,
  );
}
