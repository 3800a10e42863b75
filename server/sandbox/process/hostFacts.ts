/**
 * What the process sandbox needs to know about this machine: where bwrap and prlimit are, how
 * `/bin` and friends are laid out, which node to bind, and which host user runs the sandbox.
 */
import { accessSync, constants, lstatSync, readdirSync, readFileSync, readlinkSync, realpathSync, statSync } from "node:fs";
import path from "node:path";
import type { RootEntry } from "./bwrapArgs";
import { HOST_ETC_BINDS, USR_MERGE_LINKS } from "./layout";

/** Folders searched for system tools, after HOOKWRIGHT_BWRAP: the standard ones, not the server's PATH (a pyenv or nvm shim is not a sandbox tool). */
const SYSTEM_BIN_DIRS = ["/usr/bin", "/bin", "/usr/local/bin", "/usr/sbin", "/sbin"];

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return lstatSync(file).isFile() || lstatSync(realpathSync(file)).isFile();
  } catch {
    return false;
  }
}

/** A system tool's path, or null. */
export function findSystemTool(name: string): string | null {
  for (const dir of SYSTEM_BIN_DIRS) {
    const file = path.join(dir, name);
    if (isExecutable(file)) return file;
  }
  return null;
}

/** bwrap: `HOOKWRIGHT_BWRAP` when set (it must exist), else the system's. */
export function findBwrap(
  env: Readonly<Record<string, string | undefined>>,
  findTool: (name: string) => string | null = findSystemTool,
): { path: string } | { path: null; configured: string | null } {
  const configured = env.HOOKWRIGHT_BWRAP?.trim();
  if (configured) return isExecutable(configured) ? { path: configured } : { path: null, configured };
  const found = findTool("bwrap");
  return found ? { path: found } : { path: null, configured: null };
}

/** `/bin`, `/lib`, … as this host has them (links into /usr, or real folders). */
export function rootEntries(): RootEntry[] {
  const entries: RootEntry[] = [];
  for (const name of USR_MERGE_LINKS) {
    const hostPath = `/${name}`;
    try {
      const stat = lstatSync(hostPath);
      if (stat.isSymbolicLink()) entries.push({ name, kind: "symlink", target: readlinkSync(hostPath) });
      else if (stat.isDirectory()) entries.push({ name, kind: "directory" });
    } catch {
      // absent on this host: nothing to mount
    }
  }
  return entries;
}

/** The host /etc entries worth binding that exist here. */
export function etcBinds(): string[] {
  return HOST_ETC_BINDS.filter((file) => {
    try {
      lstatSync(file);
      return true;
    } catch {
      return false;
    }
  });
}

/** Whether a user with no claim on the file (neither owner nor group) can reach and run it. */
function runnableByOthers(file: string): boolean {
  const dirs: string[] = [];
  for (let dir = path.dirname(file); dir !== path.dirname(dir); dir = path.dirname(dir)) dirs.push(dir);
  return dirs.every((dir) => (statSync(dir).mode & 0o001) !== 0) && (statSync(file).mode & 0o005) === 0o005;
}

/**
 * The server's own node binary, resolved through links; null when the user that runs bwrap
 * cannot reach it (a root server's node under /root, e.g. nvm's): node hooks then find no node.
 */
export function nodeBinary(): string | null {
  try {
    const resolved = realpathSync(process.execPath);
    accessSync(resolved, constants.R_OK | constants.X_OK);
    return sandboxHostUser() && !runnableByOthers(resolved) ? null : resolved;
  } catch {
    return null;
  }
}

/**
 * The host user that runs bwrap. Root is never used: processes whose host uid is root escape
 * RLIMIT_NPROC (the kernel does not count them), so a fork bomb would not be capped. A root
 * server runs the sandbox as `nobody`; any other server as itself.
 */
export function sandboxHostUser(): { uid: number; gid: number } | null {
  return process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : null;
}

const O_CLOEXEC = 0o2000000;

/**
 * File descriptors above stderr that this server inherited without close-on-exec (from the
 * shell, npm or a service manager that started it). A spawned child inherits them, so bwrap
 * and the command would too: a pipe or socket of the host inside the sandbox. Node's and its
 * addons' own descriptors are close-on-exec and are not listed.
 */
export function inheritedFds(): number[] {
  const fds: number[] = [];
  let names: string[];
  try {
    names = readdirSync("/proc/self/fd");
  } catch {
    return fds;
  }
  for (const name of names) {
    const fd = Number(name);
    if (!Number.isInteger(fd) || fd <= 2) continue;
    try {
      const flags = /^flags:\s*([0-7]+)/m.exec(readFileSync(`/proc/self/fdinfo/${fd}`, "utf8"))?.[1];
      if (flags !== undefined && (parseInt(flags, 8) & O_CLOEXEC) === 0) fds.push(fd);
    } catch {
      // closed meanwhile (the directory listing's own descriptor, for one)
    }
  }
  return fds.sort((a, b) => a - b);
}
