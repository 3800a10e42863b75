/*
 * A worker process for bench/pg-queue/run.mjs: `node worker.mjs <pg-boss|graphile-worker> <url> [options JSON]`.
 * Takes jobs one at a time and prints one JSON line per job start and end on stdout, with the
 * enqueue→start latency measured against `data.sentAt` (same machine, same clock). A job holds
 * for `data.holdMs` (the crash experiment uses a long hold and kill -9s this process).
 */
import { openQueue } from "./queues.mjs";

const [name, url, optionsJson] = process.argv.slice(2);
const queue = await openQueue(/** @type {"pg-boss" | "graphile-worker"} */ (name), url, JSON.parse(optionsJson ?? "{}"));
const now = () => performance.timeOrigin + performance.now();
const print = (line) => process.stdout.write(`${JSON.stringify(line)}\n`);

await queue.work(async (id, data) => {
  print({ started: id, tag: data.tag, latencyMs: now() - data.sentAt, at: now() });
  if (data.holdMs) await new Promise((resolve) => setTimeout(resolve, data.holdMs));
  print({ finished: id, tag: data.tag, at: now() });
});
print({ ready: true });
process.on("SIGTERM", () => void queue.close().then(() => process.exit(0)));
