#!/usr/bin/env node
/*
 * How fast can other instances learn that a worker process died (kill -9)? A worker holds a
 * session-level advisory lock keyed by its id for as long as it lives; the kernel closes its
 * socket when it dies, PostgreSQL ends the session and drops the lock. Another connection polls
 * pg_try_advisory_lock every 10 ms. `node bench/pg-queue/workerLiveness.mjs` prints JSON
 * (10 kills, bounded at 10 s each). No queue library needed.
 */
import { spawn } from "node:child_process";
import pg from "pg";
import { startCluster } from "../../scripts/pgCluster.mjs";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

if (process.argv[2] === "hold") {
  const client = new pg.Client({ connectionString: process.argv[3] });
  await client.connect();
  await client.query("select pg_advisory_lock($1)", [process.argv[4]]);
  process.stdout.write("held\n");
  setInterval(() => {}, 1 << 30);
} else {
  const cluster = await startCluster();
  const watcher = new pg.Client({ connectionString: cluster.url });
  await watcher.connect();
  const detections = [];
  try {
    for (let i = 0; i < 10; i++) {
      const key = String(1000 + i);
      const child = spawn(process.execPath, [new URL(import.meta.url).pathname, "hold", cluster.url, key], { stdio: ["ignore", "pipe", "inherit"] });
      await new Promise((resolve) => child.stdout.once("data", resolve));
      const { rows } = await watcher.query("select pg_try_advisory_lock($1) as got", [key]);
      if (rows[0].got) throw new Error("the lock was free while its holder lived");
      child.kill("SIGKILL");
      const killedAt = performance.now();
      for (;;) {
        const { rows: polled } = await watcher.query("select pg_try_advisory_lock($1) as got", [key]);
        if (polled[0].got) {
          detections.push(Math.round((performance.now() - killedAt) * 10) / 10);
          await watcher.query("select pg_advisory_unlock($1)", [key]);
          break;
        }
        if (performance.now() - killedAt > 10_000) throw new Error("the lock outlived its holder by 10 s");
        await sleep(10);
      }
    }
  } finally {
    await watcher.end();
    await cluster.stop();
  }
  const sorted = [...detections].sort((a, b) => a - b);
  console.log(JSON.stringify({ killToLockFreeMs: { n: sorted.length, min: sorted[0], p50: sorted[5], max: sorted.at(-1) } }));
}
