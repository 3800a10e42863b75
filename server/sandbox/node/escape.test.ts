import { afterEach, describe, expect, it } from "vitest";
import { callOf, chain, createHarness, pipelineOf } from "../testHarness";

/**
 * Escape attempts through the simulated Node surface (issue 15): none reaches the real
 * process, its environment, the file system, the network or another hook's memory.
 */

const harness = createHarness();
afterEach(() => harness.cleanup());

async function hook(code: string): Promise<{ returned: unknown; failure: string | null }> {
  const runner = await harness.open(pipelineOf({ h: code }));
  const call = callOf(await chain(runner, ["h"], { n: 1 }), "h");
  return { returned: call.returned ?? null, failure: call.failure?.message ?? null };
}

const attempt = (expr: string) => `(() => { try { const v = ${expr}; return v === undefined ? "undefined" : typeof v === "function" ? "function" : JSON.stringify(v); } catch (e) { return "threw: " + (e as Error).message; } })()`;

describe("escaping through the simulated Node surface", () => {
  it("process.binding, _linkedBinding, dlopen and getBuiltinModule reach nothing native", async () => {
    const r = await hook(
      `export default () => [${[
        `(process as any).binding("fs")`,
        `(process as any)._linkedBinding("spawn_sync")`,
        `(process as any).dlopen({}, "/usr/lib/x.node")`,
        `process.getBuiltinModule("child_process")`,
        `process.getBuiltinModule("internal/text")`,
        `process.getBuiltinModule("__proto__")`,
        `process.getBuiltinModule("constructor")`,
        `process.getBuiltinModule("../../../etc/passwd")`,
        `(globalThis as any)[Symbol.for("hookwright.builtin")]("internal/abort")`,
      ]
        .map(attempt)
        .join(", ")}];`,
    );
    expect(r.returned).toEqual([
      "threw: process.binding() is not available in the sandbox: there is no native layer",
      "threw: process._linkedBinding() is not available in the sandbox: there is no native layer",
      "threw: process.dlopen() is not available in the sandbox: native add-ons cannot be loaded",
      "undefined",
      "undefined",
      "undefined",
      "undefined",
      "undefined",
      "undefined",
    ]);
  });

  it("the built-in loader cannot be assigned or deleted, and tampering with it stays in the hook's own realm", async () => {
    const runner = await harness.open(
      pipelineOf({
        tamper:
          `export default () => { const key = Symbol.for("hookwright.builtin"); const g = globalThis as any; const before = g[key]; const out: unknown[] = [];\n` +
          `  try { g[key] = () => ({}); } catch (e) { out.push((e as Error).message); }\n  try { delete g[key]; } catch (e) { out.push((e as Error).message); }\n` +
          // QuickJS lets defineProperty replace a non-configurable global symbol property; that only changes this realm's own imports.
          `  Object.defineProperty(g, key, { value: () => ({ join: () => "fake" }) }); return [...out, g[key] === before]; };`,
        other: `import path from "node:path";\nexport default () => path.join("a", "b");`,
      }),
    );
    const result = await chain(runner, ["tamper", "other"], { n: 1 });
    expect(callOf(result, "tamper").returned).toEqual(["'hookwright.builtin' is read-only", "could not delete property", false]);
    expect(callOf(result, "other").returned).toBe("a/b");
  });

  it("the server's environment never shows through process.env, whatever is asked", async () => {
    process.env.HOOKWRIGHT_ESCAPE_PROBE = "server-secret";
    try {
      const r = await hook(
        `export default () => [process.env.HOOKWRIGHT_ESCAPE_PROBE ?? null, process.env.PATH ?? null, Object.keys(process.env).length, JSON.stringify(process.env), "HOME" in process.env, Object.getPrototypeOf(process.env)];`,
      );
      expect(r.returned).toEqual([null, null, 0, "{}", false, null]);
    } finally {
      delete process.env.HOOKWRIGHT_ESCAPE_PROBE;
    }
  });

  it("Buffer has no shared pool: unsafe allocations are zeroed and a small Buffer's memory is its own", async () => {
    const runner = await harness.open(
      pipelineOf({
        writer: `export default () => { (globalThis as any).kept = Buffer.from("top-secret-value"); };`,
        reader: `export default () => { const b = Buffer.allocUnsafe(64); const small = Buffer.from("x"); const slow = (Buffer as any).allocUnsafeSlow(32);\n  return { zero: b.every((x: number) => x === 0), own: small.buffer.byteLength, slowZero: slow.every((x: number) => x === 0), text: Buffer.from(small.buffer).toString() }; };`,
      }),
    );
    const result = await chain(runner, ["writer", "reader"], { n: 1 });
    expect(callOf(result, "reader").returned).toEqual({ zero: true, own: 1, slowZero: true, text: "x" });
  });

  it("has no socket module (fetch and http are answered from fixtures only: fetch.test.ts)", async () => {
    const r = await hook(`export default async () => [${attempt(`process.getBuiltinModule("tls")`)}, ${attempt(`process.getBuiltinModule("net")`)}, ${attempt(`process.getBuiltinModule("dgram")`)}];`);
    expect(r.returned).toEqual(["undefined", "undefined", "undefined"]);
  });

  it("cannot leave the virtual file system: traversal, absolute paths and file: URLs find nothing real", async () => {
    const r = await hook(
      `import fs from "node:fs";\nexport default () => [${[
        `fs.readFileSync("/etc/passwd", "utf8")`,
        `fs.readFileSync("../../../../etc/passwd", "utf8")`,
        `fs.readFileSync(new URL("file:///etc/hostname"), "utf8")`,
        `fs.existsSync("/proc/self/environ")`,
        `fs.readdirSync("/")`,
        `fs.writeFileSync("/workspace/../etc/evil", "x")`,
        `fs.writeFileSync("hooks/h.ts", "rewritten")`,
        `fs.readdirSync("/workspace/plugins/plugin/hooks")`,
        `fs.rmSync("/workspace", { recursive: true })`,
        `fs.createReadStream("/etc/passwd")`,
      ]
        .map(attempt)
        .join(", ")}];`,
    );
    expect(r.returned).toEqual([
      "threw: ENOENT: no such file or directory, open '/etc/passwd'",
      "threw: ENOENT: no such file or directory, open '/etc/passwd'",
      "threw: ENOENT: no such file or directory, open '/etc/hostname'",
      "false",
      '["tmp","workspace"]',
      "threw: EACCES: permission denied (the sandbox's file system is /workspace and /tmp), open '/etc/evil'",
      "threw: EROFS: read-only file system (the plugin's directory holds the pipeline's files), open '/workspace/plugins/plugin/hooks/h.ts'",
      '["h.ts"]',
      "threw: EACCES: permission denied (the sandbox's file system is /workspace and /tmp), rm '/workspace'",
      "threw: fs.createReadStream is not available in the sandbox: its virtual file system has whole-file reads and writes, not streams",
    ]);
  });

  it("functions of the surface lead back only to this realm's own Function", async () => {
    const r = await hook(
      `export default () => { const F = (process.stdout.write as any).constructor; const g = F("return this")(); return [g === globalThis, typeof g.__hookwrightGuest, F("return typeof nodeCall")(), Object.getOwnPropertyNames(g).filter((n: string) => /node|host|hookwright/i.test(n))]; };`,
    );
    expect(r.returned).toEqual([true, "undefined", "undefined", []]);
  });

  it("process.exit and process.abort end only the hook: the next hook runs", async () => {
    const runner = await harness.open(pipelineOf({ a: `export default () => { process.abort(); };`, b: `export default (ctx: any) => { ctx.n = 2; };` }));
    const result = await chain(runner, ["a", "b"], { n: 1 });
    expect(callOf(result, "a").failure?.message).toBe(
      "Error: process.abort() was called: a hook cannot end the host process, so the sandbox ended this hook call instead (hooks/a.ts:1:37)",
    );
    expect(result.context).toEqual({ n: 2 });
  });
});
