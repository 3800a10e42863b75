import { createReadStream } from "node:fs";
import { basename, resolve } from "node:path";
import { setFlagsFromString } from "node:v8";
import { uniqueScenarioName } from "../../core/pipeline/changes";
import { describeIssues, parsePipeline } from "../../core/pipeline/parsePipeline";
import type { Pipeline, Scenario } from "../../core/pipeline/schema";
import { createLineSplitter, createSessionImport, SessionImportError, type SessionImportSummary } from "../../core/sessions";
import { parseArgs, UsageError, type Command } from "./command";
import { writeJsonFile } from "./jsonChunks";
import { FileProblem, indent, readJsonFile } from "./pipelineFile";

const USAGE = "hookwright import-session FILE.jsonl --pipeline P.json [--name N] [--branch LEAF] [--keep-secrets] [--skip-bad-lines] [--continue-past-parting]";

/**
 * `hookwright import-session`: reads a Claude Code transcript, Codex rollout or OpenClaw session
 * (JSONL, streamed line by line) into a scenario and adds it to the pipeline file; then
 * `hookwright test P.json` / `run P.json --scenario N` replays it and says, per recorded tool call,
 * what the hooks now do (docs/sessions.md). Exit codes: 0 added, 1 refused (a bad line without
 * --skip-bad-lines, an unknown format, no such branch, a bad pipeline file), 2 a usage mistake.
 */
const command: Command = {
  name: "import-session",
  summary: "Add a recorded Claude Code, Codex or OpenClaw session (JSONL) to a pipeline file as a scenario.",
  usage: USAGE,
  async run(args, io) {
    // Reading a session makes a parsed record per line, most of it garbage at once (a tool's output
    // is recorded twice): V8's size-first heap growth keeps a 200 MB transcript's import near 255 MB
    // of RSS instead of 285–310 MB, for about a second more (bench/session-import).
    setFlagsFromString("--optimize-for-size");
    try {
      const { positionals, flags } = parseArgs(args, { pipeline: "value", name: "value", branch: "value", "keep-secrets": "boolean", "skip-bad-lines": "boolean", "continue-past-parting": "boolean" });
      const [file, ...extra] = positionals;
      if (file === undefined) throw new UsageError("which session file? Give its path");
      if (extra.length > 0) throw new UsageError(`one session file at a time (also got ${extra.join(", ")})`);
      if (typeof flags.pipeline !== "string") throw new UsageError("--pipeline P.json: the pipeline file the scenario is added to");
      const pipelineFile = flags.pipeline;
      const raw = await readJsonFile(io.cwd, pipelineFile);
      const parsed = parsePipeline(raw);
      if (!parsed.ok) throw new FileProblem(`${pipelineFile} is not a valid pipeline:\n${indent(describeIssues(parsed.issues))}`);

      const fileName = basename(file);
      const importer = createSessionImport({ fileName, badLines: flags["skip-bad-lines"] === true ? "skip" : "refuse" });
      await readLines(resolve(io.cwd, file), file, (line) => importer.line(line));
      const base = typeof flags.name === "string" ? flags.name : fileName.replace(/\.jsonl$/i, "");
      const branch = typeof flags.branch === "string" ? flags.branch : null;
      const taken: Pipeline = { ...parsed.value, scenarios: [...parsed.value.scenarios] };
      const finishAs = (wanted: string, leaf: string | null) => {
        const read = importer.finish({ name: uniqueScenarioName(taken, wanted), branch: leaf, keepSecrets: flags["keep-secrets"] === true, profile: parsed.value.profile });
        const scenario = flags["continue-past-parting"] === true && read.scenario.source ? { ...read.scenario, source: { ...read.scenario.source, afterParting: "continue" as const } } : read.scenario;
        taken.scenarios.push(scenario);
        return { scenario, summary: read.summary };
      };
      const first = finishAs(base, branch);
      // A file of several sessions (a joined recording) gives a scenario per session, unless --branch picks one.
      const others = branch === null && first.summary.branchesAreSessions ? first.summary.branches.filter((b) => !b.chosen).map((b) => finishAs(`${base} (${b.leaf})`, b.leaf)) : [];
      const added = [first, ...others];

      const document = raw as { scenarios?: unknown[] };
      document.scenarios = [...(Array.isArray(document.scenarios) ? document.scenarios : []), ...added.map((a) => a.scenario)];
      const check = parsePipeline(document);
      if (!check.ok) throw new FileProblem(`the imported scenario does not fit ${pipelineFile}:\n${indent(describeIssues(check.issues))}`);
      // Written in pieces: the scenario of a large session is tens of megabytes.
      await writeJsonFile(resolve(io.cwd, pipelineFile), document);
      for (const line of summaryLines(first.summary, first.scenario, pipelineFile)) io.stdout(`${line}\n`);
      for (const other of others) io.stdout(`${summaryLines(other.summary, other.scenario, pipelineFile)[0] ?? ""}\n`);
      return 0;
    } catch (error) {
      if (error instanceof UsageError) {
        io.stderr(`hookwright import-session: ${error.message}\nusage: ${USAGE}\n`);
        return 2;
      }
      if (error instanceof SessionImportError || error instanceof FileProblem) {
        io.stderr(`hookwright import-session: ${error.message}\n`);
        return 1;
      }
      throw error;
    }
  },
};
export default command;

