/**
 * The process sandbox's two entry points: is it available here ({@link probeProcessSandbox}),
 * and run one command in it ({@link runSandboxedProcess}). User code never runs outside it:
 * without a working sandbox, nothing runs.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { ProcessSandboxError } from "./errors";
import { findSystemTool } from "./hostFacts";
import { probeWith, type ProcessSandboxProbe, type TrialRun } from "./probe";
import { sandboxCall } from "./sandboxCall";
import { resolveSpec } from "./spec";
import type { SandboxedProcessResult, SandboxedProcessSpec } from "./types";

const TRIAL_TIMEOUT_MS = 10_000;

const trialRun: TrialRun = async (tools) => {
  try {
    const result = await sandboxCall(tools, resolveSpec({ command: { argv: ["true"] }, limits: { timeoutMs: TRIAL_TIMEOUT_MS } }));
    if (result.exitCode !== 0) return { ok: false, stderr: `a sandboxed \`true\` ended with ${result.timedOut ? "a timeout" : `exit ${String(result.exitCode)}`}: ${result.stderr}` };
  } catch (error) {
    return { ok: false, stderr: error instanceof Error ? error.message : String(error) };
  }
  const { stdout } = await promisify(execFile)(tools.bwrap, ["--version"], { env: {} as NodeJS.ProcessEnv, encoding: "utf8" }).catch(() => ({ stdout: "bubblewrap (version unknown)" }));
  return { ok: true, version: stdout.trim() };
};

let cached: Promise<ProcessSandboxProbe> | null = null;

/**
 * Whether command hooks can run on this machine: bwrap and prlimit present and a trial sandbox
 * working. Asked once per process (a sandboxed `true`, about 10 ms) and remembered.
 *
 * @param options.fresh ask again instead of using the remembered answer
 * @returns available with the tools, or unavailable with the reason and the one thing to do
 * @example
 * const probe = await probeProcessSandbox();
 * if (!probe.available) console.log(`${probe.reason}; fix: ${probe.fix}`);
 */
export function probeProcessSandbox(options: { fresh?: boolean } = {}): Promise<ProcessSandboxProbe> {
  if (options.fresh || !cached) cached = probeWith({ platform: process.platform, env: process.env, findTool: findSystemTool, trial: trialRun });
  return cached;
}

/**
 * Runs a command in a fresh OS sandbox (bubblewrap): its own user, pid, network (loopback
 * only), ipc and uts namespaces; a read-only /usr; a private /tmp and home; the spec's files as
 * a throw-away project folder at `/home/user/project`; exactly the spec's environment; caps on
 * time, CPU, memory, processes, file size and output. Whatever the command does (fail, crash,
 * hang, fork, flood) comes back as a result; all its processes are dead when this resolves.
 *
 * @param spec what to run (see {@link SandboxedProcessSpec})
 * @returns exit code, output, caps hit, duration and the project folder's changed files
 * @throws {ProcessSandboxError} UNAVAILABLE when there is no working sandbox here (with the
 *   fix), BAD_SPEC for a malformed spec, SETUP_FAILED when bwrap could not build this sandbox
 * @example
 * const result = await runSandboxedProcess({
 *   command: { shell: 'python3 "$CLAUDE_PROJECT_DIR/.claude/hooks/guard.py"' },
 *   files: [{ path: ".claude/hooks/guard.py", content: source, mode: 0o755 }],
 *   env: { CLAUDE_PROJECT_DIR: "/home/user/project" },
 *   stdin: JSON.stringify(hookInput),
 *   limits: { timeoutMs: 60_000 },
 * });
 */
export async function runSandboxedProcess(spec: SandboxedProcessSpec): Promise<SandboxedProcessResult> {
  const resolved = resolveSpec(spec);
  const probe = await probeProcessSandbox();
  if (!probe.available) throw new ProcessSandboxError("UNAVAILABLE", `command not run: ${probe.reason}`, probe.fix);
  return sandboxCall(probe, resolved);
}
