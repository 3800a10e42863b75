import { spawn } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { BundleFile } from "~/core/bundles/types";

/** What a command hook process did: its exit code and both streams, as the host reads them. */
export interface CommandOutcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a hooks.json / settings.json `command` as Claude Code does: through `sh -c`, with the hook
 * input JSON on stdin (a pipe) and the host's path variables in the environment.
 */
export function runCommandHook(command: string, stdin: string, env: Record<string, string>, timeoutMs = 20_000): Promise<CommandOutcome> {
  return new Promise((resolve, reject) => {
    // stdin through a real pipe, as the host gives it (node's own stdin "pipe" is a socket, which
    // a script reading /dev/stdin cannot open).
    const child = spawn("sh", ["-c", `printf '%s' "$HOOKWRIGHT_HOOK_STDIN" | ${command}`], { env: { ...process.env, ...env, HOOKWRIGHT_HOOK_STDIN: stdin }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${command} did not finish within ${timeoutMs} ms`));
    }, timeoutMs);
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.on("error", (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Writes exported files into `dir` (which may exist). */
export async function writeFiles(dir: string, files: readonly BundleFile[]): Promise<void> {
  for (const file of files) {
    await mkdir(dirname(join(dir, file.path)), { recursive: true });
    await writeFile(join(dir, file.path), file.content, { mode: file.executable ? 0o755 : 0o644 });
  }
}
