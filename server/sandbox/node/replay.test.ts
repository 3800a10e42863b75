import { afterEach, describe, expect, it } from "vitest";
import { callOf, chain, createHarness, pipelineOf } from "../testHarness";

/*
 * A re-run's tool returns its recorded result without running the handler; the runner puts the
 * handler's file changes back (replayTool). Replaying what one run's call did must leave another
 * run's file system as that call left it, for every kind of change.
 */

const harness = createHarness();
afterEach(() => harness.cleanup());

const writer = `import fs from "node:fs";
export default () => {
  fs.writeFileSync("data/state.json", JSON.stringify({ n: 1 }));
  fs.appendFileSync("/workspace/notes.md", "- second\\n");
  fs.mkdirSync("/tmp/a/b", { recursive: true });
  fs.writeFileSync("/tmp/a/b/c.bin", Buffer.from([0xff, 0x00]));
  fs.writeFileSync("/tmp/a/gone.txt", "x");
  fs.renameSync("data/state.json", "data/saved.json");
  fs.copyFileSync("/workspace/notes.md", "/workspace/copy.md");
  fs.rmSync("/workspace/old", { recursive: true });
};`;

const reader = `import fs from "node:fs";
export default (ctx: any) => {
  ctx.seen = {
    saved: fs.readFileSync("data/saved.json", "utf8"),
    state: fs.existsSync("data/state.json"),
    notes: fs.readFileSync("/workspace/notes.md", "utf8"),
    copy: fs.readFileSync("/workspace/copy.md", "utf8"),
    bin: [...fs.readFileSync("/tmp/a/b/c.bin")],
    tmp: fs.readdirSync("/tmp/a"),
    old: fs.existsSync("/workspace/old"),
  };
};`;

const files = [
  { path: "/workspace/notes.md", content: "- first\n" },
  { path: "/workspace/old/a.txt", content: "a" },
  { path: "/workspace/old/deep/b.txt", content: "b" },
];

describe("replaying a call's file changes", () => {
  it("leaves the file system as the call did: writes, appends, binary files, renames, copies, folders removed", async () => {
    const pipeline = { ...pipelineOf({ writer, reader }), name: "Replay" };
    const original = await harness.open(pipeline, { files });
    const wrote = callOf(await chain(original, ["writer"], {}), "writer");
    expect(wrote.failure).toBeNull();
    const seenThere = callOf(await chain(original, ["reader"], {}), "reader").patch;

    const again = await harness.open(pipeline, { files });
    again.replayTool({ files: wrote.files ?? [] });
    expect(again.finalFiles()).toEqual(original.finalFiles());
    const seenHere = callOf(await chain(again, ["reader"], {}), "reader");
    expect(seenHere.files).toBeUndefined();
    expect(seenHere.patch).toEqual(seenThere);
    expect(seenHere.patch).toEqual([
      {
        op: "add",
        path: "/seen",
        value: { saved: '{"n":1}', state: false, notes: "- first\n- second\n", copy: "- first\n- second\n", bin: [255, 0], tmp: ["b", "gone.txt"], old: false },
      },
    ]);
  });

  it("appends what was appended to what the file holds now, so an edited hook's earlier write is kept", async () => {
    const pipeline = pipelineOf({ reader });
    const runner = await harness.open(pipeline, { files: [{ path: "/workspace/log.txt", content: "edited hook\n" }] });
    runner.replayTool({ files: [{ op: "append", path: "/workspace/log.txt", before: "original hook\n", after: "original hook\ntool line\n", encoding: "utf8" }] });
    runner.replayTool({ files: [{ op: "append", path: "/workspace/new.txt", before: null, after: "first\n", encoding: "utf8" }] });
    expect(runner.finalFiles()).toEqual([
      { path: "/workspace/log.txt", content: "edited hook\ntool line\n", encoding: "utf8" },
      { path: "/workspace/new.txt", content: "first\n", encoding: "utf8" },
    ]);
  });

  it("moves the clock and the generator past the values the call took, so the next call gets what it got", async () => {
    const taker = `export default (ctx: any) => { ctx.took = [Date.now(), Date.now(), Math.random()]; };`;
    const next = `export default (ctx: any) => { ctx.next = [Date.now(), Math.random()]; };`;
    const pipeline = pipelineOf({ taker, next });
    const original = await harness.open(pipeline);
    const took = callOf(await chain(original, ["taker"], {}), "taker");
    const nextThere = callOf(await chain(original, ["next"], {}), "next");

    const again = await harness.open(pipeline);
    again.replayTool({ clock: took.clock, random: took.random });
    const nextHere = callOf(await chain(again, ["next"], {}), "next");
    expect(nextHere.clock).toEqual([1_767_225_600_002]);
    expect(nextHere.patch).toEqual(nextThere.patch);
  });

  it("refuses a change where no hook may write (the plugin's own files), naming the path", async () => {
    const runner = await harness.open({ ...pipelineOf({ reader }), name: "Replay" });
    expect(() => runner.replayTool({ files: [{ op: "write", path: "/workspace/plugins/replay/hooks/reader.ts", before: null, after: "x", encoding: "utf8" }] })).toThrow(
      "EROFS: read-only file system (the plugin's directory holds the pipeline's files), write '/workspace/plugins/replay/hooks/reader.ts'",
    );
    expect(() => runner.replayTool({ files: [{ op: "write", path: "/etc/passwd", before: null, after: "x", encoding: "utf8" }] })).toThrow("EACCES: permission denied (the sandbox's file system is /workspace and /tmp), write '/etc/passwd'");
  });
});
