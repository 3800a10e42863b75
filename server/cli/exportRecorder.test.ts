import { mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { claudeBashGate } from "~/core/examples/claudeBashGate";
import type { CliIO } from "./command";
import { exportCommand } from "./export";
import importSession from "./importSession";

let dir = "";
let out: string[];
let err: string[];
let io: CliIO;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "hookwright-cli-recorder-"));
  out = [];
  err = [];
  io = { stdout: (t) => out.push(t), stderr: (t) => err.push(t), cwd: dir };
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe("hookwright export --recorder", () => {
  it("adds the recorder to a folder export, and import-session reads what it records back", async () => {
    await writeFile(join(dir, "gate.json"), JSON.stringify(claudeBashGate));
    expect(await exportCommand(["gate.json", "--target", "claude-code-settings", "--recorder", "-o", "project"], io)).toBe(0);
    expect(await readdir(join(dir, "project", ".claude", "hooks"))).toContain("hookwright-recorder.mjs");
    const settings = JSON.parse(await readFile(join(dir, "project", ".claude", "settings.json"), "utf8")) as { hooks: Record<string, unknown[]> };
    expect(settings.hooks["Stop"]).toEqual([{ hooks: [{ type: "command", command: 'node "$CLAUDE_PROJECT_DIR/.claude/hooks/hookwright-recorder.mjs"', timeout: 10 }] }]);

    const recording = [
      { point: "UserPromptSubmit", input: { prompt: "Tidy up" } },
      { point: "PreToolUse", input: { tool_name: "Bash", tool_input: { command: "sudo rm -rf /tmp/x" }, tool_use_id: "toolu_9" } },
    ].map(({ point, input }) => JSON.stringify({ hookwright_recording: 1, host: "claude-code", point, at: "2026-11-27T09:00:00.000Z", session: "s9", input: { session_id: "s9", hook_event_name: point, ...input } }));
    await writeFile(join(dir, "s9.jsonl"), `${recording.join("\n")}\n`);
    out = [];
    expect(await importSession.run(["s9.jsonl", "--pipeline", "gate.json"], io)).toBe(0);
    expect(out.join("")).toBe(
      [
        'Added scenario "s9" to gate.json: a Hookwright recording session, 1 model reply, 1 tool call, 1 prompt.',
        "  read 2 lines, 2 records",
        '  note: 2 recorded events on 2 points: 2 become "Run this point" contexts',
        "  note: 1 tool call has no recorded result: it answers with an error saying so",
        "",
      ].join("\n"),
    );
    const saved = JSON.parse(await readFile(join(dir, "gate.json"), "utf8")) as { scenarios: { name: string; source?: { pointFixtures?: { label: string }[] } }[] };
    expect(saved.scenarios.at(-1)?.source?.pointFixtures?.map((f) => f.label)).toEqual(["UserPromptSubmit · Tidy up", "PreToolUse · Bash · sudo rm -rf /tmp/x"]);
  });

  it("refuses --recorder for a target that cannot record", async () => {
    await writeFile(join(dir, "sdk.json"), JSON.stringify({ ...claudeBashGate, name: "sdk" }));
    expect(await exportCommand(["sdk.json", "--target", "claude-code-sdk", "--recorder", "-o", "out.zip"], io)).toBe(2);
    expect(err.join("")).toContain("--target claude-code-sdk cannot add a recorder; the targets that can: vellum, openclaw, registry, claude-code, claude-code-settings, fim-one, deputy, codex, codex-config, codex-plugin.");
  });
});
