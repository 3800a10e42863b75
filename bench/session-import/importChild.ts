/**
 * The measured half of bench/session-import: imports one session file as the CLI does (a read
 * stream, the line splitter, the importer) and prints time, peak RSS and the scenario's size as
 * one JSON line. Run alone in its own process so the RSS is the import's.
 */
import { createReadStream, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createLineSplitter, createSessionImport } from "../../core/sessions";
import { writeJsonFile } from "../../server/cli/jsonChunks";

const file = process.argv[2];
if (!file) throw new Error("usage: importChild.ts FILE.jsonl");
const baselineRssMB = process.memoryUsage().rss / 1024 / 1024;
let peakHeap = 0;
const sample = setInterval(() => {
  peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
}, 20);
const started = performance.now();
const importer = createSessionImport({ fileName: "transcript.jsonl" });
const splitter = createLineSplitter((line) => importer.line(line));
for await (const chunk of createReadStream(file, { encoding: "utf8", highWaterMark: 1 << 20 })) splitter.push(chunk as string);
splitter.end();
const readMs = performance.now() - started;
const { scenario, summary } = importer.finish({ name: "bench" });
const importMs = performance.now() - started;
// What the CLI then does: write the pipeline file with the scenario, in pieces.
const out = path.join(tmpdir(), `hookwright-session-bench-${process.pid}.json`);
await writeJsonFile(out, { format: "hookwright.pipeline/v1", name: "bench", profile: "claude-code", hooks: [], scenarios: [scenario] });
const scenarioBytes = statSync(out).size;
rmSync(out);
const totalMs = performance.now() - started;
clearInterval(sample);
peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
const round = (n: number) => Math.round(n * 10) / 10;
process.stdout.write(
  `${JSON.stringify({
    seconds: round(importMs / 1000),
    readSeconds: round(readMs / 1000),
    withWriteSeconds: round(totalMs / 1000),
    peakRssMB: round(process.resourceUsage().maxRSS / 1024),
    baselineRssMB: round(baselineRssMB),
    peakHeapMB: round(peakHeap / 1024 / 1024),
    scenarioMB: round(scenarioBytes / 1024 / 1024),
    modelCalls: summary.modelCalls,
    importedToolCalls: summary.toolCalls,
    secretsStripped: summary.secrets.reduce((a, s) => a + s.count, 0),
  })}\n`,
);
