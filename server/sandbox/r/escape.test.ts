import { createServer, type Server } from "node:http";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deputyRunner, rSkipReason } from "./testing";

/**
 * R hooks cannot reach the machine that runs them: R runs only in the process sandbox (no
 * network, a synthesized /etc, a read-only /usr, exactly the variables Hookwright passes).
 * Each hook prints what it could reach; the test reads its card.
 */

const r = deputyRunner();
let server: Server;
let port = 0;
let hits = 0;
const SECRET = "hookwright-test-secret-value";

beforeAll(async () => {
  process.env.HOOKWRIGHT_ESCAPE_TEST_SECRET = SECRET;
  server = createServer((_req, res) => {
    hits++;
    res.end("reached the host");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  port = typeof address === "object" && address ? address.port : 0;
});
afterAll(async () => {
  delete process.env.HOOKWRIGHT_ESCAPE_TEST_SECRET;
  r.dispose();
  await new Promise((resolve) => server.close(resolve));
});

/** Runs `body` (R, inside a PreToolUse callback that returns NULL) and returns what it printed. */
async function printed(body: string): Promise<string[]> {
  const run = await r.run([{ id: "probe", code: `function(tool_name, tool_input, context) {\n${body}\nNULL\n}\n` }]);
  const end = run.of("hook.end")[0];
  if (end?.error) throw new Error(`the probe hook failed: ${end.error}`);
  return (end?.logs ?? []).map((l) => l.message);
}

const attempt = (label: string, expr: string) => `message("${label}: ", tryCatch({ ${expr} }, error = function(e) paste("refused:", conditionMessage(e)), warning = function(w) paste("refused:", conditionMessage(w))))`;

describe.skipIf(rSkipReason !== null)("R hooks: escape attempts", () => {
  it("system() runs inside the sandbox: its own host name, user and process tree", async () => {
    const out = await printed(attempt("system", 'paste(system("hostname; id -u; ls /proc | grep -c \'^[0-9]\'", intern = TRUE), collapse = " ")'));
    const [hostname, uid, processes] = (out[0] ?? "").replace("system: ", "").split(" ");
    expect(hostname).toBe("sandbox");
    expect(uid).toBe("1000");
    // R, the shell and its children: not the host's processes.
    expect(Number(processes)).toBeLessThan(10);
  });

  it("file('/etc/passwd') reads the sandbox's own passwd, not the host's; /usr cannot be written", async () => {
    const out = await printed([attempt("passwd", 'paste(readLines(file("/etc/passwd")), collapse = "|")'), attempt("write", 'file.create("/usr/hookwright-escape")')].join("\n"));
    expect(out[0]).toBe("passwd: root:x:0:0:root:/root:/usr/sbin/nologin|user:x:1000:1000:user:/home/user:/bin/sh|nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin");
    expect(readFileSync("/etc/passwd", "utf8")).not.toBe(`${(out[0] ?? "").replace("passwd: ", "").split("|").join("\n")}\n`);
    expect(out[1]).toBe("write: refused: cannot create file '/usr/hookwright-escape', reason 'Read-only file system'");
  });

  it("url() and sockets cannot reach a server listening on the host's 127.0.0.1", async () => {
    const before = hits;
    const out = await printed(
      [
        attempt("url", `paste(readLines(url("http://127.0.0.1:${port}/")), collapse = "")`),
        attempt("download", `download.file("http://127.0.0.1:${port}/", tempfile(), quiet = TRUE)`),
        attempt("socket", `con <- socketConnection("127.0.0.1", ${port}, blocking = TRUE, open = "r+", timeout = 2); writeLines("GET / HTTP/1.0\\r\\n", con); paste(readLines(con), collapse = "")`),
      ].join("\n"),
    );
    expect(out.map((l) => l.split(":")[0])).toEqual(["url", "download", "socket"]);
    for (const line of out) expect(line).toMatch(/^[a-z]+: refused: /);
    expect(hits - before).toBe(0);
    // The server itself answers (it is reachable from here, not from the sandbox).
    const res = await fetch(`http://127.0.0.1:${port}/`);
    expect(await res.text()).toBe("reached the host");
  });

  it("Sys.getenv() holds only what Hookwright passes: no server secret", async () => {
    const out = await printed(attempt("env", 'paste(sort(names(Sys.getenv())), collapse = ",")') + "\n" + attempt("secret", 'Sys.getenv("HOOKWRIGHT_ESCAPE_TEST_SECRET")'));
    expect(out[1]).toBe("secret: ");
    expect(out[0]).not.toContain("HOOKWRIGHT_ESCAPE_TEST_SECRET");
    expect(out.join("\n")).not.toContain(SECRET);
    const names = (out[0] ?? "").replace("env: ", "").split(",");
    expect(names).toContain("HOME");
    expect(names.filter((n) => /SECRET|TOKEN|KEY|PASSWORD/i.test(n))).toEqual([]);
  });
});
