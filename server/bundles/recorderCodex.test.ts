import { spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { codexShellGate } from "~/core/examples/codexShellGate";
import { parsePipeline } from "~/core/pipeline/parsePipeline";
import type { Pipeline } from "~/core/pipeline/schema";
import { importText } from "~/core/sessions/testing";
import { exportPlugin, exportPluginZip, importPluginZip } from "./service";
import { writeFiles } from "./testing/commandHook";

/* The recorder in the three Codex exports: wired to every event, run as Codex runs hooks (sh -c in the session's folder), and left out on import. */

let dir = "";
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "hookwright-codex-recorder-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function parsed(input: unknown): Pipeline {
  const result = parsePipeline(input);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.value;
}
const gate = parsed(codexShellGate);

describe("the Codex recorder", () => {
  it("is the last group of every event in hooks.json, config.toml and a plugin", () => {
    const project = exportPlugin(gate, "codex", null, { recorder: true }).files;
    const map = JSON.parse(project.find((f) => f.path === ".codex/hooks.json")?.content ?? "{}") as { hooks: Record<string, { matcher?: string; hooks: unknown[] }[]> };
    const handler = { type: "command", command: 'node "$(git rev-parse --show-toplevel 2>/dev/null || pwd)/.codex/hooks/hookwright-recorder.mjs"', timeout: 10 };
    expect(Object.keys(map.hooks)).toEqual(["PreToolUse", "PostToolUse", "PreCompact", "PostCompact", "SessionStart", "UserPromptSubmit", "Stop"]);
    for (const groups of Object.values(map.hooks)) expect(groups.at(-1)?.hooks).toEqual([handler]);
    expect(map.hooks["Stop"]).toEqual([{ hooks: [handler] }]);
    expect(project.map((f) => f.path)).toContain(".codex/hooks/hookwright-recorder.mjs");
    expect(project.find((f) => f.path === "README.md")?.content).toContain("Codex runs the recorder only once it is trusted, like every hook (see Trust).");
    const toml = exportPlugin(gate, "codex-config", null, { recorder: true }).files.find((f) => f.path === ".codex/config.toml")?.content ?? "";
    expect(toml).toContain('[[hooks.Stop]]\n\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "node \\"$(git rev-parse --show-toplevel 2>/dev/null || pwd)/.codex/hooks/hookwright-recorder.mjs\\""\ntimeout = 10\n');
    const plugin = exportPlugin(gate, "codex-plugin", null, { recorder: true }).files;
    expect(plugin.find((f) => f.path === "hooks/hooks.json")?.content).toContain('"command": "node \\"${PLUGIN_ROOT}/hooks/hookwright-recorder.mjs\\""');
  });

  it("records under the session folder when Codex runs it there, and the recording imports as a codex scenario", async () => {
    const project = join(dir, "project");
    await writeFiles(project, exportPlugin(gate, "codex", null, { recorder: true }).files);
    const command = 'node "$(git rev-parse --show-toplevel 2>/dev/null || pwd)/.codex/hooks/hookwright-recorder.mjs"';
    const events = [
      { session_id: "cx-1", cwd: project, hook_event_name: "UserPromptSubmit", prompt: "list files", model: "gpt-5", turn_id: "t1" },
      { session_id: "cx-1", cwd: project, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" }, tool_use_id: "call_1", model: "gpt-5", turn_id: "t1" },
    ];
    for (const input of events) {
      const run = spawnSync("sh", ["-c", command], { cwd: project, input: JSON.stringify(input), encoding: "utf8" });
      expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({ status: 0, stdout: "", stderr: "" });
    }
    const text = await readFile(join(project, ".hookwright", "recordings", "cx-1.jsonl"), "utf8");
    expect(text.trim().split("\n").map((l) => { const { at: _at, ...rest } = JSON.parse(l) as Record<string, unknown>; return rest; })).toEqual(
      events.map((input) => ({ hookwright_recording: 1, host: "codex", point: input.hook_event_name, session: "cx-1", input })),
    );
    const { scenario, summary } = importText(text, { fileName: "cx-1.jsonl", profile: "codex" });
    expect(summary.notes).toEqual(['2 recorded events on 2 points: 2 become "Run this point" contexts', "1 tool call has no recorded result: it answers with an error saying so"]);
    expect(scenario.prompt).toBe("list files");
  });

  it("is left out when the export is imported back, with a note", () => {
    for (const target of ["codex", "codex-config", "codex-plugin"]) {
      const plain = importPluginZip(exportPluginZip(gate, target).bytes);
      const recorded = importPluginZip(exportPluginZip(gate, target, null, { recorder: true }).bytes);
      expect(recorded.pipeline, target).toEqual(plain.pipeline);
      expect([...recorded.warnings].sort(), target).toEqual([...plain.warnings, `Hookwright's recorder is left out: it is an export option ("Add a recorder"), not a hook.`].sort());
    }
  });
});
