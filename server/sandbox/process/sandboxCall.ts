/**
 * One sandboxed call, given the tools the probe found: lay out a throw-away folder, start bwrap
 * on it, feed stdin, collect output under caps, kill on timeout, report the folder's changes,
 * remove the folder.
 */
import { chmod, chown, lchown, mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { bwrapArgs, type SandboxMounts } from "./bwrapArgs";
import { ProcessSandboxError } from "./errors";
import { sandboxHostUser } from "./hostFacts";
import { etcFiles, SANDBOX_PROJECT_DIR } from "./layout";
import { diffFolder, materialiseFiles } from "./projectFolder";
import { sharedMounts } from "./sharedMounts";
import { runBwrap } from "./spawnBwrap";
import type { ResolvedSpec } from "./spec";
import type { SandboxedProcessResult } from "./types";

export interface SandboxTools {
  readonly bwrap: string;
  readonly prlimit: string;
}

/** Gives a whole tree to `owner` (never following links). */
async function chownTree(dir: string, owner: { uid: number; gid: number }): Promise<void> {
  await chown(dir, owner.uid, owner.gid);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await chownTree(full, owner);
    else await lchown(full, owner.uid, owner.gid);
  }
}

/**
 * Removes the run folder. A command may leave folders it made unwritable (`chmod 555`), which
 * a non-root server cannot empty: they are made writable first. A folder that still cannot be
 * removed is left behind rather than failing the call.
 */
async function removeRunDir(runDir: string): Promise<void> {
  try {
    await rm(runDir, { recursive: true, force: true });
  } catch {
    await makeWritable(runDir).catch(() => undefined);
    await rm(runDir, { recursive: true, force: true }).catch(() => undefined);
  }
}

async function makeWritable(dir: string): Promise<void> {
  await chmod(dir, 0o700);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) await makeWritable(path.join(dir, entry.name)).catch(() => undefined);
  }
}

/**
 * Writes the run folder: `project/` (the spec's files), `read-only-N/` (the read-only folders'),
 * and `etc/` (the synthesised /etc files), owned by the sandbox's host user.
 */
async function layOut(runDir: string, spec: ResolvedSpec) {
  const projectDir = path.join(runDir, "project");
  await mkdir(projectDir);
  const snapshot = await materialiseFiles(projectDir, spec.files);
  if (spec.cwd !== SANDBOX_PROJECT_DIR) await mkdir(path.join(projectDir, path.posix.relative(SANDBOX_PROJECT_DIR, spec.cwd)), { recursive: true });
  const readOnlyFolders: { hostDir: string; at: string }[] = [];
  for (const [index, folder] of spec.readOnlyFolders.entries()) {
    const hostDir = path.join(runDir, `read-only-${index}`);
    await mkdir(hostDir);
    await materialiseFiles(hostDir, folder.files);
    readOnlyFolders.push({ hostDir, at: folder.at });
  }
  const etcDir = path.join(runDir, "etc");
  await mkdir(etcDir);
  const etc: Record<string, string> = {};
  for (const [name, content] of Object.entries(etcFiles())) {
    await writeFile(path.join(etcDir, name), content, { mode: 0o644 });
    etc[`/etc/${name}`] = path.join(etcDir, name);
  }
  const owner = sandboxHostUser();
  if (owner) await chownTree(runDir, owner);
  return { projectDir, snapshot, etc, readOnlyFolders };
}

/**
 * Runs one resolved spec in a fresh sandbox. The probe must have passed.
 * @throws {ProcessSandboxError} SETUP_FAILED when bwrap could not build the sandbox
 */
export async function sandboxCall(tools: SandboxTools, spec: ResolvedSpec): Promise<SandboxedProcessResult> {
  const runDir = await mkdtemp(path.join(tmpdir(), "hookwright-process-"));
  try {
    const { projectDir, snapshot, etc, readOnlyFolders } = await layOut(runDir, spec);
    const mounts: SandboxMounts = { ...sharedMounts(), etcFiles: etc, projectDir, readOnlyFolders, prlimit: tools.prlimit };
    const ended = await runBwrap(tools.bwrap, bwrapArgs({ mounts, limits: spec.limits, cwd: spec.cwd, argv: spec.argv }), spec, projectDir);
    if (!ended.ran && !ended.timedOut && !ended.outputLimitHit && !ended.diskLimitHit) {
      throw new ProcessSandboxError("SETUP_FAILED", `bwrap could not set the sandbox up (exit ${String(ended.exitCode)}): ${ended.stderr.text().trim() || "no message"}`);
    }
    const killed = ended.timedOut || ended.outputLimitHit || ended.diskLimitHit;
    const { changes, truncated } = await diffFolder(projectDir, snapshot, spec.limits);
    return {
      exitCode: killed ? null : ended.exitCode,
      signal: killed ? (ended.signal ?? "SIGKILL") : null,
      stdout: ended.stdout.text(),
      stderr: ended.stderr.text(),
      stdoutTruncated: ended.stdout.truncated,
      stderrTruncated: ended.stderr.truncated,
      timedOut: ended.timedOut,
      outputLimitHit: ended.outputLimitHit,
      diskLimitHit: ended.diskLimitHit,
      durationMs: Math.round(ended.durationMs * 10) / 10,
      fileChanges: changes,
      filesTruncated: truncated,
    };
  } finally {
    await removeRunDir(runDir);
  }
}
