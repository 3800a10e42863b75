/**
 * bench/session-import: a 200 MB synthetic Claude Code transcript imported as a scenario by the
 * real CLI (`hookwright import-session`, streamed line by line through core/sessions, the scenario
 * written to a pipeline file), in its own process so the peak RSS is the import's (rssProbe.mjs).
 * Prints JSON: file size, records, time, peak RSS (goal: under 300 MB), the scenario's size.
 *
 * The transcript is shaped like real ones: each turn a prompt, a reply streamed as two records
 * (text, then tool_use, one message id), a tool result record carrying the output twice (the
 * Messages-API `tool_result` and the host's `toolUseResult`), per-record metadata (cwd, session,
 * version, usage), file snapshots and progress records; outputs of 200 B to 24 KB, a secret now
 * and then.
 *
 * Usage: npx tsx bench/session-import/run.ts [--mb 200] [--keep]
 */
import { spawnSync } from "node:child_process";
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const args = process.argv.slice(2);
const targetMb = Number(args[args.indexOf("--mb") + 1] ?? 200) || 200;
const here = path.dirname(fileURLToPath(import.meta.url));

async function writeTranscript(file: string, bytes: number): Promise<{ records: number; toolCalls: number }> {
  const out = createWriteStream(file);
  const session = "5d7c1e2a-0b9f-4c3d-8e6a-1f2b3c4d5e6f";
  let written = 0;
  let records = 0;
  let toolCalls = 0;
  let parent: string | null = null;
  let seed = 7;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const filler = "lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor ".repeat(400);
  const write = async (record: object) => {
    const line = `${JSON.stringify(record)}\n`;
    written += Buffer.byteLength(line);
    records++;
    if (!out.write(line)) await new Promise<void>((resolve) => out.once("drain", () => resolve()));
  };
  const meta = (uuid: string, type: string) => ({ parentUuid: parent, isSidechain: false, userType: "external", cwd: "/home/ada/projects/shop", sessionId: session, version: "2.1.330", gitBranch: "main", type, uuid, timestamp: new Date(1_764_000_000_000 + records * 1000).toISOString() });
  for (let turn = 0; written < bytes; turn++) {
    const u = `u-${turn}`;
    await write({ ...meta(u, "user"), message: { role: "user", content: turn % 50 === 0 ? `Step ${turn}: keep going. OPENAI_API_KEY=sk-proj-${"x".repeat(40)}` : `Step ${turn}: keep going.` } });
    parent = u;
    for (let call = 0; call < 3; call++) {
      const id = `toolu_${turn}_${call}`;
      const a1 = `a-${turn}-${call}-1`;
      const usage = { input_tokens: 1200 + call, cache_creation_input_tokens: 0, cache_read_input_tokens: 48000, output_tokens: 90, service_tier: "standard" };
      await write({ ...meta(a1, "assistant"), requestId: `req_${turn}_${call}`, message: { id: `msg_${turn}_${call}`, type: "message", role: "assistant", model: "claude-sonnet-4-5", content: [{ type: "text", text: `Running step ${turn}.${call}.` }], stop_reason: null, stop_sequence: null, usage } });
      parent = a1;
      const a2 = `a-${turn}-${call}-2`;
      await write({ ...meta(a2, "assistant"), requestId: `req_${turn}_${call}`, message: { id: `msg_${turn}_${call}`, type: "message", role: "assistant", model: "claude-sonnet-4-5", content: [{ type: "tool_use", id, name: call === 1 ? "Read" : "Bash", input: call === 1 ? { file_path: `/home/ada/projects/shop/src/f${turn}.ts` } : { command: `npm test -- --grep step${turn}` } }], stop_reason: "tool_use", stop_sequence: null, usage } });
      parent = a2;
      toolCalls++;
      const size = 200 + Math.floor(rnd() ** 2 * 24_000);
      const output = filler.slice(0, size);
      const r = `r-${turn}-${call}`;
      await write({ ...meta(r, "user"), message: { role: "user", content: [{ tool_use_id: id, type: "tool_result", content: output, is_error: false }] }, toolUseResult: { stdout: output, stderr: "", interrupted: false, isImage: false } });
      parent = r;
      if (call === 2) await write({ ...meta(`p-${turn}`, "progress"), data: { type: "hook_progress", hookEvent: "PostToolUse" } });
      if (call === 2) parent = `p-${turn}`;
    }
    const end = `e-${turn}`;
    await write({ ...meta(end, "assistant"), message: { id: `msg_${turn}_end`, type: "message", role: "assistant", model: "claude-sonnet-4-5", content: [{ type: "text", text: `Step ${turn} done.` }], stop_reason: "end_turn", stop_sequence: null, usage: { input_tokens: 1, output_tokens: 5 } } });
    parent = end;
    if (turn % 20 === 0) await write({ type: "file-history-snapshot", messageId: `m${turn}`, snapshot: { messageId: `m${turn}`, trackedFileBackups: {}, timestamp: new Date().toISOString() }, isSnapshotUpdate: false });
  }
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  return { records, toolCalls };
}

const dir = mkdtempSync(path.join(tmpdir(), "hookwright-session-bench-"));
const file = path.join(dir, "transcript.jsonl");
const generated = await writeTranscript(file, targetMb * 1024 * 1024);
const root = path.join(here, "..", "..");
const cli = (cliArgs: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, ["--import", pathToFileURL(path.join(here, "rssProbe.mjs")).href, path.join(root, "bin", "hookwright.mjs"), ...cliArgs], { cwd: dir, encoding: "utf8", env: { ...process.env, ...env } });
const pipelineFile = path.join(dir, "pipeline.json");
writeFileSync(pipelineFile, JSON.stringify({ format: "hookwright.pipeline/v1", name: "bench", profile: "claude-code", hooks: [], scenarios: [] }));
// The CLI bundles itself on its first start after a change: not part of what is measured.
const warm = cli(["--help"]);
if (warm.status !== 0) throw new Error(`the CLI did not start: ${warm.stderr}`);
const rssOut = path.join(dir, "rss.json");
const started = performance.now();
const child = cli(["import-session", file, "--pipeline", pipelineFile, "--name", "bench"], { HOOKWRIGHT_BENCH_RSS_OUT: rssOut });
const seconds = (performance.now() - started) / 1000;
if (child.status !== 0) {
  process.stderr.write(child.stderr);
  process.exit(1);
}
const measured = JSON.parse(readFileSync(rssOut, "utf8")) as { peakRssMB: number; peakHeapMB: number };
const written = JSON.parse(readFileSync(pipelineFile, "utf8")) as { scenarios: { model: { responses: unknown[] } }[] };
const round = (n: number) => Math.round(n * 10) / 10;
const result = {
  bench: "session-import",
  what: "hookwright import-session FILE --pipeline P.json (the CLI as users run it: read line by line, scenario written to the pipeline file)",
  fileMB: round(statSync(file).size / 1024 / 1024),
  records: generated.records,
  toolCalls: generated.toolCalls,
  seconds: round(seconds),
  peakRssMB: round(measured.peakRssMB),
  peakHeapMB: round(measured.peakHeapMB),
  scenarioMB: round(statSync(pipelineFile).size / 1024 / 1024),
  modelCalls: written.scenarios[0]?.model.responses.length ?? 0,
  goalPeakRssMB: 300,
  underGoal: measured.peakRssMB < 300,
};
if (!args.includes("--keep")) rmSync(dir, { recursive: true, force: true });
process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
