/**
 * Where things are inside the process sandbox: fixed paths, so a hook sees the same folder
 * names on every call and in every recorded stdin (Hookwright's Claude Code profile reports
 * `cwd: "/home/user/project"`).
 */

/** The sandbox user's home: a private tmpfs. */
export const SANDBOX_HOME = "/home/user";

/** The throw-away project folder, bound read-write. */
export const SANDBOX_PROJECT_DIR = `${SANDBOX_HOME}/project`;

/** Where the server's own `node` is bound read-only, first on PATH. */
export const SANDBOX_NODE_DIR = "/opt/hookwright/bin";

/** The uid and gid the command runs as inside (mapped to the unprivileged host user running bwrap). */
export const SANDBOX_UID = 1000;
export const SANDBOX_GID = 1000;

export const SANDBOX_HOSTNAME = "sandbox";

/**
 * The variables every command gets unless the spec sets them: a PATH of system folders only,
 * the fixed home, a locale that exists without /etc (glibc's built-in C.UTF-8), and UTC so a
 * hook's dates do not depend on the server's zone.
 */
export function baseEnvironment(): Record<string, string> {
  return {
    PATH: `${SANDBOX_NODE_DIR}:/usr/local/bin:/usr/bin:/bin`,
    HOME: SANDBOX_HOME,
    LANG: "C.UTF-8",
    TZ: "UTC",
  };
}

/** Files synthesised into the sandbox's /etc (never the host's: no user names, no host names). */
export function etcFiles(): Record<string, string> {
  return {
    passwd: `root:x:0:0:root:/root:/usr/sbin/nologin\nuser:x:${SANDBOX_UID}:${SANDBOX_GID}:user:${SANDBOX_HOME}:/bin/sh\nnobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n`,
    group: `root:x:0:\nuser:x:${SANDBOX_GID}:\nnogroup:x:65534:\n`,
    hosts: `127.0.0.1\tlocalhost ${SANDBOX_HOSTNAME}\n::1\tlocalhost ip6-localhost ip6-loopback\n`,
    hostname: `${SANDBOX_HOSTNAME}\n`,
    "nsswitch.conf": "passwd: files\ngroup: files\nhosts: files\n",
  };
}

/** Host files bound read-only into /etc when they exist: Debian's alternatives (awk, editor, …), the linker's cache, and R's configuration (R_HOME/etc links into /etc/R). */
export const HOST_ETC_BINDS = ["/etc/alternatives", "/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/R"] as const;

/** Top-level links Debian (merged /usr) has; bound as symlinks into /usr. */
export const USR_MERGE_LINKS = ["bin", "sbin", "lib", "lib32", "lib64", "libx32"] as const;
