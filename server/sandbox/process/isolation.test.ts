import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runSandboxedProcess } from "./processSandbox";
import { skipReason } from "./testSandbox";

/* Escapes a hook might try, each refused or ended, with this (server) process untouched. */

const python = (code: string) => ({ command: { argv: ["python3", "-c", code] } });

describe.skipIf(skipReason !== null)("runSandboxedProcess isolation", () => {
  let server: Server;
  let port = 0;
  const hostDir = mkdtempSync(path.join(tmpdir(), "hookwright-isolation-"));

  beforeAll(async () => {
    server = createServer((socket) => socket.end("hello from the host\n"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    port = typeof address === "object" && address ? address.port : 0;
    writeFileSync(path.join(hostDir, "host-secret.txt"), "secret");
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(hostDir, { recursive: true, force: true });
  });

  it("cannot reach a server on the host's loopback, nor any other address", async () => {
    const result = await runSandboxedProcess(
      python(`
import socket
for host in ["127.0.0.1", "1.1.1.1"]:
    try:
        socket.create_connection((host, ${port}), timeout=2)
        print(host, "connected")
    except OSError as e:
        print(host, "refused", e.errno)
print(sorted(name for _, name in socket.if_nameindex()))
`),
    );
    expect(result.stdout).toMatch(/^127\.0\.0\.1 refused \d+\n1\.1\.1\.1 refused \d+\n\['lo'\]\n$/);
    expect(result.stdout).not.toContain("connected");
  });

  it("does not see the server's environment", async () => {
    process.env.HOOKWRIGHT_TEST_SECRET = "s3cret-value";
    try {
      const result = await runSandboxedProcess({ command: { shell: "env; cat /proc/*/environ 2>/dev/null | tr '\\0' '\\n'" } });
      expect(result.exitCode).toBe(0);
      expect(result.stdout).not.toContain("s3cret-value");
      expect(result.stdout).not.toContain("HOOKWRIGHT_TEST_SECRET");
      expect(result.stdout).not.toContain(process.env.PATH ?? "never");
    } finally {
      delete process.env.HOOKWRIGHT_TEST_SECRET;
    }
  });

  it("does not see the host's files outside the system folders", async () => {
    const paths = ["/root", "/work", process.cwd(), path.join(process.cwd(), "data"), "/etc/shadow", "/etc/ssh", "/var", "/sys", path.join(hostDir, "host-secret.txt"), "/run"];
    const result = await runSandboxedProcess({ command: { argv: ["sh", "-c", 'for p in "$@"; do [ -e "$p" ] && echo "visible $p"; done; ls /tmp | wc -l', "check", ...paths] } });
    expect(result.stdout).toBe("0\n");
  });

  it("cannot write outside the project folder, and /tmp does not outlive the call", async () => {
    const writes = ["/usr/x", "/etc/passwd", "/x", "/opt/hookwright/bin/node", "/proc/sys/kernel/hostname"];
    const result = await runSandboxedProcess({ command: { argv: ["sh", "-c", 'for p in "$@"; do (echo x > "$p") 2>/dev/null && echo "wrote $p"; done; echo t > /tmp/mark && echo tmp ok', "write", ...writes] } });
    expect(result.stdout).toBe("tmp ok\n");
    const again = await runSandboxedProcess({ command: { shell: "ls -A /tmp" } });
    expect(again.stdout).toBe("");
  });

  it("cannot see or signal processes outside the sandbox", async () => {
    const result = await runSandboxedProcess({ command: { shell: `kill -9 ${process.pid} 2>&1; kill -9 1 2>&1; ls /proc | grep -c '^[0-9]'` } });
    expect(result.stdout).toContain("No such process");
    expect(Number(result.stdout.trim().split("\n").at(-1))).toBeLessThanOrEqual(6);
    expect(process.pid).toBeGreaterThan(0); // still here
  });

  it("caps the processes a command may start, and a fork bomb ends at the timeout", async () => {
    const capped = await runSandboxedProcess({ command: { shell: "for i in $(seq 60); do sleep 5 & done 2>&1 | head -1; kill $(jobs -p) 2>/dev/null; exit 0" }, limits: { maxProcesses: 20 } });
    expect(capped.stdout).toMatch(/fork|Resource temporarily unavailable/i);
    const started = Date.now();
    let ticks = 0;
    const heartbeat = setInterval(() => ticks++, 50);
    const bomb = await runSandboxedProcess({ command: { argv: ["bash", "-c", "b() { b | b & }; b; sleep 60"] }, limits: { maxProcesses: 64, timeoutMs: 2000 } }).finally(() => clearInterval(heartbeat));
    expect(bomb.timedOut).toBe(true);
    expect(Date.now() - started).toBeLessThan(8000);
    // The server's event loop kept turning meanwhile (40 ticks when idle; loose for a loaded machine).
    expect(ticks).toBeGreaterThan(10);
  });

  it("caps memory", async () => {
    const result = await runSandboxedProcess({ ...python("b = bytearray(1024 * 1024 * 1024)\nprint('allocated')"), limits: { memoryBytes: 512 * 1024 * 1024 } });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain("MemoryError");
  });

  it("caps CPU time", async () => {
    const result = await runSandboxedProcess({ command: { argv: ["python3", "-c", "while True: pass"] }, limits: { cpuSeconds: 1, timeoutMs: 10_000 } });
    expect(result.timedOut).toBe(false);
    expect([128 + 24, 128 + 9]).toContain(result.exitCode); // SIGXCPU, then SIGKILL
  });

  it("caps the size of a file written, and of /tmp", async () => {
    const big = await runSandboxedProcess({ command: { shell: "head -c 10000000 /dev/zero > big; echo $?" }, limits: { fileSizeBytes: 1_000_000 } });
    expect(big.fileChanges).toEqual([expect.objectContaining({ path: "big", size: 1_000_000 })]);
    const tmp = await runSandboxedProcess({ command: { shell: "head -c 10000000 /dev/zero > /tmp/big; echo $?" }, limits: { tmpBytes: 1_000_000 } });
    expect(tmp.stderr).toContain("No space left on device");
  });

  it("kills a command that fills the project folder with many files each under the file size cap", async () => {
    const started = performance.now();
    const fill = await runSandboxedProcess({
      command: { shell: "i=0; while true; do head -c 1000000 /dev/zero > f$i; i=$((i+1)); done" },
      limits: { fileSizeBytes: 2_000_000, projectBytes: 20_000_000, timeoutMs: 30_000, reportedFiles: 5 },
    });
    expect([fill.diskLimitHit, fill.timedOut, fill.exitCode, fill.signal]).toEqual([true, false, null, "SIGKILL"]);
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it("inherits none of the server's open files, pipes or sockets", async () => {
    const result = await runSandboxedProcess({ command: { argv: ["find", "/proc/self/fd/", "-mindepth", "1", "-printf", "%f %l\\n"] } });
    const leaked = result.stdout
      .trim()
      .split("\n")
      .map((line) => line.split(" "))
      // find's own descriptors are its working folder and /proc; a leak would be a pipe, a socket or a host file
      .filter(([fd, target = ""]) => Number(fd) > 2 && !["/dev/null", "/home/user/project", "/proc/self/fd"].includes(target) && !/^\/proc\/\d+\/fd$/.test(target));
    expect(leaked).toEqual([]);
  });

  it("kills what a command leaves running in the background when it exits", async () => {
    const marker = `${Date.now() % 1000}.${process.pid % 1000}`;
    const result = await runSandboxedProcess({ command: { shell: `setsid sleep 77.${marker} > /dev/null 2>&1 & nohup sleep 78.${marker} > /dev/null 2>&1 & echo started` } });
    expect(result.stdout).toBe("started\n");
    await new Promise((resolve) => setTimeout(resolve, 200));
    const ps = execFileSync("ps", ["-eo", "args"], { encoding: "utf8" });
    expect(ps).not.toContain(marker);
  });

  it("leaves no project folder behind on the host", async () => {
    const before = new Set(listRunDirs());
    await runSandboxedProcess({ command: { shell: "echo x > f" } });
    // Other test files may be running sandboxes at the same time: wait for theirs to end too.
    await expect.poll(() => listRunDirs().filter((dir) => !before.has(dir)), { timeout: 5000 }).toEqual([]);
    expect(existsSync(hostDir)).toBe(true);
  });
});

function listRunDirs(): string[] {
  return execFileSync("ls", [tmpdir()], { encoding: "utf8" }).split("\n").filter((name) => name.startsWith("hookwright-process-"));
}
