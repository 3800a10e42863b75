// Preloaded into the measured CLI process (node --import): on exit, writes the process's peak RSS
// and heap to the file named by HOOKWRIGHT_BENCH_RSS_OUT, so the bench reads the CLI's own figures.
import { writeFileSync } from "node:fs";

let peakHeap = 0;
const sample = setInterval(() => {
  peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
}, 20);
sample.unref();
process.on("exit", () => {
  peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
  const out = process.env.HOOKWRIGHT_BENCH_RSS_OUT;
  if (out) writeFileSync(out, JSON.stringify({ peakRssMB: process.resourceUsage().maxRSS / 1024, peakHeapMB: peakHeap / 1024 / 1024 }));
});
