/**
 * The processes bench/load starts (the app through scripts/start.mjs, `hookwright worker`s) and
 * how it stops them. Each child leads a process group of its own: start.mjs runs `next start` as
 * its child, so stopping by the group's id reaches the server too, also when the bench fails
 * half-way or exits without reaching its `finally`.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

const running = new Set<ChildProcess>();

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is gone already: nothing left to stop.
  }
}

// A bench that throws past its cleanup, or is interrupted, leaves no server or worker behind.
process.once("exit", () => {
  for (const child of running) killGroup(child, "SIGKILL");
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    for (const child of running) killGroup(child, "SIGKILL");
    process.exit(130);
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/**
 * `node <args>` in the project folder. Its output goes to stderr, so the bench's stdout stays the
 * JSON result; `onStdout` also sees what it prints on stdout (a worker says there when it is ready).
 */
export function startNode(args: string[], env: NodeJS.ProcessEnv, onStdout?: (text: string) => void): ChildProcess {
  const child = spawn(process.execPath, args, { cwd: root, env, detached: true, stdio: ["ignore", onStdout ? "pipe" : process.stderr, process.stderr] });
  running.add(child);
  if (onStdout) {
    child.stdout?.on("data", (data: Buffer) => {
      process.stderr.write(data);
      onStdout(data.toString());
    });
  }
  return child;
}

/** Resolves once `child` prints `marker` on stdout; rejects when it exits first or `timeoutMs` passes. */
export function startNodeUntil(args: string[], env: NodeJS.ProcessEnv, marker: string, timeoutMs: number): { child: ChildProcess; ready: Promise<void> } {
  let seen = "";
  let resolveReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (resolveReady = resolve));
  const child = startNode(args, env, (text) => {
    seen = (seen + text).slice(-4000);
    if (seen.includes(marker)) resolveReady();
  });
  const failed = new Promise<never>((_, reject) => {
    const timer = setTimeout(() => reject(new Error(`${args.join(" ")} did not print "${marker}" within ${timeoutMs / 1000} s`)), timeoutMs);
    void ready.then(() => clearTimeout(timer));
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${args.join(" ")} exited (code ${code}) before it was ready`));
    });
  });
  failed.catch(() => {}); // handled through `ready` below
  return { child, ready: Promise.race([ready, failed]) };
}

export interface Shutdown {
  signal: "SIGTERM";
  exitCode: number | null;
  exitMs: number;
}

/**
 * SIGTERM to the child itself (as `kill <pid>` would), how long it takes to exit; past
 * `timeoutMs` its whole group is killed. Afterwards anything left in its group is killed.
 */
export async function stopNode(child: ChildProcess, timeoutMs = 40_000): Promise<Shutdown> {
  const began = performance.now();
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    child.kill("SIGTERM");
    const timer = setTimeout(() => killGroup(child, "SIGKILL"), timeoutMs);
    await exited;
    clearTimeout(timer);
  }
  const exitMs = Math.round(performance.now() - began);
  killGroup(child, "SIGKILL");
  running.delete(child);
  return { signal: "SIGTERM", exitCode: child.exitCode, exitMs };
}

/** For `finally`: whatever is still running of `child`'s group is killed now. */
export function killNode(child: ChildProcess): void {
  killGroup(child, "SIGKILL");
  running.delete(child);
}
