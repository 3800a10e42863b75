import type { UnitEnv } from "../unitEnv";

/**
 * Guest unit `os`: a fixed, plausible Linux machine. Nothing is read from the server: every
 * run of every hook sees the same values (docs/node-surface.md lists them).
 */

const CPU = { model: "Hookwright Virtual CPU @ 2.40GHz", speed: 2400, times: { user: 0, nice: 0, sys: 0, idle: 0, irq: 0 } };

export function create(env: UnitEnv): Record<string, unknown> {
  return {
    EOL: "\n",
    devNull: "/dev/null",
    arch: () => "x64",
    platform: () => "linux",
    type: () => "Linux",
    release: () => "6.8.0-hookwright",
    version: () => "#1 SMP PREEMPT_DYNAMIC",
    machine: () => "x86_64",
    hostname: () => "hookwright-sandbox",
    homedir: () => "/home/node",
    tmpdir: () => "/tmp",
    endianness: () => "LE",
    uptime: () => Math.floor(Math.max(0, env.peek() - env.clockStart()) / 1000),
    loadavg: () => [0, 0, 0],
    totalmem: () => 8_589_934_592,
    freemem: () => 4_294_967_296,
    availableParallelism: () => 2,
    cpus: () => [structuredClone(CPU), structuredClone(CPU)],
    networkInterfaces: () => ({ lo: [{ address: "127.0.0.1", netmask: "255.0.0.0", family: "IPv4", mac: "00:00:00:00:00:00", internal: true, cidr: "127.0.0.1/8" }] }),
    userInfo: () => ({ uid: 1000, gid: 1000, username: "node", homedir: "/home/node", shell: "/bin/sh" }),
    getPriority: () => 0,
    setPriority: () => {
      throw new Error("os.setPriority() is not available in the sandbox: there are no processes to reprioritise");
    },
    constants: { signals: { SIGHUP: 1, SIGINT: 2, SIGQUIT: 3, SIGKILL: 9, SIGTERM: 15 }, errno: { ENOENT: 2, EACCES: 13, EEXIST: 17, ENOTDIR: 20, EISDIR: 21 }, priority: {} },
  };
}
