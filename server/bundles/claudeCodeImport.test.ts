import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blockingReason } from "~/core/chain/fold/claudeCode";
import { runScenario } from "~/core/engine";
import { examplePipelines } from "~/core/examples";
import { parsePipeline } from "~/core/pipeline/parsePipeline";
import type { Pipeline } from "~/core/pipeline/schema";
import type { EncodedTraceEvent, TraceEvent } from "~/core/trace/events";
import { resolveTrace } from "~/core/trace/resolve";
import { createSandboxRunner } from "~/server/sandbox";
import { exportPlugin, exportPluginZip, importPluginFolder, importPluginZip } from "./service";
import { runCommandHook, writeFiles } from "./testing/commandHook";

/*
 * Import of Claude Code hooks: Hookwright's own exports come back as the same pipeline; hand-written
 * command scripts become hooks that answer exactly as the scripts do when node runs them (checked
 * by running the ORIGINAL scripts on the inputs of a Hookwright run); shell, Python and prompt
 * hooks are kept as external hooks and written back unchanged; what cannot be converted is refused
 * naming the file.
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

const bashScenario = (commands: string[]) => ({
  name: "bash",
  prompt: "go",
  model: {
    kind: "scripted" as const,
    responses: [
      ...commands.map((command, i) => ({ content: [{ type: "tool_use" as const, id: `t${i}`, name: "Bash", input: { command } }], stopReason: "tool_use" as const })),
      { content: [{ type: "text" as const, text: "done" }], stopReason: "end_turn" as const },
      { content: [{ type: "text" as const, text: "tests pass" }], stopReason: "end_turn" as const },
    ],
  },
  tools: [{ name: "Bash", inputSchema: { type: "object" }, results: ["ok"] }],
  approvals: [{ decision: "deny" as const }],
});

async function run(pipeline: Pipeline): Promise<TraceEvent[]> {
  const scenario = pipeline.scenarios[0];
  if (!scenario) throw new Error("no scenario");
  const encoded: EncodedTraceEvent[] = [];
  await runScenario({ pipeline, scenario, createRunner: createSandboxRunner, emit: (e) => void encoded.push(e) });
  return resolveTrace(encoded);
}

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

  it("hand-written scripts become hooks that answer as the scripts do under node; shell, Python and prompt hooks stay external", { timeout: 120_000 }, async () => {
    const dir = join(folder, "hand-written");
    await writeFiles(dir, [...handWritten].map(([path, content]) => ({ path, content })));
    const { pipeline, warnings } = await importPluginFolder(dir);
    expect(pipeline.name).toBe("safety-hooks");
    expect(pipeline.hooks.map(({ id, point, matcher, timeoutMs, onFailure }) => ({ id, point, matcher, timeoutMs, onFailure }))).toEqual([
      { id: "gate", point: "PreToolUse", matcher: "Bash", timeoutMs: 10_000, onFailure: undefined },
      { id: "context", point: "PostToolUse", matcher: "Bash|Write", timeoutMs: undefined, onFailure: "continue" },
      { id: "stop", point: "Stop", matcher: null, timeoutMs: undefined, onFailure: undefined },
    ]);
    expect(pipeline.externalHooks?.map(({ point, matcher, handler, reason, files }) => ({ point, matcher, handler, reason, files: files?.map((f) => f.path) }))).toEqual([
      { point: "PreToolUse", matcher: "Bash", handler: { type: "command", command: "${CLAUDE_PLUGIN_ROOT}/hooks/format.sh" }, reason: "a shell command: Hookwright runs only JavaScript and TypeScript hooks", files: ["hooks/format.sh"] },
      { point: "PreToolUse", matcher: "Bash", handler: { type: "command", command: "python3 ${CLAUDE_PLUGIN_ROOT}/hooks/check.py", timeout: 5 }, reason: "a shell command: Hookwright runs only JavaScript and TypeScript hooks", files: ["hooks/check.py"] },
      { point: "Stop", matcher: null, handler: { type: "prompt", prompt: "Is the work done?" }, reason: "a prompt hook: Hookwright runs only command hooks written in JavaScript or TypeScript", files: undefined },
    ]);
    expect(warnings.some((w) => w.startsWith("3 hooks are kept as external"))).toBe(true);

    // Run them in Hookwright, then run the ORIGINAL scripts with node on each hook's input.
    const events = await run(parsed({ ...pipeline, scenarios: [bashScenario(["rm -rf /tmp/x", "git push", "crash", "ls"])] }));
    const scripts: Record<string, string> = { gate: "hooks/gate.mjs", context: "hooks/context.js", stop: "hooks/stop.js" };
    let input: unknown = null;
    const codes: number[] = [];
    for (const e of events) {
      if (e.type === "point.start") input = (e.context as { input?: unknown }).input;
      if (e.type !== "hook.end") continue;
      const real = await runCommandHook(`node "${join(dir, scripts[e.hookId] ?? "")}"`, JSON.stringify(input), {});
      const where = `${e.point} ${e.hookId} (seq ${e.seq})`;
      codes.push(real.code ?? -1);
      if (real.code === 0) expect({ error: e.error, output: e.output ?? null }, where).toEqual({ error: null, output: real.stdout.trim() === "" ? null : JSON.parse(real.stdout) });
      else if (real.code === 2) expect(blockingReason(e.error), where).toBe(real.stderr.replace(/\n$/, ""));
      else {
        // The uncaught error's first line, as node printed it.
        const thrown = /^(\w*Error: .*)$/m.exec(real.stderr)?.[1] ?? "(no error line)";
        expect({ code: real.code, error: e.error?.startsWith(`Error: hooks/gate.mjs exited with code 1: ${thrown}`) }, where).toEqual({ code: 1, error: true });
      }
    }
    // gate ×4 (exit 2, ask, crash, nothing), context after the Bash calls that ran, stop ×2 (block, then stop_hook_active).
    expect(codes.filter((c) => c === 2)).toHaveLength(1);
    expect(codes.filter((c) => c === 1)).toHaveLength(1);
    const denied = events.find((e) => e.type === "tool.result" && e.toolUseId === "t0");
    expect(denied?.type === "tool.result" && denied.content).toBe("PreToolUse:Bash hook error: Blocked: rm -rf /tmp/x deletes files");

    // Export writes the external hooks back unchanged, with their scripts, next to the converted hooks.
    const files = exportPlugin(parsed(pipeline), "claude-code").files;
    const hooksJson = JSON.parse(files.find((f) => f.path === "hooks/hooks.json")?.content ?? "{}") as { hooks: Record<string, { matcher?: string; hooks: Record<string, unknown>[] }[]> };
    expect(hooksJson.hooks.PreToolUse?.[0]?.hooks.slice(1)).toEqual([
      { type: "command", command: "${CLAUDE_PLUGIN_ROOT}/hooks/format.sh" },
      { type: "command", command: "python3 ${CLAUDE_PLUGIN_ROOT}/hooks/check.py", timeout: 5 },
    ]);
    expect(hooksJson.hooks.Stop?.[0]?.hooks[1]).toEqual({ type: "prompt", prompt: "Is the work done?" });
    expect(files.find((f) => f.path === "hooks/format.sh")?.content).toBe(handWritten.get("hooks/format.sh"));
    expect(files.find((f) => f.path === "hooks/check.py")?.content).toBe(handWritten.get("hooks/check.py"));
  });

  it("a project's .claude/settings.json: $CLAUDE_PROJECT_DIR and project-relative script paths", async () => {
    const dir = join(folder, "project");
    await writeFiles(dir, [
      { path: ".claude/settings.json", content: JSON.stringify({ permissions: { allow: ["Bash(ls)"] }, hooks: { PreToolUse: [{ matcher: "Write", hooks: [{ type: "command", command: 'node "$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.js' }] }], SessionStart: [{ matcher: "startup", hooks: [{ type: "command", command: "node .claude/hooks/hello.js" }] }] } }) },
      { path: ".claude/hooks/guard.js", content: 'const i = JSON.parse(require("fs").readFileSync(0, "utf8"));\nif (String(i.tool_input.file_path).endsWith(".env")) { console.error("no .env"); process.exit(2); }\n' },
      { path: ".claude/hooks/hello.js", content: 'console.log(JSON.stringify({ hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: "hi" } }));\n' },
    ]);
    const { pipeline } = await importPluginFolder(dir);
    expect(pipeline.hooks.map((h) => [h.id, h.point, h.matcher])).toEqual([
      ["guard", "PreToolUse", "Write"],
      ["hello", "SessionStart", "startup"],
    ]);
  });

  it("refusals name the file and the reason", async () => {
    const plugin = (script: string, command = 'node "${CLAUDE_PLUGIN_ROOT}/hooks/x.js"') =>
      importPluginZipOf([
        ["hooks/hooks.json", JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: "command", command }] }] } })],
        ["hooks/x.js", script],
      ]);
    await expect(plugin('const { execSync } = require("child_process");\nexecSync("ls");\n')).rejects.toThrow(
      'hooks/x.js cannot become a Hookwright hook faithfully: it imports "child_process"; in Hookwright a hook only gets its input (stdin), so only fs (to read stdin) and process can be used.',
    );
    await expect(plugin("console.log(__dirname);\n")).rejects.toThrow("hooks/x.js cannot become a Hookwright hook faithfully: it uses __dirname / __filename (its own location).");
    await expect(plugin("", 'node "${CLAUDE_PLUGIN_ROOT}/hooks/missing.js"')).rejects.toThrow('hooks/hooks.json: hooks.PreToolUse[0].hooks[0] runs ${CLAUDE_PLUGIN_ROOT}/hooks/missing.js, but the plugin has no hooks/missing.js.');
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
