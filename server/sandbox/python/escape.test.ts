import { createServer, type Server } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { skipReason } from "../process/testSandbox";
import { fimRunner, pyHook, type Row } from "./testing";

/**
 * Python hooks cannot leave their sandbox: every way out is refused inside Python (with a clear
 * message) and, underneath, by the process sandbox (no network namespace of the host, no host
 * files, caps). Runaway hooks end at their limit; the test process keeps answering throughout.
 */

const runner = fimRunner();
afterAll(() => runner.dispose());

let server: Server;
let port = 0;
let connections = 0;
beforeAll(async () => {
  server = createServer((socket) => {
    connections++;
    socket.end("hello from the host\n");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  port = typeof address === "object" && address ? address.port : 0;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const attempt = (id: string, body: string, priority: number): Row => ({ id, priority, code: pyHook(id, `async def execute(self, ctx):\n${body.split("\n").map((l) => `    ${l}`).join("\n")}\n    return HookResult(side_effects=["${id}: got out"])`) });

/** Counts event-loop ticks of the test process while `work` runs: a blocked server would count none. */
async function whileTicking<T>(work: () => Promise<T>): Promise<{ value: T; ticks: number }> {
  let ticks = 0;
  const timer = setInterval(() => ticks++, 20);
  try {
    return { value: await work(), ticks };
  } finally {
    clearInterval(timer);
  }
}

describe.skipIf(skipReason !== null)("Python hooks: escape attempts are refused or end at their limit", () => {
  it("processes, files, the database, sockets to 127.0.0.1, ctypes, a busy loop, 4 GB, sleep(1000): each fails alone, fail-open, and the run goes on", async () => {
    const rows: Row[] = [
      attempt("system", 'import os\nos.system("id > /tmp/pwned")', 1),
      attempt("subprocess", 'import subprocess\nsubprocess.run(["cat", "/etc/passwd"])', 2),
      attempt("passwd", 'open("/etc/passwd").read()', 3),
      attempt("database", 'open("/work/main/data/hookwright.db", "rb").read()', 4),
      attempt("socket", `import socket\nsocket.create_connection(("127.0.0.1", ${port}), timeout=1).recv(100)`, 5),
      attempt("ctypes", 'import ctypes\nctypes.CDLL(None).system(b"id")', 6),
      attempt("busy", "while True:\n    pass", 7),
      attempt("memory", "blob = bytearray(4 * 1024 ** 3)", 8),
      attempt("sleep", "import time\ntime.sleep(1000)", 9),
      { id: "after", priority: 10, code: pyHook("after", 'async def execute(self, ctx):\n    return HookResult(side_effects=["after ran"])') },
    ];
    const started = performance.now();
    const { value: trace, ticks } = await whileTicking(() => runner.run(rows));
    const elapsed = performance.now() - started;
    const ends = new Map(trace.of("hook.end").map((e) => [e.hookId, e]));
    const error = (id: string) => ends.get(id)?.error ?? "";
    expect(error("system")).toBe("PermissionError: Hookwright: a hook may not start or signal processes (os.system): FIM One hooks run in the agent's process");
    expect(error("subprocess")).toContain("PermissionError: Hookwright: a hook may not start or signal processes (subprocess.Popen)");
    expect(error("passwd")).toBe("PermissionError: Hookwright: a hook may not open /etc/passwd (hooks read the standard library, their context and /tmp)");
    expect(error("database")).toContain("PermissionError: Hookwright: a hook may not open /work/main/data/hookwright.db");
    expect(error("socket")).toMatch(/^PermissionError: Hookwright: a hook has no network \(socket\./);
    expect(error("ctypes")).toBe("ImportError: Hookwright: ctypes is not available to hooks (the standard library without ctypes)");
    expect(ends.get("busy")).toMatchObject({ status: "timeout", error: "timed out after 1000 ms" });
    expect(ends.get("memory")).toMatchObject({ status: "memory" });
    expect(error("memory")).toMatch(/^MemoryError/);
    expect(ends.get("sleep")).toMatchObject({ status: "timeout" });
    expect(error("sleep")).toBe("sleep(1000) runs past the hook's time limit on the run's virtual clock");
    // Every failure points at the user's own line.
    expect(ends.get("passwd")?.errorLocation).toEqual({ file: "hooks/passwd.py", line: 8, column: 9 });
    const result = trace.of("point.end")[0]?.result as { side_effects: string[] };
    expect(result.side_effects).toEqual([...["system", "subprocess", "passwd", "database", "socket", "ctypes", "busy", "memory", "sleep"].map((n) => `Hook '${n}' failed with exception`), "after ran"]);
    expect(trace.of("tool.result")[0]?.content).toBe("one row");
    expect(connections).toBe(0);
    // The busy loop took its 1 s; sleep(1000) took none of its 1000 s (the clock is virtual).
    expect(elapsed).toBeLessThan(15_000);
    expect(ticks).toBeGreaterThan(10);
  }, 30_000);

  it("a hook that turns its time limit off and spins: its process is ended, the point runs again without it, later hooks still run", async () => {
    const stubborn = attempt("stubborn", "import signal\nsignal.signal(signal.SIGALRM, signal.SIG_IGN)\nwhile True:\n    pass", 1);
    const after: Row = { id: "after", priority: 2, code: pyHook("after", 'async def execute(self, ctx):\n    return HookResult(side_effects=["after ran"])') };
    const { value: trace, ticks } = await whileTicking(() => runner.run([stubborn, after]));
    const ends = trace.of("hook.end");
    expect(ends.map((e) => [e.hookId, e.status])).toEqual([
      ["stubborn", "timeout"],
      ["after", "unchanged"],
    ]);
    expect(ends[0]?.error).toBe("timed out after 1000 ms (it did not stop when interrupted, so its Python process was ended)");
    expect((trace.of("point.end")[0]?.result as { side_effects: string[] }).side_effects).toEqual(["Hook 'stubborn' failed with exception", "after ran"]);
    expect(ticks).toBeGreaterThan(10);
  }, 30_000);

  it("a syntax error and an import error fail the hook with the user's line", async () => {
    const broken: Row = { id: "broken", priority: 1, code: "from fim_one_hooks import HookResult, PreToolUseHook\n\nclass Broken(PreToolUseHook):\n    async def execute(self, ctx)\n        return HookResult()\n" };
    const missing: Row = { id: "missing", priority: 2, code: "import requests\nfrom fim_one_hooks import HookResult, PreToolUseHook\n" };
    const trace = await runner.run([broken, missing]);
    const [first, second] = trace.of("hook.end");
    expect(first).toMatchObject({ status: "threw", errorLocation: { file: "hooks/broken.py", line: 4 } });
    expect(first?.error).toMatch(/^SyntaxError: expected ':'/);
    expect(second).toMatchObject({ status: "threw", error: "ModuleNotFoundError: No module named 'requests'", errorLocation: { file: "hooks/missing.py", line: 1, column: 1 } });
    expect((trace.of("point.end")[0]?.result as { side_effects: string[] }).side_effects).toEqual(["Hook 'broken' failed with exception", "Hook 'missing' failed with exception"]);
  });
});