/** Streams a file as UTF-8 lines: memory holds one chunk and the line being read, never the file. */
async function readLines(path: string, shown: string, onLine: (line: string) => void): Promise<void> {
  const splitter = createLineSplitter(onLine);
  try {
    for await (const chunk of createReadStream(path, { encoding: "utf8", highWaterMark: 1 << 20 })) splitter.push(chunk as string);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new FileProblem(`cannot read ${shown}: ${code === "ENOENT" ? "no such file" : code === "EISDIR" ? "a folder, not a file" : String(error)}`);
  }
  splitter.end();
}

/** The import summary as `hookwright import-session` prints it. */
export function summaryLines(s: SessionImportSummary, scenario: Scenario, pipelineFile: string): string[] {
  const lines = [
    `Added scenario "${scenario.name}" to ${pipelineFile}: a ${s.hostName} session, ${s.modelCalls} model repl${s.modelCalls === 1 ? "y" : "ies"}, ${s.toolCalls} tool call${s.toolCalls === 1 ? "" : "s"}, ${s.turns} prompt${s.turns === 1 ? "" : "s"}.`,
    `  read ${s.lines} line${s.lines === 1 ? "" : "s"}, ${s.records} record${s.records === 1 ? "" : "s"}`,
  ];
  if (s.badLinesTotal > 0) lines.push(`  skipped ${s.badLinesTotal} bad line${s.badLinesTotal === 1 ? "" : "s"}: ${s.badLines.slice(0, 5).map((b) => `line ${b.line}: ${b.problem}`).join("; ")}${s.badLinesTotal > 5 ? "; …" : ""}`);
  const counted = (m: Record<string, number>) => Object.entries(m).map(([k, n]) => `${k} ×${n}`).join(", ");
  if (Object.keys(s.unknownTypes).length > 0) lines.push(`  skipped records of unknown types: ${counted(s.unknownTypes)}`);
  if (Object.keys(s.notImported).length > 0) lines.push(`  not imported (no place in a scenario): ${counted(s.notImported)}`);
  if (s.branches.length > 1) {
    lines.push(`  ${s.branches.length} branches (import another with --branch LEAF):`);
    for (const b of s.branches) lines.push(`    ${b.chosen ? "*" : " "} ${b.leaf}  ${b.records} records${b.title ? `  "${b.title}"` : ""}  ${b.timestamp ?? ""}  ${b.preview}`.trimEnd());
  }
  if (s.secretsKept) lines.push("  secrets kept as recorded (--keep-secrets)");
  else if (s.secrets.length > 0) lines.push(`  stripped secrets: ${s.secrets.map((x) => `${x.id} ×${x.count}`).join(", ")} (--keep-secrets keeps them)`);
  for (const note of s.notes) lines.push(`  note: ${note}`);
  return lines;
}
