import { mkdtemp, readFile, rm, stat, writeFile, mkdir, readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RECORDING_CAP_BYTES } from "~/core/bundles/recorder";
import { parsePipeline } from "~/core/pipeline/parsePipeline";
import type { Pipeline } from "~/core/pipeline/schema";
import { getProfile } from "~/core/profiles";
import { importText } from "~/core/sessions/testing";
import { exportPlugin, exportPluginZip, importPluginZip } from "./service";
import { runCommandHook, writeFiles } from "./testing/commandHook";

/*
 * The Claude Code recorder as Claude Code runs it: the exported hooks.json commands through `sh -c`
 * with the event's JSON on stdin, by real node. Then the recording it wrote is imported as a session.
 */

let dir = "";
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "hookwright-recorder-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function parsed(input: unknown): Pipeline {
  const result = parsePipeline(input);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.value;
}

const pipeline = parsed({
  format: "hookwright.pipeline/v1",
  name: "Bash gate",
  profile: "claude-code",
  hooks: [{ id: "gate", point: "PreToolUse", name: "dangerous-command-gate", matcher: "Bash", code: "export default async () => null;\n" }],
});

const events = (session: string) => [
  { session_id: session, transcript_path: `/home/u/.claude/projects/p/${session}.jsonl`, cwd: "/work/p", hook_event_name: "SessionStart", source: "startup" },
  { session_id: session, transcript_path: `/home/u/.claude/projects/p/${session}.jsonl`, cwd: "/work/p", hook_event_name: "UserPromptSubmit", prompt: "Clean the build, the key is OPENAI_API_KEY=sk-proj-abcdefghijklmnopqrstuvwxyz" },
  { session_id: session, cwd: "/work/p", hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "rm -rf build" }, tool_use_id: "toolu_1" },
  { session_id: session, cwd: "/work/p", hook_event_name: "PostToolUse", tool_name: "Bash", tool_input: { command: "rm -rf build" }, tool_response: { stdout: "", stderr: "", interrupted: false }, tool_use_id: "toolu_1" },
  { session_id: session, cwd: "/work/p", hook_event_name: "Stop", stop_hook_active: false, last_assistant_message: "Removed build/." },
];

