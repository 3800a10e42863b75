#!/usr/bin/env node
/*
 * pg-boss vs graphile-worker as Hookwright's run queue, measured on a throw-away PostgreSQL
 * (scripts/pgCluster.mjs): `node bench/pg-queue/run.mjs [pg-boss|graphile-worker ...]` prints JSON.
 * Needs the candidates in QUEUE_EVAL_DIR (see queues.mjs); everything runs on 127.0.0.1 and stops
 * by itself (each wait is bounded).
 *
 * Per queue, with one worker process (worker.mjs) taking one job at a time:
 *   latency     enqueue → handler start, idle worker, 30 jobs at random gaps
 *   singleton   a second job for the same run while the first is active: does it wait?
 *   priority    three jobs queued behind a busy worker: the order they start in
 *   cancel      a queued job (never starts?) and an active one (is the handler told?)
 *   crash       kill -9 of the worker mid-job: how long until the job is failed/expired/retryable,
 *               and does a new worker take it again
 * and, once, PostgreSQL LISTEN/NOTIFY latency between two connections (trace events to web instances).
 */
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { startCluster } from "../../scripts/pgCluster.mjs";
import { openQueue } from "./queues.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (n) => Math.round(n * 10) / 10;
const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { n: sorted.length, p50: round(at(0.5)), p95: round(at(0.95)), max: round(sorted[sorted.length - 1]), mean: round(sorted.reduce((a, b) => a + b, 0) / sorted.length) };
};

