/**
 * bwrap as a child process: started with exactly the command's environment and descriptors,
 * fed its stdin, its output collected under caps, killed (with its whole process group, and so
 * its PID namespace) at the timeout or when it prints too much.
 */
import { spawn, type StdioOptions } from "node:child_process";
import { openSync } from "node:fs";
import { RAN_MARK, STATUS_FD } from "./bwrapArgs";
import { CappedOutput } from "./cappedOutput";
import { folderBytes } from "./folderBytes";
import { ProcessSandboxError } from "./errors";
import { inheritedFds, sandboxHostUser } from "./hostFacts";
import type { ResolvedSpec } from "./spec";

export interface Ended {
  readonly exitCode: number | null;
  readonly signal: string | null;
  /** bwrap set the sandbox up and the command ran (see STATUS_FD). */
  readonly ran: boolean;
  readonly timedOut: boolean;
  readonly outputLimitHit: boolean;
  /** Killed for filling the project folder past its cap. */
  readonly diskLimitHit: boolean;
  readonly durationMs: number;
  readonly stdout: CappedOutput;
  readonly stderr: CappedOutput;
}

/** How often the project folder's size is checked while a command runs. */
const DISK_WATCH_MS = 200;

/** Opened once: what inherited descriptors are replaced with in the child. */
let devNull: number | null = null;

/**
 * stdin, stdout, stderr and bwrap's status pipe; every descriptor the server inherited
 * without close-on-exec replaced by /dev/null, so none of the host's pipes or sockets reaches
 * the sandbox.
 */
function stdioFor(inherited: readonly number[]): StdioOptions {
  const stdio: ("pipe" | "ignore" | number)[] = ["pipe", "pipe", "pipe", "pipe"];
  if (inherited.length === 0) return stdio;
  devNull ??= openSync("/dev/null", "r+");
  for (const fd of inherited) {
    while (stdio.length < fd) stdio.push("ignore");
    if (fd >= stdio.length) stdio.push(devNull);
    else if (fd > STATUS_FD) stdio[fd] = devNull;
  }
  return stdio;
}

/** Starts bwrap and waits for it to end (or kills it). Never rejects for the command's own failures. */
export function runBwrap(bwrap: string, args: string[], spec: ResolvedSpec, projectDir: string): Promise<Ended> {
  return new Promise((resolve, reject) => {
    const owner = sandboxHostUser();
    const started = performance.now();
    const child = spawn(bwrap, args, {
      // Exactly the command's environment: bwrap passes its own on, and the server's stays out.
      // (Next's typings make NODE_ENV required in ProcessEnv; the command gets none unless given.)
      env: { ...spec.env } as NodeJS.ProcessEnv,
      stdio: stdioFor(inheritedFds()),
      // Its own process group, so the kill reaches bwrap whatever it is doing.
      detached: true,
      uid: owner?.uid,
      gid: owner?.gid,
    });
    const { stdin: input, stdout: output, stderr: errors } = child;
    if (!input || !output || !errors) throw new ProcessSandboxError("SETUP_FAILED", "bwrap was started without its pipes");
    const stdout = new CappedOutput(spec.limits.stdoutBytes);
    const stderr = new CappedOutput(spec.limits.stderrBytes);
    let status = "";
    let timedOut = false;
    let outputLimitHit = false;
    let diskLimitHit = false;
    /** Whether it was still running (and is now killed). */
    const kill = (): boolean => {
      if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return false;
      try {
        process.kill(-child.pid, "SIGKILL");
        return true;
      } catch {
        return false; // already gone
      }
    };
    const timer = setTimeout(() => {
      timedOut = kill();
    }, spec.limits.timeoutMs);
    // The project folder is a host folder (its changes are read back after): a watchdog keeps a
    // command from filling the server's disk with many files each under RLIMIT_FSIZE.
    let counting = false;
    const watchdog = setInterval(() => {
      if (counting) return;
      counting = true;
      void folderBytes(projectDir, spec.limits.projectBytes).then((bytes) => {
        counting = false;
        if (bytes > spec.limits.projectBytes && !timedOut && !outputLimitHit && !diskLimitHit) diskLimitHit = kill();
      });
    }, DISK_WATCH_MS);
    const onOutput = (sink: CappedOutput) => (chunk: Buffer) => {
      sink.push(chunk);
      if (!outputLimitHit && !timedOut && stdout.total + stderr.total > spec.limits.outputKillBytes) outputLimitHit = kill();
    };
    output.on("data", onOutput(stdout));
    errors.on("data", onOutput(stderr));
    const statusPipe = child.stdio[STATUS_FD];
    statusPipe?.on("data", (chunk: Buffer) => {
      if (status.length < 4096) status += chunk.toString("latin1");
    });
    statusPipe?.on("error", () => undefined);
    // A command that exits without reading its stdin closes the pipe under us: not an error.
    input.on("error", () => undefined);
    input.end(spec.stdin);
    child.on("error", (error) => {
      clearTimeout(timer);
      clearInterval(watchdog);
      reject(new ProcessSandboxError("SETUP_FAILED", `bwrap could not be started: ${error.message}`));
    });
    // "close", not "exit": every pipe drained, so the output is complete.
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      clearInterval(watchdog);
      resolve({ exitCode: code, signal, ran: status.includes(RAN_MARK), timedOut, outputLimitHit, diskLimitHit, durationMs: performance.now() - started, stdout, stderr });
    });
  });
}
