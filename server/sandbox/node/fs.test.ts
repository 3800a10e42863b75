import { afterEach, describe, expect, it } from "vitest";
import { callOf, chain, createHarness, pipelineOf } from "../testHarness";

/** The run's virtual file system (issue 15): Node's fs over it, and every change on the hook's call. */

const harness = createHarness();
afterEach(() => harness.cleanup());

const hook = `import fs from "node:fs";\nimport path from "node:path";\nexport default (ctx: any) => {
  const data = path.join(process.cwd(), "data");
  const seen = { cwd: process.cwd(), own: fs.readFileSync("src/util.ts", "utf8"), notes: fs.readFileSync("/workspace/notes.md", "utf8"), list: fs.readdirSync(process.cwd()) };
  fs.writeFileSync(path.join(data, "state.json"), JSON.stringify({ n: 1 }));
  fs.appendFileSync("/workspace/notes.md", "- second\\n");
  fs.mkdirSync("/tmp/a/b", { recursive: true });
  fs.writeFileSync("/tmp/a/b/c.bin", Buffer.from([0xff, 0x00]));
  fs.renameSync(path.join(data, "state.json"), path.join(data, "saved.json"));
  const st = fs.statSync(path.join(data, "saved.json"));
  ctx.seen = { ...seen, saved: fs.readFileSync(path.join(data, "saved.json"), "utf8"), size: st.size, isFile: st.isFile(), dir: fs.statSync(data).isDirectory(), exists: [fs.existsSync("/tmp/a/b/c.bin"), fs.existsSync(path.join(data, "state.json"))] };
};`;

describe("fs", () => {
  it("reads the pipeline's files and the scenario's, writes where a plugin may, and records each change", async () => {
    const runner = await harness.open({ ...pipelineOf({ h: hook }, { "src/util.ts": "export const x = 1;" }), name: "My Plugin" }, { files: [{ path: "/workspace/notes.md", content: "- first\n" }] });
    const call = callOf(await chain(runner, ["h"], {}), "h");
    expect(call.failure).toBeNull();
    expect(call.patch).toEqual([
      {
        op: "add",
        path: "/seen",
        value: {
          cwd: "/workspace/plugins/my-plugin",
          own: "export const x = 1;",
          notes: "- first\n",
          list: ["data", "hooks", "src"],
          saved: '{"n":1}',
          size: 7,
          isFile: true,
          dir: true,
          exists: [true, false],
        },
      },
    ]);
    expect(call.files).toEqual([
      { op: "write", path: "/workspace/plugins/my-plugin/data/state.json", before: null, after: '{"n":1}', encoding: "utf8" },
      { op: "append", path: "/workspace/notes.md", before: "- first\n", after: "- first\n- second\n", encoding: "utf8" },
      { op: "mkdir", path: "/tmp/a/b", before: null, after: null, encoding: "utf8" },
      { op: "write", path: "/tmp/a/b/c.bin", before: null, after: "/wA=", encoding: "base64" },
      { op: "rename", path: "/workspace/plugins/my-plugin/data/state.json", to: "/workspace/plugins/my-plugin/data/saved.json", before: null, after: '{"n":1}', encoding: "utf8" },
    ]);
  });

  it("keeps the files for the whole run: a later hook and a later chain see earlier writes", async () => {
    const runner = await harness.open(
      pipelineOf({
        a: `import { writeFile } from "node:fs/promises";\nexport default async () => { await writeFile("/tmp/count", String(Number(require_count()) + 1)); };\nfunction require_count() { try { return (globalThis as any).process.getBuiltinModule("fs").readFileSync("/tmp/count", "utf8"); } catch { return "0"; } }`,
        b: `import { promises as fsp } from "node:fs";\nexport default async (ctx: any) => { ctx.count = await fsp.readFile("/tmp/count", "utf8"); };`,
      }),
    );
    await chain(runner, ["a", "b"], {});
    const second = await chain(runner, ["a", "b"], {});
    expect(second.context).toEqual({ count: "2" });
    expect(callOf(second, "a").files).toEqual([{ op: "write", path: "/tmp/count", before: "1", after: "2", encoding: "utf8" }]);
    expect(callOf(second, "b").files).toBeUndefined();
  });

  it("answers errors as Node does: code, errno, syscall, path", async () => {
    const runner = await harness.open(
      pipelineOf({
        h: `import fs from "node:fs";\nexport default () => [() => fs.readFileSync("/workspace/missing.txt"), () => fs.mkdirSync("/tmp"), () => fs.rmdirSync("/tmp/x"), () => fs.readdirSync("/workspace/plugins/plugin/hooks/h.ts")].map((f) => { try { f(); return "ok"; } catch (e: any) { return [e.code, e.errno, e.syscall, e.path, e.message]; } });`,
      }),
    );
    expect(callOf(await chain(runner, ["h"], {}), "h").returned).toEqual([
      ["ENOENT", -2, "open", "/workspace/missing.txt", "ENOENT: no such file or directory, open '/workspace/missing.txt'"],
      ["EEXIST", -17, "mkdir", "/tmp", "EEXIST: file already exists, mkdir '/tmp'"],
      ["ENOENT", -2, "stat", "/tmp/x", "ENOENT: no such file or directory, stat '/tmp/x'"],
      ["ENOTDIR", -20, "scandir", "/workspace/plugins/plugin/hooks/h.ts", "ENOTDIR: not a directory, scandir '/workspace/plugins/plugin/hooks/h.ts'"],
    ]);
  });

  it("callback forms run after the hook's synchronous code, as in Node", async () => {
    const runner = await harness.open(
      pipelineOf({
        h: `import fs from "node:fs";\nexport default async () => { const order: string[] = []; await new Promise<void>((resolve) => { fs.writeFile("/tmp/x", "hi", (err) => { order.push("written:" + err); fs.readFile("/tmp/x", "utf8", (e, text) => { order.push("read:" + text); resolve(); }); }); order.push("sync"); }); return order; };`,
      }),
    );
    expect(callOf(await chain(runner, ["h"], {}), "h").returned).toEqual(["sync", "written:null", "read:hi"]);
  });
});

describe("secret values in what a run records", () => {
  it("are replaced by the variable's name in logs, file changes and final files, not in what the hook sees", async () => {
    const settings = { env: [{ name: "API_TOKEN", value: "tok-123456", secret: true }, { name: "SHORT", value: "ab", secret: true }, { name: "MODE", value: "plain-value", secret: false }] };
    const runner = await harness.open({
      ...pipelineOf({
        h: `import fs from "node:fs";\nexport default (ctx: any) => { const t = process.env.API_TOKEN!; console.log("token", t, process.env.MODE, process.env.SHORT); fs.writeFileSync("/tmp/auth", "Bearer " + t); ctx.len = t.length; };`,
      }),
      settings,
    });
    const call = callOf(await chain(runner, ["h"], {}), "h");
    expect(call.patch).toEqual([{ op: "add", path: "/len", value: 10 }]);
    expect(call.logs).toEqual([{ level: "log", message: "token [secret API_TOKEN] plain-value ab" }]);
    expect(call.files).toEqual([{ op: "write", path: "/tmp/auth", before: null, after: "Bearer [secret API_TOKEN]", encoding: "utf8" }]);
    expect(runner.finalFiles?.()).toEqual([{ path: "/tmp/auth", content: "Bearer [secret API_TOKEN]", encoding: "utf8" }]);
  });
});
