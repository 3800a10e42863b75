/**
 * The process sandbox's input and output, as plain data: what to run, with which files,
 * environment, input and limits; and what came out. Nothing here holds a live handle.
 */

/** A file to create in the throw-away project folder before the command starts. */
export interface SandboxFile {
  /** Relative to the project folder, `/`-separated, no `..` (e.g. `.claude/hooks/guard.py`). */
  readonly path: string;
  readonly content: string | Uint8Array;
  /** Unix permission bits; default `0o644`. Scripts run by path need `0o755`. */
  readonly mode?: number;
}

/**
 * A read-only folder beside the project folder, e.g. a plugin's own files at
 * `${CLAUDE_PLUGIN_ROOT}`: its scripts run, but the command cannot change them.
 */
export interface SandboxFolder {
  /** Absolute path inside the sandbox, under the home folder `/home/user` and outside the project folder. */
  readonly at: string;
  readonly files: readonly SandboxFile[];
}

/**
 * What to run: a shell command line, run by `/bin/sh -c` as Claude Code runs a hook's
 * `command`, or an argv run directly (the first element looked up on the sandbox's PATH).
 */
export type SandboxCommand = { readonly shell: string } | { readonly argv: readonly string[] };

/** Caps on one call. Each has a default ({@link DEFAULT_PROCESS_LIMITS}). */
export interface ProcessLimits {
  /** Wall clock, from start to kill. */
  readonly timeoutMs: number;
  /** Bytes of stdout kept; the rest is read and dropped (`stdoutTruncated`). */
  readonly stdoutBytes: number;
  /** Bytes of stderr kept; the rest is read and dropped (`stderrTruncated`). */
  readonly stderrBytes: number;
  /**
   * Total bytes printed (stdout + stderr) after which the command is killed (`outputLimitHit`):
   * keeps `yes` from keeping the server busy reading until the timeout.
   */
  readonly outputKillBytes: number;
  /** Address space of each process (RLIMIT_AS). Node needs about 1 GiB of it just to start. */
  readonly memoryBytes: number;
  /** CPU seconds of each process (RLIMIT_CPU): SIGXCPU, then SIGKILL a second later. */
  readonly cpuSeconds: number;
  /** Processes and threads alive at once inside the sandbox (RLIMIT_NPROC). */
  readonly maxProcesses: number;
  /** Largest file a process may write (RLIMIT_FSIZE): a bigger write fails with SIGXFSZ. */
  readonly fileSizeBytes: number;
  /** Bytes the project folder may hold while the command runs; past it the command is killed (`diskLimitHit`). */
  readonly projectBytes: number;
  /** Size of the private `/tmp` (a tmpfs, counted in memory). */
  readonly tmpBytes: number;
  /** Bytes of a changed file's new content reported back; past it `contentTruncated`. */
  readonly reportedFileBytes: number;
  /** Changed files reported back; past it `filesTruncated`. */
  readonly reportedFiles: number;
}

export const DEFAULT_PROCESS_LIMITS: ProcessLimits = {
  timeoutMs: 60_000,
  stdoutBytes: 1024 * 1024,
  stderrBytes: 1024 * 1024,
  outputKillBytes: 64 * 1024 * 1024,
  memoryBytes: 2 * 1024 ** 3,
  cpuSeconds: 60,
  maxProcesses: 128,
  fileSizeBytes: 64 * 1024 * 1024,
  tmpBytes: 64 * 1024 * 1024,
  projectBytes: 512 * 1024 * 1024,
  reportedFileBytes: 256 * 1024,
  reportedFiles: 500,
};

/** One call of {@link runSandboxedProcess}. */
export interface SandboxedProcessSpec {
  readonly command: SandboxCommand;
  /** The project folder's content (the hooks' scripts, the scenario's files). */
  readonly files?: readonly SandboxFile[];
  /** Read-only folders to mount beside it (not reported in `fileChanges`: they cannot change). */
  readonly readOnlyFolders?: readonly SandboxFolder[];
  /**
   * Working directory inside the sandbox: absolute (inside the project folder) or relative to
   * it. Default: the project folder, {@link SANDBOX_PROJECT_DIR}.
   */
  readonly cwd?: string;
  /**
   * Environment variables, exactly these, plus PATH, HOME, LANG and TZ when not given
   * ({@link baseEnvironment}). Nothing of the server's own environment is passed.
   */
  readonly env?: Readonly<Record<string, string>>;
  /** Written to the command's stdin, which is then closed. Default: empty. */
  readonly stdin?: string | Uint8Array;
  readonly limits?: Partial<ProcessLimits>;
}

/**
 * A change the command made to a file in the project folder. Symbolic links are reported,
 * never followed; folders are not reported (a file that became a folder is `deleted`, and the
 * files inside it `added`).
 */
export interface FileChange {
  readonly path: string;
  readonly kind: "added" | "modified" | "deleted";
  /** What is at `path` now; null when deleted. */
  readonly type: "file" | "symlink" | null;
  /** New content (UTF-8 when valid, else base64), up to `reportedFileBytes`; null when deleted or not a file. */
  readonly content: string | null;
  readonly encoding: "utf8" | "base64" | null;
  readonly contentTruncated: boolean;
  /** Size in bytes now; 0 when deleted. */
  readonly size: number;
  /** Permission bits now, for a file (`0o755`: executable); null otherwise. */
  readonly mode: number | null;
  /** Link target, for a symlink. */
  readonly linkTarget: string | null;
}

/** What one call gave. Guest failures (crash, timeout, caps) are values here, never thrown. */
export interface SandboxedProcessResult {
  /**
   * The command's exit code; null when it was killed by the sandbox (timeout, output limit).
   * A command that dies of a signal itself shows 128 + the signal's number, as a shell reports
   * it (a CPU cap: 152 for SIGXCPU or 137 for SIGKILL; a file too large: 153 for SIGXFSZ).
   */
  readonly exitCode: number | null;
  /** The signal the sandbox killed the command with (`"SIGKILL"`), else null. */
  readonly signal: string | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly stdoutTruncated: boolean;
  readonly stderrTruncated: boolean;
  readonly timedOut: boolean;
  /** Killed for printing more than `outputKillBytes`. */
  readonly outputLimitHit: boolean;
  /** Killed for filling the project folder past `projectBytes`. */
  readonly diskLimitHit: boolean;
  readonly durationMs: number;
  readonly fileChanges: readonly FileChange[];
  /** More changes than `reportedFiles`: the list stops there. */
  readonly filesTruncated: boolean;
}
