import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { examplePipelines } from "~/core/examples";
import { parsePipeline } from "~/core/pipeline/parsePipeline";
import type { Pipeline } from "~/core/pipeline/schema";
import { exportPlugin, exportPluginZip, importPluginFolder, importPluginZip } from "./service";
import { runCommandHook, writeFiles } from "./testing/commandHook";

/*
 * Import of Claude Code hooks: Hookwright's own exports come back as the same pipeline; hand-written
 * command hooks (node, shell, Python) become command hooks whose command and script are kept byte
 * for byte, and export writes them back as they were; prompt hooks are kept as external hooks; what
 * cannot be read is refused naming the file.
 */

let folder = "";
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "hookwright-claude-import-"));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

function parsed(input: unknown): Pipeline {
  const result = parsePipeline(input);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.value;
}

const hookFields = (p: Pipeline) => p.hooks.map(({ id, point, name, code, matcher, timeoutMs, onFailure }) => ({ id, point, name, code, matcher, timeoutMs, onFailure }));

/** A plugin written by hand, as people write them: three node scripts in three styles, a shell script, a Python script, a prompt hook. */
const handWritten = new Map<string, string>([
  [".claude-plugin/plugin.json", JSON.stringify({ name: "safety-hooks", version: "1.2.0", description: "Hand-written hooks." })],
  [
    "hooks/hooks.json",
    JSON.stringify(
      {
        hooks: {
          PreToolUse: [
            {
              matcher: "Bash",
              hooks: [
                { type: "command", command: 'node "${CLAUDE_PLUGIN_ROOT}/hooks/gate.mjs"', timeout: 10 },
                { type: "command", command: "${CLAUDE_PLUGIN_ROOT}/hooks/format.sh" },
                { type: "command", command: "python3 ${CLAUDE_PLUGIN_ROOT}/hooks/check.py", timeout: 5 },
              ],
            },
          ],
          PostToolUse: [{ matcher: "Bash|Write", hooks: [{ type: "command", command: "node ${CLAUDE_PLUGIN_ROOT}/hooks/context.js", onFailure: "continue" }] }],
          Stop: [{ hooks: [{ type: "command", command: "node ${CLAUDE_PLUGIN_ROOT}/hooks/stop.js" }, { type: "prompt", prompt: "Is the work done?" }] }],
        },
      },
      null,
      2,
    ),
  ],
  [
    "hooks/gate.mjs",
    [
      "#!/usr/bin/env node",
      'import { readFileSync } from "node:fs";',
      "",
      'const input = JSON.parse(readFileSync(0, "utf8"));',
      'const command = input.tool_input?.command ?? "";',
      'if (/\\brm\\s+-rf\\b/.test(command)) {',
      "  console.error(`Blocked: ${command} deletes files`);",
      "  process.exit(2);",
      "}",
      'if (command.startsWith("git push")) {',
      '  console.log(JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "ask", permissionDecisionReason: "pushing needs a person" } }));',
      "  process.exit(0);",
      "}",
      'if (command === "crash") throw new Error("unexpected command");',
      "",
    ].join("\n"),
  ],
  [
    "hooks/context.js",
    [
      'const fs = require("fs");',
      'const input = JSON.parse(fs.readFileSync("/dev/stdin").toString());',
      'process.stdout.write(JSON.stringify({ hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: `${input.tool_name} ran in ${input.cwd}` } }));',
      "",
    ].join("\n"),
  ],
  [
    "hooks/stop.js",
    [
      'let data = "";',
      'process.stdin.setEncoding("utf8");',
      'process.stdin.on("data", (chunk) => (data += chunk));',
      'process.stdin.on("end", async () => {',
      "  const input = JSON.parse(data);",
      "  await Promise.resolve();",
      "  if (input.stop_hook_active) process.exit(0);",
      '  console.log(JSON.stringify({ decision: "block", reason: "Run the tests first." }));',
      "});",
      "",
    ].join("\n"),
  ],
  ["hooks/format.sh", '#!/bin/sh\njq -r .tool_input.command >> "$CLAUDE_PROJECT_DIR/.commands.log"\n'],
  ["hooks/check.py", "import json, sys\njson.load(sys.stdin)\nsys.exit(0)\n"],
]);