/** A worker child and the JSON lines it printed. */
function startWorker(name, url, options) {
  const child = spawn(process.execPath, [path.join(here, "worker.mjs"), name, url, JSON.stringify(options)], { stdio: ["ignore", "pipe", "inherit"] });
  const lines = [];
  const waiters = new Set();
  createInterface({ input: child.stdout }).on("line", (line) => {
    lines.push(JSON.parse(line));
    for (const waiter of waiters) waiter();
  });
  const waitFor = (predicate, timeoutMs = 20_000) =>
    new Promise((resolve, reject) => {
      const check = () => {
        const found = lines.find(predicate);
        if (found) {
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`${name}: no such line within ${timeoutMs} ms`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  const seen = (predicate) => lines.some(predicate);
  return { child, lines, waitFor, seen };
}

async function experiment(name, url, workerOptions, label) {
  const queue = await openQueue(name, url, { supervise: true, maintenanceIntervalSeconds: 1, wake: workerOptions.wake });
  let worker = startWorker(name, url, { ...workerOptions, supervise: false });
  await worker.waitFor((l) => l.ready);
  const result = { queue: label, version: queue.version };

  const latencies = [];
  for (let i = 0; i < 30; i++) {
    // Random gaps longer than a polling interval, so enqueues land at random points of the poll cycle.
    await sleep(100 + Math.random() * 2400);
    await queue.enqueue({ tag: `lat${i}`, sentAt: now() }, { key: `lat${i}` });
    latencies.push((await worker.waitFor((l) => l.started && l.tag === `lat${i}`)).latencyMs);
  }
  result.enqueueToStartMs = stats(latencies);

  await queue.enqueue({ tag: "A", sentAt: now(), holdMs: 800 }, { key: "run-1" });
  await worker.waitFor((l) => l.started && l.tag === "A");
  await queue.enqueue({ tag: "B", sentAt: now() }, { key: "run-1" });
  const bStart = await worker.waitFor((l) => l.started && l.tag === "B");
  const aEnd = await worker.waitFor((l) => l.finished && l.tag === "A");
  result.singleton = { secondJobWaitedForFirst: bStart.at >= aEnd.at, startedAfterFirstEndedMs: round(bStart.at - aEnd.at) };

  await queue.enqueue({ tag: "busy", sentAt: now(), holdMs: 1000 }, { key: "run-2" });
  await worker.waitFor((l) => l.started && l.tag === "busy");
  for (const [tag, priority] of [["p1", 1], ["p10", 10], ["p5", 5]]) await queue.enqueue({ tag, sentAt: now() }, { key: `run-${tag}`, priority });
  await worker.waitFor((l) => l.started && l.tag === "p1");
  result.priority = { queuedInOrder: ["p1", "p10", "p5"], startedInOrder: worker.lines.filter((l) => l.started && /^p\d/.test(l.tag)).map((l) => l.tag) };

  await queue.enqueue({ tag: "busy2", sentAt: now(), holdMs: 1000 }, { key: "run-3" });
  await worker.waitFor((l) => l.started && l.tag === "busy2");
  const queuedId = await queue.enqueue({ tag: "C", sentAt: now() }, { key: "run-4" });
  await queue.cancel(queuedId, "run-4");
  await worker.waitFor((l) => l.finished && l.tag === "busy2");
  await sleep(3000);
  result.cancelQueued = { started: worker.seen((l) => l.started && l.tag === "C"), stateAfter: await queue.state(queuedId) };

  const activeId = await queue.enqueue({ tag: "D", sentAt: now(), holdMs: 1500 }, { key: "run-5" });
  const dStart = await worker.waitFor((l) => l.started && l.tag === "D");
  await queue.cancel(activeId, "run-5");
  const stateAfterCancel = await queue.state(activeId);
  const dEnd = await worker.waitFor((l) => l.finished && l.tag === "D");
  result.cancelActive = {
    stateRightAfterCancel: stateAfterCancel,
    handlerRanToItsEndMs: round(dEnd.at - dStart.at),
    stateAfterHandlerEnded: await queue.state(activeId),
  };

  // Crash: kill -9 mid-job, then watch the job's state (bounded: 40 s).
  const expireInSeconds = 5;
  const crashId = await queue.enqueue({ tag: "E", sentAt: now(), holdMs: 600_000 }, { key: "run-6", expireInSeconds });
  await worker.waitFor((l) => l.started && l.tag === "E");
  worker.child.kill("SIGKILL");
  const killedAt = now();
  const states = [];
  let settled = null;
  while (now() - killedAt < 40_000) {
    const state = await queue.state(crashId);
    if (states.at(-1)?.state !== state) states.push({ state, afterMs: Math.round(now() - killedAt) });
    if (!state.startsWith("locked") && state !== "active") {
      settled = { state, afterMs: Math.round(now() - killedAt) };
      break;
    }
    await sleep(100);
  }
  worker = startWorker(name, url, { ...workerOptions, supervise: false });
  await worker.waitFor((l) => l.ready);
  await sleep(5000);
  result.crash = {
    expireInSecondsSet: name === "pg-boss" ? expireInSeconds : null,
    statesAfterKill: states,
    settled: settled ?? `still ${states.at(-1)?.state} after 40 s`,
    newWorkerRanItAgain: worker.seen((l) => l.started && l.tag === "E"),
  };
  if (queue.queueRows) result.namedQueueRowsLeft = await queue.queueRows();
  worker.child.kill("SIGTERM");
  await new Promise((resolve) => worker.child.once("exit", resolve));
  await queue.close();
  return result;
}

/** NOTIFY on one connection → the LISTENing one, 200 times, 1 KB payloads; and the 8000-byte payload limit. */
async function listenNotify(url) {
  const listener = new pg.Client({ connectionString: url });
  const sender = new pg.Client({ connectionString: url });
  await Promise.all([listener.connect(), sender.connect()]);
  await listener.query("listen run_events");
  const latencies = [];
  let resolveOne = () => {};
  listener.on("notification", (message) => {
    latencies.push(now() - JSON.parse(message.payload ?? "{}").sentAt);
    resolveOne();
  });
  const pad = "x".repeat(1000);
  for (let i = 0; i < 200; i++) {
    const arrived = new Promise((resolve) => (resolveOne = resolve));
    await sender.query("select pg_notify('run_events', $1)", [JSON.stringify({ sentAt: now(), pad })]);
    await arrived;
  }
  let tooLong = null;
  await sender.query("select pg_notify('run_events', $1)", [JSON.stringify({ sentAt: now(), pad: "x".repeat(8000) })]).catch((error) => {
    tooLong = error.message;
  });
  await Promise.all([listener.end(), sender.end()]);
  return { notifyToListenerMs: stats(latencies), payloadOver8000Bytes: tooLong };
}

const chosen = process.argv.slice(2);
const plans = [
  { name: "pg-boss", label: "pg-boss (pollingIntervalSeconds 2, the default)", options: { pollingIntervalSeconds: 2 } },
  { name: "pg-boss", label: "pg-boss (pollingIntervalSeconds 0.5, v10's minimum)", options: { pollingIntervalSeconds: 0.5 } },
  { name: "pg-boss", label: "pg-boss (pollingIntervalSeconds 2) + NOTIFY wake-up calling notifyWorker", options: { pollingIntervalSeconds: 2, wake: true } },
  { name: "graphile-worker", label: "graphile-worker (LISTEN/NOTIFY, pollInterval 2000)", options: { pollInterval: 2000 } },
].filter((plan) => chosen.length === 0 || chosen.includes(plan.name));

const cluster = await startCluster({ database: "postgres_bench" });
const admin = new pg.Client({ connectionString: cluster.url });
await admin.connect();
const results = { cluster: cluster.timings, node: process.version, runs: [] };
try {
  for (const [i, plan] of plans.entries()) {
    await admin.query(`create database q${i}`);
    const url = cluster.url.replace(/\/postgres_bench$/, `/q${i}`);
    results.runs.push(await experiment(plan.name, url, plan.options, plan.label));
  }
  results.listenNotify = await listenNotify(cluster.url);
} finally {
  await admin.end();
  await cluster.stop();
}
console.log(JSON.stringify(results, null, 2));
