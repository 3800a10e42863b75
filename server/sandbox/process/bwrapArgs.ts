/**
 * The bubblewrap command line for one call: which namespaces, which mounts, which limits.
 * Pure: every fact about the host is passed in, so the isolation can be read (and tested) as
 * one list.
 */
import {
  SANDBOX_GID,
  SANDBOX_HOME,
  SANDBOX_HOSTNAME,
  SANDBOX_NODE_DIR,
  SANDBOX_PROJECT_DIR,
  SANDBOX_UID,
} from "./layout";
import type { ProcessLimits } from "./types";

/** A top-level entry of the host's `/` that the system needs (Debian: `/bin -> usr/bin`). */
export type RootEntry = { readonly name: string; readonly kind: "symlink"; readonly target: string } | { readonly name: string; readonly kind: "directory" };

/** What the sandbox is built from on this host. */
export interface SandboxMounts {
  /** `/bin`, `/lib`, … as the host has them: links into /usr are recreated, real folders bound read-only. */
  readonly rootEntries: readonly RootEntry[];
  /** Host paths bound read-only at the same path under /etc (they exist). */
  readonly etcBinds: readonly string[];
  /** Synthesised /etc files: sandbox path → host file holding its content. */
  readonly etcFiles: Readonly<Record<string, string>>;
  /** The host folder that becomes the project folder. */
  readonly projectDir: string;
  /** Host folders bound read-only at `at` (under the home folder). */
  readonly readOnlyFolders: readonly { readonly hostDir: string; readonly at: string }[];
  /** The server's own node (resolved), bound at `SANDBOX_NODE_DIR/node`; null: none. */
  readonly nodeBinary: string | null;
  /** util-linux's prlimit, which sets the caps inside. */
  readonly prlimit: string;
}

/**
 * The file descriptor on which bwrap writes its status as JSON: the child's pid at once, and
 * `{ "exit-code": N }` only if the command ran and ended. Its absence after bwrap ends (not
 * killed by us) means the sandbox could not be set up: tells bwrap's own failures apart from
 * the command's, whatever the command prints.
 */
export const STATUS_FD = 3;

/** What {@link STATUS_FD} carries once the command ran. */
export const RAN_MARK = '"exit-code"';

/**
 * The arguments to give bwrap (after its own path).
 *
 * @param options.mounts what to mount, from the host's facts
 * @param options.limits the caps (rlimits through prlimit, tmpfs sizes)
 * @param options.cwd working directory inside the sandbox
 * @param options.argv the command to run inside
 */
export function bwrapArgs(options: { mounts: SandboxMounts; limits: ProcessLimits; cwd: string; argv: readonly string[] }): string[] {
  const { mounts, limits, cwd, argv } = options;
  const args: string[] = [
    // Namespaces: user, ipc, pid, net (loopback only), uts, cgroup. A user namespace always,
    // so that the command runs as an unprivileged uid with no capabilities, even when the
    // server is root, and may not make nested ones.
    "--unshare-all",
    "--unshare-user",
    "--disable-userns",
    "--uid", String(SANDBOX_UID),
    "--gid", String(SANDBOX_GID),
    "--cap-drop", "ALL",
    "--hostname", SANDBOX_HOSTNAME,
    // Killed when the server dies; no controlling terminal to push keystrokes into (TIOCSTI).
    "--die-with-parent",
    "--new-session",
    "--json-status-fd", String(STATUS_FD),
    "--ro-bind", "/usr", "/usr",
  ];
  for (const entry of mounts.rootEntries) {
    if (entry.kind === "symlink") args.push("--symlink", entry.target, `/${entry.name}`);
    else args.push("--ro-bind", `/${entry.name}`, `/${entry.name}`);
  }
  for (const hostPath of mounts.etcBinds) args.push("--ro-bind", hostPath, hostPath);
  for (const [sandboxPath, hostFile] of Object.entries(mounts.etcFiles)) args.push("--ro-bind", hostFile, sandboxPath);
  if (mounts.nodeBinary) args.push("--ro-bind", mounts.nodeBinary, `${SANDBOX_NODE_DIR}/node`);
  args.push(
    "--proc", "/proc",
    "--dev", "/dev",
    "--size", String(limits.tmpBytes), "--tmpfs", "/tmp",
    "--size", String(limits.tmpBytes), "--tmpfs", SANDBOX_HOME,
    "--bind", mounts.projectDir, SANDBOX_PROJECT_DIR,
  );
  for (const folder of mounts.readOnlyFolders) args.push("--ro-bind", folder.hostDir, folder.at);
  args.push(
    // The root itself is an unbounded tmpfs: read-only, so a hook cannot fill memory through it.
    "--remount-ro", "/",
    "--chdir", cwd,
    "--",
    mounts.prlimit,
    `--as=${limits.memoryBytes}`,
    `--cpu=${limits.cpuSeconds}:${limits.cpuSeconds + 1}`,
    `--nproc=${limits.maxProcesses}`,
    `--fsize=${limits.fileSizeBytes}`,
    "--core=0",
    "--nofile=1024",
    "--",
    ...argv,
  );
  return args;
}
