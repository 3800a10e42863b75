import { mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { chainedPipeline } from "~/core/bundles/fixtures/pipelines";
import { parsePipeline } from "~/core/pipeline/parsePipeline";
import { buildRawZip } from "~/server/bundles/testing/rawZip";
import type { CliIO } from "./command";
import { exportCommand } from "./export";
import { importCommand } from "./import";

let dir = "";
let out: string[];
let err: string[];
let io: CliIO;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "hookwright-cli-"));
  out = [];
  err = [];
  io = { stdout: (t) => out.push(t), stderr: (t) => err.push(t), cwd: dir };
  await writeFile(join(dir, "pipeline.json"), JSON.stringify(chainedPipeline));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("hookwright export / import", () => {
  it("exports a zip and imports it back to the same pipeline", async () => {
    expect(await exportCommand(["pipeline.json", "--target", "vellum", "-o", "guard.zip"], io)).toBe(0);
    expect(out.join("")).toBe('Wrote guard.zip: plugin "tool-result-guard", 10 files. Unzip it into <workspace>/plugins/ (by default ~/.vellum/workspace/plugins/); the README inside explains each hook.\n');
    expect(await importCommand(["guard.zip", "-o", "back.json"], io)).toBe(0);
    expect(out[1]).toBe('Wrote back.json: pipeline "Tool Result Guard" with 4 hooks and 2 modules.\n');
    const back = JSON.parse(await readFile(join(dir, "back.json"), "utf8")) as unknown;
    const original = parsePipeline(chainedPipeline);
    expect(original.ok && back).toEqual(original.ok ? original.value : null);
    expect(err).toEqual([]);
  });

  it("exports a folder and imports the folder", async () => {
    expect(await exportCommand(["pipeline.json", "-o", "plugin"], io)).toBe(0);
    expect((await readdir(join(dir, "plugin"))).sort()).toEqual(["README.md", "hooks", "hookwright", "hookwright.json", "package.json", "src"]);
    expect(await importCommand(["plugin", "-o", "back.json"], io)).toBe(0);
  });

  it("gives a plugin without Hookwright's metadata the profile's default scenario, so it runs at once", async () => {
    expect(await exportCommand(["pipeline.json", "-o", "plugin"], io)).toBe(0);
    await rm(join(dir, "plugin", "hookwright.json"));
    expect(await importCommand(["plugin", "-o", "plain.json"], io)).toBe(0);
    const plain = JSON.parse(await readFile(join(dir, "plain.json"), "utf8")) as { scenarios: { name: string; prompt: string }[] };
    expect(plain.scenarios.map((s) => [s.name, s.prompt])).toEqual([["default", "What does our build script do?"]]);
  });

  it("writes byte-identical zips for the same pipeline", async () => {
    await exportCommand(["pipeline.json", "-o", "a.zip"], io);
    await exportCommand(["pipeline.json", "-o", "b.zip"], io);
    expect(Buffer.compare(await readFile(join(dir, "a.zip")), await readFile(join(dir, "b.zip")))).toBe(0);
  });

  it("explains usage mistakes with exit code 2", async () => {
    expect(await exportCommand(["pipeline.json", "--target", "claude"], io)).toBe(2);
    expect(err[0]).toMatch(/^Unknown target "claude"; the targets are: vellum, openclaw, registry, claude-code, claude-code-settings, claude-code-sdk, fim-one, deputy, codex, codex-config, codex-plugin, claude-code-mods\.\n\nUsage: hookwright export/);
    expect(await exportCommand(["pipeline.json"], io)).toBe(2);
    expect(err[1]).toMatch(/^export needs -o OUT\.zip or -o FOLDER\./);
    await writeFile(join(dir, "exists.zip"), "x");
    expect(await exportCommand(["pipeline.json", "-o", "exists.zip"], io)).toBe(2);
    expect(err[2]).toMatch(/^exists\.zip already exists; pass --force to overwrite it\./);
    expect(await exportCommand(["pipeline.json", "-o", "exists.zip", "--force"], io)).toBe(0);
  });

  it("refuses an unsafe archive with its message and exit code 1", async () => {
    await writeFile(join(dir, "evil.zip"), buildRawZip([{ name: "/etc/passwd", data: "x" }]));
    expect(await importCommand(["evil.zip", "-o", "p.json"], io)).toBe(1);
    expect(err).toEqual(['Entry "/etc/passwd" has an absolute path; entries must be relative to the plugin folder.\n']);
  });

  it("reports a missing input file plainly", async () => {
    expect(await importCommand(["nope.zip", "-o", "p.json"], io)).toBe(1);
    expect(err).toEqual([`No such file or folder: ${join(dir, "nope.zip")}\n`]);
  });
});
