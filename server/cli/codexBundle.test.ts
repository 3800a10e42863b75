import { readFile, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { codexShellGate } from "~/core/examples/codexShellGate";
import type { CliIO } from "./command";
import { exportCommand } from "./export";
import { importCommand } from "./import";

let dir = "";
let out: string[];
let err: string[];
let io: CliIO;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "hookwright-cli-codex-"));
  out = [];
  err = [];
  io = { stdout: (t) => out.push(t), stderr: (t) => err.push(t), cwd: dir };
  await writeFile(join(dir, "gate.json"), JSON.stringify(codexShellGate));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const ROOT = "$(git rev-parse --show-toplevel 2>/dev/null || pwd)";

describe("hookwright export / import with Codex targets", () => {
  it("--target codex writes .codex/hooks.json into a folder, and the folder imports back", async () => {
    expect(await exportCommand(["gate.json", "--target", "codex", "-o", "project"], io)).toBe(0);
    expect(out[0]).toMatch(/^Wrote plugin "codex-shell-gate" to project \(5 files\)\. Unzip it and copy \.codex\/ into your project's top folder;/);
    expect(JSON.parse(await readFile(join(dir, "project/.codex/hooks.json"), "utf8"))).toEqual({
      hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: `node "${ROOT}/.codex/hooks/dangerous-command-gate.mjs"` }] }] },
    });
    expect(await importCommand(["project", "-o", "back.json"], io)).toBe(0);
    expect(out[1]).toBe('Wrote back.json: pipeline "Codex shell gate" with 1 hook and 0 modules.\n');
    const back = JSON.parse(await readFile(join(dir, "back.json"), "utf8")) as { profile: string; hooks: { id: string; point: string; matcher: string }[] };
    expect(back.profile).toBe("codex");
    expect(back.hooks.map((h) => [h.id, h.point, h.matcher])).toEqual([["shell-gate", "PreToolUse", "Bash"]]);
  });

  it("--target codex-config writes .codex/config.toml, and one config.toml imports on its own", async () => {
    expect(await exportCommand(["gate.json", "--target", "codex-config", "-o", "cfg"], io)).toBe(0);
    const toml = await readFile(join(dir, "cfg/.codex/config.toml"), "utf8");
    expect(toml).toContain('[[hooks.PreToolUse]]\nmatcher = "Bash"\n\n[[hooks.PreToolUse.hooks]]\ntype = "command"\n');
    await writeFile(join(dir, "config.toml"), `model = "gpt-5.5"\n\n${toml}`);
    expect(await importCommand(["config.toml", "-o", "from-toml.json"], io)).toBe(0);
    expect(out[1]).toBe('Wrote from-toml.json: pipeline "Codex config.toml hooks" with 1 hook and 0 modules.\n');
    // Alone, config.toml lacks the script its command runs: the hook comes in as a one-liner, and the notes say so.
    expect(err.join("")).toContain(
      "note: config.toml line 9: hooks.PreToolUse[0].hooks[0] runs .codex/hooks/dangerous-command-gate.mjs (in the project), which the imported files do not hold; the hook is imported as a one-liner (the command alone, no script), so a run finds no such file.\n",
    );
  });

  it("--target codex-plugin writes a Codex plugin zip", async () => {
    expect(await exportCommand(["gate.json", "--target", "codex-plugin", "-o", "gate.zip"], io)).toBe(0);
    expect(out[0]).toMatch(/^Wrote gate\.zip: plugin "codex-shell-gate", 6 files\. Unzip it: a Codex plugin/);
    expect(await importCommand(["gate.zip", "-o", "plugin.json"], io)).toBe(0);
    expect(out[1]).toBe('Wrote plugin.json: pipeline "Codex shell gate" with 1 hook and 0 modules.\n');
  });

  it("refuses a malformed config.toml naming its line, with exit code 1", async () => {
    await writeFile(join(dir, "bad.toml"), '[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "echo hi"\ntimeout = "10"\n');
    expect(await importCommand(["bad.toml", "-o", "x.json"], io)).toBe(1);
    expect(err.join("")).toContain('bad.toml line 5: hooks.Stop[0].hooks[0].timeout is "10"; Codex reads a whole number of seconds (it skips the whole file otherwise).');
  });

  it("refuses --target codex for a pipeline of a profile no translation moves to Codex", async () => {
    await writeFile(join(dir, "openclaw.json"), JSON.stringify({ ...codexShellGate, profile: "openclaw" }));
    expect(await exportCommand(["openclaw.json", "--target", "codex", "-o", "x"], io)).not.toBe(0);
    expect(err.join("")).toContain('"Codex shell gate" is on the openclaw profile; --target codex exports codex pipelines (use --target openclaw)');
  });
});