describe("importing Claude Code hooks", () => {
  const claudeExamples = examplePipelines.filter((p) => p.profile === "claude-code");

  it("every claude-code example, exported as a plugin and as settings, imports back to the same pipeline and exports to the same bytes", async () => {
    for (const example of claudeExamples) {
      const pipeline = parsed(example);
      const dir = join(folder, `rt-${pipeline.name.replace(/\W+/g, "-")}`);
      await writeFiles(dir, exportPlugin(pipeline, "claude-code").files);
      const { pipeline: back } = await importPluginFolder(dir);
      expect({ profile: back.profile, name: back.name, description: back.description }).toEqual({ profile: "claude-code", name: pipeline.name, description: pipeline.description });
      expect(hookFields(back)).toEqual(hookFields(parsed({ ...pipeline, hooks: pipeline.hooks.filter((h) => h.enabled) })));
      const again = parsed({ ...back, scenarios: pipeline.scenarios });
      expect(exportPlugin(again, "claude-code").files).toEqual(exportPlugin(pipeline, "claude-code").files);
      // The settings target, as a zip, the same way.
      const fromSettings = importPluginZip(exportPluginZip(pipeline, "claude-code-settings").bytes).pipeline;
      expect(hookFields(fromSettings)).toEqual(hookFields(back));
      expect(fromSettings.name).toBe(pipeline.name);
    }
  });

  it("hand-written hooks in node, shell and Python become command hooks with their scripts byte for byte; the prompt hook stays external; export writes them back as they were", { timeout: 60_000 }, async () => {
    const dir = join(folder, "hand-written");
    await writeFiles(dir, [...handWritten].map(([path, content]) => ({ path, content })));
    const { pipeline, warnings } = await importPluginFolder(dir);
    expect(pipeline.name).toBe("safety-hooks");
    const script = (path: string) => ({ root: "plugin", path });
    expect(pipeline.hooks.map(({ id, point, matcher, timeoutMs, onFailure, runtime, code }) => ({ id, point, matcher, timeoutMs, onFailure, runtime, code }))).toEqual([
      { id: "gate", point: "PreToolUse", matcher: "Bash", timeoutMs: 10_000, onFailure: undefined, runtime: { kind: "command", language: "node", command: 'node "${CLAUDE_PLUGIN_ROOT}/hooks/gate.mjs"', script: script("hooks/gate.mjs") }, code: handWritten.get("hooks/gate.mjs") },
      { id: "format", point: "PreToolUse", matcher: "Bash", timeoutMs: undefined, onFailure: undefined, runtime: { kind: "command", language: "sh", command: "${CLAUDE_PLUGIN_ROOT}/hooks/format.sh", script: script("hooks/format.sh") }, code: handWritten.get("hooks/format.sh") },
      { id: "check", point: "PreToolUse", matcher: "Bash", timeoutMs: 5000, onFailure: undefined, runtime: { kind: "command", language: "python", command: "python3 ${CLAUDE_PLUGIN_ROOT}/hooks/check.py", script: script("hooks/check.py") }, code: handWritten.get("hooks/check.py") },
      { id: "context", point: "PostToolUse", matcher: "Bash|Write", timeoutMs: undefined, onFailure: "continue", runtime: { kind: "command", language: "node", command: "node ${CLAUDE_PLUGIN_ROOT}/hooks/context.js", script: script("hooks/context.js") }, code: handWritten.get("hooks/context.js") },
      { id: "stop", point: "Stop", matcher: null, timeoutMs: undefined, onFailure: undefined, runtime: { kind: "command", language: "node", command: "node ${CLAUDE_PLUGIN_ROOT}/hooks/stop.js", script: script("hooks/stop.js") }, code: handWritten.get("hooks/stop.js") },
    ]);
    expect(pipeline.modules).toEqual([]);
    expect(pipeline.externalHooks?.map(({ point, matcher, handler, reason, files }) => ({ point, matcher, handler, reason, files }))).toEqual([
      { point: "Stop", matcher: null, handler: { type: "prompt", prompt: "Is the work done?" }, reason: "a prompt hook: Hookwright runs only command hooks", files: undefined },
    ]);
    expect(warnings).toEqual(["1 hook is kept as external (Hookwright lists but cannot run it): Stop external-done (a prompt hook: Hookwright runs only command hooks)."]);

    // Export: the same handlers in the same groups, the scripts byte for byte, executable.
    const files = exportPlugin(parsed(pipeline), "claude-code").files;
    const hooksJson = JSON.parse(files.find((f) => f.path === "hooks/hooks.json")?.content ?? "{}") as { hooks: unknown };
    expect(hooksJson.hooks).toEqual((JSON.parse(handWritten.get("hooks/hooks.json") ?? "") as { hooks: unknown }).hooks);
    for (const path of ["hooks/gate.mjs", "hooks/format.sh", "hooks/check.py", "hooks/context.js", "hooks/stop.js"]) {
      expect(files.find((f) => f.path === path), path).toEqual({ path, content: handWritten.get(path), executable: true });
    }

    // The exported gate, run as the host runs it, still blocks rm -rf with its own words.
    const out = join(folder, "hand-written-export");
    await writeFiles(out, files);
    const gate = await runCommandHook('node "${CLAUDE_PLUGIN_ROOT}/hooks/gate.mjs"', JSON.stringify({ tool_input: { command: "rm -rf /tmp/x" } }), { CLAUDE_PLUGIN_ROOT: out });
    expect(gate).toEqual({ code: 2, stdout: "", stderr: "Blocked: rm -rf /tmp/x deletes files\n" });
  });

  it("a project's .claude/settings.json: $CLAUDE_PROJECT_DIR and project-relative script paths", async () => {
    const dir = join(folder, "project");
    const guard = 'const i = JSON.parse(require("fs").readFileSync(0, "utf8"));\nif (String(i.tool_input.file_path).endsWith(".env")) { console.error("no .env"); process.exit(2); }\n';
    await writeFiles(dir, [
      { path: ".claude/settings.json", content: JSON.stringify({ permissions: { allow: ["Bash(ls)"] }, hooks: { PreToolUse: [{ matcher: "Write", hooks: [{ type: "command", command: 'node "$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.js' }] }], SessionStart: [{ matcher: "startup", hooks: [{ type: "command", command: "python3 .claude/hooks/hello.py" }] }] } }) },
      { path: ".claude/hooks/guard.js", content: guard },
      { path: ".claude/hooks/hello.py", content: 'print("hi")\n' },
    ]);
    const { pipeline } = await importPluginFolder(dir);
    expect(pipeline.hooks.map((h) => [h.id, h.point, h.matcher, h.runtime, h.code])).toEqual([
      ["guard", "PreToolUse", "Write", { kind: "command", language: "node", command: 'node "$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.js', script: { root: "project", path: ".claude/hooks/guard.js" } }, guard],
      ["hello", "SessionStart", "startup", { kind: "command", language: "python", command: "python3 .claude/hooks/hello.py", script: { root: "project", path: ".claude/hooks/hello.py" } }, 'print("hi")\n'],
    ]);
  });

  it("refusals name the file and the reason; a missing script is a one-liner with a warning", async () => {
    const missing = (await importPluginZipOf([["hooks/hooks.json", JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: "command", command: 'node "${CLAUDE_PLUGIN_ROOT}/hooks/missing.js"' }] }] } })]])) as Awaited<ReturnType<typeof importPluginFolder>>;
    expect(missing.pipeline.hooks.map((h) => [h.runtime, h.code])).toEqual([[{ kind: "command", language: "node", command: 'node "${CLAUDE_PLUGIN_ROOT}/hooks/missing.js"', script: null }, ""]]);
    expect(missing.warnings).toEqual([
      "hooks/hooks.json: hooks.PreToolUse[0].hooks[0] runs ${CLAUDE_PLUGIN_ROOT}/hooks/missing.js, which the imported plugin does not hold; the hook is imported as a one-liner (the command alone, no script), so a run finds no such file.",
    ]);
    await expect(importPluginZipOf([["hooks/hooks.json", "{ nope"]])).rejects.toThrow(/^hooks\/hooks\.json is not valid JSON: /);
    await expect(importPluginZipOf([["hooks/hooks.json", JSON.stringify({ hooks: { PreToolUse: { matcher: "Bash" } } })]])).rejects.toThrow("hooks/hooks.json: hooks.PreToolUse must be a list of matcher groups");
  });
});

let zips = 0;
/** Imports a plugin given as files, through a folder (the same reader as a zip after decoding). */
async function importPluginZipOf(entries: [string, string][]): Promise<unknown> {
  const dir = join(folder, `refuse-${zips++}`);
  await writeFiles(dir, entries.map(([path, content]) => ({ path, content })));
  return importPluginFolder(dir);
}