describe("the Claude Code recorder", () => {
  it("is added on every event, after the pipeline's hooks, only when asked", () => {
    const profile = getProfile("claude-code");
    const plain = exportPlugin(pipeline, "claude-code").files;
    const recorded = exportPlugin(pipeline, "claude-code", null, { recorder: true }).files;
    expect(recorded.map((f) => f.path)).toEqual([...plain.map((f) => f.path), "hooks/hookwright-recorder.mjs"].sort());
    const hooks = JSON.parse(recorded.find((f) => f.path === "hooks/hooks.json")?.content ?? "{}") as { hooks: Record<string, unknown[]> };
    const recorder = { type: "command", command: 'node "${CLAUDE_PLUGIN_ROOT}/hooks/hookwright-recorder.mjs"', timeout: 10 };
    expect(Object.keys(hooks.hooks)).toEqual(profile?.points.map((p) => p.id));
    expect(hooks.hooks["PreToolUse"]).toEqual([
      { matcher: "Bash", hooks: [{ type: "command", command: 'node "${CLAUDE_PLUGIN_ROOT}/hooks/dangerous-command-gate.mjs"' }] },
      { matcher: "*", hooks: [recorder] },
    ]);
    expect(hooks.hooks["Stop"]).toEqual([{ hooks: [recorder] }]);
    expect(hooks.hooks["UserPromptSubmit"]).toEqual([{ hooks: [recorder] }]);
    const readme = recorded.find((f) => f.path === "README.md")?.content ?? "";
    expect(readme).toContain("## Recorder");
    expect(readme).toContain("`<project>/.hookwright/recordings/<session_id>.jsonl`, the project being `$CLAUDE_PROJECT_DIR` (else the input's `cwd`)");
    expect(readme).toContain("a file stops growing once it reaches 20 MiB");
    expect(plain.find((f) => f.path === "README.md")?.content).not.toContain("Recorder");

    const settings = exportPlugin(pipeline, "claude-code-settings", null, { recorder: true }).files;
    expect(settings.map((f) => f.path)).toContain(".claude/hooks/hookwright-recorder.mjs");
    const map = JSON.parse(settings.find((f) => f.path === ".claude/settings.json")?.content ?? "{}") as { hooks: Record<string, unknown[]> };
    expect(map.hooks["SessionEnd"]).toEqual([{ matcher: "*", hooks: [{ type: "command", command: 'node "$CLAUDE_PROJECT_DIR/.claude/hooks/hookwright-recorder.mjs"', timeout: 10 }] }]);
  });

  it("is left out when the export is imported back, with a note", () => {
    const plain = importPluginZip(exportPluginZip(pipeline, "claude-code").bytes);
    const recorded = importPluginZip(exportPluginZip(pipeline, "claude-code", null, { recorder: true }).bytes);
    expect(recorded.pipeline).toEqual(plain.pipeline);
    expect(recorded.warnings).toEqual([...plain.warnings.slice(0, -1), "Hookwright's recorder (on 15 events) is left out: it is an export option (\"Add a recorder\"), not a hook.", ...plain.warnings.slice(-1)]);
  });

  it("refuses a recorder on a format that cannot add one", () => {
    expect(() => exportPlugin(pipeline, "claude-code-sdk", null, { recorder: true })).toThrow(/^The claude-code-sdk export cannot add a recorder; the formats that can: /);
  });

  it("appends each event's input to the session's file, silently, and the file imports as a scenario with point contexts", async () => {
    const plugin = join(dir, "plugin");
    const project = join(dir, "project");
    await mkdir(project, { recursive: true });
    const files = exportPlugin(pipeline, "claude-code", null, { recorder: true }).files;
    await writeFiles(plugin, files);
    const hooks = JSON.parse(files.find((f) => f.path === "hooks/hooks.json")?.content ?? "{}") as { hooks: Record<string, { hooks: { command: string }[] }[]> };
    const recorderCommand = (event: string) => hooks.hooks[event]?.at(-1)?.hooks[0]?.command ?? "";
    const env = { CLAUDE_PLUGIN_ROOT: plugin, CLAUDE_PROJECT_DIR: project };
    const sent = [...events("sess-a").slice(0, 3), ...events("sess-b").slice(1, 2), ...events("sess-a").slice(3)];
    for (const input of sent) {
      const outcome = await runCommandHook(recorderCommand(input.hook_event_name), JSON.stringify(input), env);
      expect(outcome).toEqual({ code: 0, stdout: "", stderr: "" });
    }
    const folder = join(project, ".hookwright", "recordings");
    expect((await readdir(folder)).sort()).toEqual(["sess-a.jsonl", "sess-b.jsonl"]);
    const text = await readFile(join(folder, "sess-a.jsonl"), "utf8");
    const lines = text.trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
    for (const line of lines) expect(line["at"]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(lines.map(({ at: _at, ...rest }) => rest)).toEqual(events("sess-a").map((input) => ({ hookwright_recording: 1, host: "claude-code", point: input.hook_event_name, session: "sess-a", input })));
    const times = lines.map((l) => l["at"] as string);

    const { scenario, summary } = importText(text, { fileName: "sess-a.jsonl", profile: "claude-code" });
    expect(summary.host).toBe("recording");
    expect(summary.notes).toEqual(['5 recorded events on 5 points: 5 become "Run this point" contexts']);
    expect(summary.branches.map((b) => [b.leaf, b.records, b.chosen])).toEqual([["sess-a", 5, true]]);
    expect(scenario.prompt).toBe("Clean the build, the key is OPENAI_API_KEY=[REDACTED:openai-key]");
    expect(scenario.model.kind === "scripted" && scenario.model.responses).toEqual([
      { content: [{ type: "tool_use", id: "toolu_1", name: "Bash", input: { command: "rm -rf build" } }], stopReason: "tool_use" },
      { content: [{ type: "text", text: "Removed build/." }], stopReason: "end_turn" },
    ]);
    expect(scenario.tools.map((t) => [t.name, t.results])).toEqual([["Bash", ['{"stdout":"","stderr":"","interrupted":false}']]]);
    const a = events("sess-a");
    expect(scenario.source?.pointFixtures).toEqual([
      { point: "SessionStart", label: "SessionStart · startup", at: times[0], context: a[0] },
      { point: "UserPromptSubmit", label: "UserPromptSubmit · Clean the build, the key is OPENAI_API_KEY=[REDACTED:openai-key]", at: times[1], context: { ...a[1], prompt: "Clean the build, the key is OPENAI_API_KEY=[REDACTED:openai-key]" } },
      { point: "PreToolUse", label: "PreToolUse · Bash · rm -rf build", at: times[2], context: a[2] },
      { point: "PostToolUse", label: "PostToolUse · Bash · rm -rf build", at: times[3], context: a[3] },
      { point: "Stop", label: "Stop · Removed build/.", at: times[4], context: a[4] },
    ]);

    // Both sessions in one file: each is a branch, the last line's session imported unless another is picked.
    const both = `${text}${await readFile(join(folder, "sess-b.jsonl"), "utf8")}`;
    const b = importText(both, { fileName: "both.jsonl" });
    expect(b.summary.branches.map((x) => [x.leaf, x.records, x.chosen, x.preview])).toEqual([
      ["sess-a", 5, false, "Clean the build, the key is OPENAI_API_KEY=sk-proj-abcdefghijklmnopqrstuvwxyz"],
      ["sess-b", 1, true, "Clean the build, the key is OPENAI_API_KEY=sk-proj-abcdefghijklmnopqrstuvwxyz"],
    ]);
    expect(b.scenario.source?.sessionId).toBe("sess-b");
    expect(importText(both, { branch: "sess-a" }).scenario.source?.pointFixtures).toHaveLength(5);
  });

  it("stops at the size cap, saying so once, and ignores input it cannot read", async () => {
    const plugin = join(dir, "plugin-cap");
    const project = join(dir, "project-cap");
    const files = exportPlugin(pipeline, "claude-code", null, { recorder: true }).files;
    await writeFiles(plugin, files);
    const command = 'node "${CLAUDE_PLUGIN_ROOT}/hooks/hookwright-recorder.mjs"';
    const env = { CLAUDE_PLUGIN_ROOT: plugin, CLAUDE_PROJECT_DIR: project };
    const folder = join(project, ".hookwright", "recordings");
    await mkdir(folder, { recursive: true });
    const file = join(folder, "full.jsonl");
    await writeFile(file, "x".repeat(RECORDING_CAP_BYTES - 10));
    const input = { session_id: "full", cwd: project, hook_event_name: "Stop", last_assistant_message: "done" };
    expect(await runCommandHook(command, JSON.stringify(input), env)).toEqual({ code: 0, stdout: "", stderr: "" });
    const tail = (await readFile(file, "utf8")).slice(RECORDING_CAP_BYTES - 10).trim().split("\n");
    expect(tail.map((l) => Object.keys(JSON.parse(l) as object))).toEqual([
      ["hookwright_recording", "host", "point", "at", "session", "input"],
      ["hookwright_recording", "host", "at", "session", "capped", "capBytes"],
    ]);
    const size = (await stat(file)).size;
    expect(await runCommandHook(command, JSON.stringify(input), env)).toEqual({ code: 0, stdout: "", stderr: "" });
    expect((await stat(file)).size).toBe(size);

    expect(await runCommandHook(command, "not json", env)).toEqual({ code: 0, stdout: "", stderr: "" });
    expect((await readdir(folder)).sort()).toEqual(["full.jsonl"]);
  });
});
