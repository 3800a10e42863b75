import { describe, expect, it } from "vitest";
import { parsePipeline } from "../pipeline/parsePipeline";
import type { Pipeline } from "../pipeline/schema";
import { claudeCodeProfile } from "../profiles";
import { importClaudeCode } from "./importClaudeCode";
import { commandLanguage, commandScript, tokenize, type CommandFolder } from "./importClaudeCodeCommand";

const project = (files: Record<string, string | null>): CommandFolder => ({ files: new Map(Object.entries(files)), kind: "project", base: ".claude/" });
const plugin = (files: Record<string, string | null>): CommandFolder => ({ files: new Map(Object.entries(files)), kind: "plugin", base: "" });

/** What commandScript found, in short: the script's root and path and the language, or the one-liner's missing scripts, or the refusal. */
function found(command: string, folder: CommandFolder): unknown {
  const script = commandScript(command, folder);
  if ("refused" in script) return { refused: script.refused };
  if (!script.found) return { oneLiner: script.missing, language: commandLanguage(script) };
  return { root: script.found.root, path: script.found.path, language: commandLanguage(script) };
}

describe("tokenize", () => {
  it("splits words and operators as sh does, removing quotes and keeping variables", () => {
    expect(tokenize(`"$CLAUDE_PROJECT_DIR"/.claude/hooks/x.py --flag 'a b' 2>/dev/null | jq -r "." # note`)).toEqual([
      { word: "$CLAUDE_PROJECT_DIR/.claude/hooks/x.py", literalDollar: false },
      { word: "--flag", literalDollar: false },
      { word: "a b", literalDollar: false },
      { word: "2", literalDollar: false },
      { op: ">" },
      { word: "/dev/null", literalDollar: false },
      { op: "|" },
      { word: "jq", literalDollar: false },
      { word: "-r", literalDollar: false },
      { word: ".", literalDollar: false },
    ]);
    expect(tokenize(`echo '$HOME' "a\\"b" c\\ d $(cat x)`)).toEqual([
      { word: "echo", literalDollar: false },
      { word: "$HOME", literalDollar: true },
      { word: 'a"b', literalDollar: false },
      { word: "c d", literalDollar: false },
      { op: "$(" },
      { word: "cat", literalDollar: false },
      { word: "x", literalDollar: false },
      { op: ")" },
    ]);
  });
});

describe("the script a command runs", () => {
  const files = {
    ".claude/hooks/x.py": "import json\n",
    ".claude/hooks/guard.sh": "#!/bin/bash\nexit 0\n",
    ".claude/hooks/plain.sh": "exit 0\n",
    ".claude/hooks/tool": "#!/usr/bin/env -S node --no-warnings\n",
    "scripts/y.sh": "#!/usr/bin/env bash\n",
    "hooks/z.mjs": "console.log('{}')\n",
    "hooks/binary": null,
  };

  it("finds project scripts through $CLAUDE_PROJECT_DIR, or relative to the project folder, with the language of the interpreter, shebang or extension", () => {
    const folder = project(files);
    expect(found('"$CLAUDE_PROJECT_DIR"/.claude/hooks/x.py', folder)).toEqual({ root: "project", path: ".claude/hooks/x.py", language: "python" });
    expect(found("python3 .claude/hooks/x.py", folder)).toEqual({ root: "project", path: ".claude/hooks/x.py", language: "python" });
    expect(found('uv run "${CLAUDE_PROJECT_DIR}/.claude/hooks/x.py"', folder)).toEqual({ root: "project", path: ".claude/hooks/x.py", language: "python" });
    expect(found("bash ./scripts/y.sh", folder)).toEqual({ root: "project", path: "scripts/y.sh", language: "bash" });
    expect(found("sh -e scripts/y.sh", folder)).toEqual({ root: "project", path: "scripts/y.sh", language: "sh" });
    expect(found("node hooks/z.mjs", folder)).toEqual({ root: "project", path: "hooks/z.mjs", language: "node" });
    expect(found("$CLAUDE_PROJECT_DIR/.claude/hooks/guard.sh", folder)).toEqual({ root: "project", path: ".claude/hooks/guard.sh", language: "bash" });
    expect(found("$CLAUDE_PROJECT_DIR/.claude/hooks/plain.sh", folder)).toEqual({ root: "project", path: ".claude/hooks/plain.sh", language: "sh" });
    expect(found("$CLAUDE_PROJECT_DIR/.claude/hooks/tool", folder)).toEqual({ root: "project", path: ".claude/hooks/tool", language: "node" });
    expect(found('cd "$CLAUDE_PROJECT_DIR" && python3 .claude/hooks/x.py 2>/dev/null', folder)).toEqual({ root: "project", path: ".claude/hooks/x.py", language: "python" });
  });

  it("finds a plugin's scripts through ${CLAUDE_PLUGIN_ROOT}; its relative paths are the project's, not the plugin's", () => {
    const folder = plugin(files);
    expect(found("${CLAUDE_PLUGIN_ROOT}/hooks/z.mjs", folder)).toEqual({ root: "plugin", path: "hooks/z.mjs", language: "node" });
    expect(found('bash "$CLAUDE_PLUGIN_ROOT/scripts/y.sh"', folder)).toEqual({ root: "plugin", path: "scripts/y.sh", language: "bash" });
    expect(found("node hooks/z.mjs", folder)).toEqual({ oneLiner: ["hooks/z.mjs"], language: "node" });
  });

  it("a command naming no file of the folder is a one-liner, listing the scripts it names that are missing", () => {
    const folder = project(files);
    expect(found("jq -r '.tool_input.command' | grep -q 'rm -rf' && exit 2 || exit 0", folder)).toEqual({ oneLiner: [], language: "sh" });
    expect(found("python3 ~/.claude/hooks/global.py", folder)).toEqual({ oneLiner: ["~/.claude/hooks/global.py"], language: "python" });
    expect(found('"$CLAUDE_PROJECT_DIR"/.claude/hooks/gone.sh', folder)).toEqual({ oneLiner: ["$CLAUDE_PROJECT_DIR/.claude/hooks/gone.sh"], language: "sh" });
    expect(found("${CLAUDE_PLUGIN_ROOT}/hooks/fmt.sh", folder)).toEqual({ oneLiner: ["${CLAUDE_PLUGIN_ROOT}/hooks/fmt.sh"], language: "sh" });
    expect(found("python3 -c 'import sys; sys.exit(0)'", folder)).toEqual({ oneLiner: [], language: "python" });
  });

  it("refuses a binary script, and a command naming several files of the folder", () => {
    expect(found("${CLAUDE_PLUGIN_ROOT}/hooks/binary", plugin(files))).toEqual({ refused: "its script ${CLAUDE_PLUGIN_ROOT}/hooks/binary is not text, and a Hookwright command hook's script is edited as text" });
    expect(found("python3 .claude/hooks/x.py .claude/hooks/guard.sh", project(files))).toEqual({
      refused: "its command names 2 files of the imported folder (.claude/hooks/x.py, .claude/hooks/guard.sh), and a Hookwright command hook carries one script",
    });
  });
});

function parsed(input: unknown): Pipeline {
  const result = parsePipeline(input);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.value;
}

describe("importing command hooks", () => {
  const settings = {
    hooks: {
      PreToolUse: [
        {
          matcher: "Bash",
          hooks: [
            { type: "command", command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/block-rm.sh', timeout: 10 },
            { type: "command", command: "jq -r '.tool_input.command' | grep -q 'push --force' && exit 2 || exit 0" },
            { type: "command", command: "python3 ~/.claude/hooks/global.py", onFailure: "block" },
            { type: "command", command: "bash .claude/hooks/block-rm.sh", async: true },
          ],
        },
      ],
      PostToolUse: [{ matcher: "Write|Edit", hooks: [{ type: "command", command: "python3 .claude/hooks/context.py", onFailure: "continue" }, { type: "http", url: "http://127.0.0.1:9/hook" }] }],
      Stop: [{ hooks: [{ type: "command", command: "node .claude/hooks/stop.mjs" }, { type: "prompt", prompt: "Done?" }] }],
    },
  };
  const folder = new Map<string, string | null>([
    [".claude/settings.json", JSON.stringify(settings)],
    [".claude/hooks/block-rm.sh", "#!/usr/bin/env bash\njq -r .tool_input.command | grep -q 'rm -rf' && exit 2\nexit 0\n"],
    [".claude/hooks/context.py", "import json, sys\njson.load(sys.stdin)\n"],
    [".claude/hooks/stop.mjs", "process.exit(0);\n"],
  ]);

  it("a project's settings.json: command hooks with their scripts, one-liners, and the handlers Hookwright cannot run kept external", () => {
    const { pipeline, warnings } = importClaudeCode(folder, { profile: claudeCodeProfile });
    expect(pipeline.hooks).toEqual(
      parsed({
        format: "hookwright.pipeline/v1",
        name: "x",
        profile: "claude-code",
        hooks: [
          {
            id: "block-rm",
            point: "PreToolUse",
            name: "block-rm",
            matcher: "Bash",
            timeoutMs: 10_000,
            code: folder.get(".claude/hooks/block-rm.sh"),
            runtime: { kind: "command", language: "bash", command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/block-rm.sh', script: { root: "project", path: ".claude/hooks/block-rm.sh" } },
          },
          {
            id: "jq",
            point: "PreToolUse",
            name: "jq -r '.tool_input.command' | grep -q 'push --force' && exi…",
            matcher: "Bash",
            code: "",
            runtime: { kind: "command", language: "sh", command: "jq -r '.tool_input.command' | grep -q 'push --force' && exit 2 || exit 0", script: null },
          },
          {
            id: "python3",
            point: "PreToolUse",
            name: "python3 ~/.claude/hooks/global.py",
            matcher: "Bash",
            onFailure: "block",
            code: "",
            runtime: { kind: "command", language: "python", command: "python3 ~/.claude/hooks/global.py", script: null },
          },
          {
            id: "context",
            point: "PostToolUse",
            name: "context",
            matcher: "Write|Edit",
            onFailure: "continue",
            code: folder.get(".claude/hooks/context.py"),
            runtime: { kind: "command", language: "python", command: "python3 .claude/hooks/context.py", script: { root: "project", path: ".claude/hooks/context.py" } },
          },
          {
            id: "stop",
            point: "Stop",
            name: "stop",
            code: "process.exit(0);\n",
            runtime: { kind: "command", language: "node", command: "node .claude/hooks/stop.mjs", script: { root: "project", path: ".claude/hooks/stop.mjs" } },
          },
        ],
      }).hooks,
    );
    expect(pipeline.externalHooks?.map(({ id, point, reason, files }) => ({ id, point, reason, files: files?.map((f) => f.path) }))).toEqual([
      { id: "external-block-rm-sh", point: "PreToolUse", reason: 'its "async" option is not modelled by Hookwright', files: [".claude/hooks/block-rm.sh"] },
      { id: "external-http", point: "PostToolUse", reason: "a http hook: Hookwright runs only command hooks", files: undefined },
      { id: "external-done", point: "Stop", reason: "a prompt hook: Hookwright runs only command hooks", files: undefined },
    ]);
    expect(warnings).toEqual([
      ".claude/settings.json: hooks.PreToolUse[0].hooks[2] runs ~/.claude/hooks/global.py, which the imported project does not hold; the hook is imported as a one-liner (the command alone, no script), so a run finds no such file.",
      '3 hooks are kept as external (Hookwright lists but cannot run them): PreToolUse external-block-rm-sh (its "async" option is not modelled by Hookwright); PostToolUse external-http (a http hook: Hookwright runs only command hooks); Stop external-done (a prompt hook: Hookwright runs only command hooks).',
    ]);
    expect(pipeline.modules).toEqual([]);
  });

  it("a .claude folder itself reads the same, with paths as the project sees them", () => {
    const claudeFolder = new Map([...folder].map(([path, content]) => [path.replace(/^\.claude\//, ""), content]));
    expect(importClaudeCode(claudeFolder, { profile: claudeCodeProfile }).pipeline.hooks).toEqual(importClaudeCode(folder, { profile: claudeCodeProfile }).pipeline.hooks);
  });

  it("a plugin's hooks.json: ${CLAUDE_PLUGIN_ROOT} scripts are the plugin's; a missing one is a one-liner and a warning", () => {
    const { pipeline, warnings } = importClaudeCode(
      new Map([
        ["hooks/hooks.json", JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Edit", hooks: [{ type: "command", command: "${CLAUDE_PLUGIN_ROOT}/hooks/fmt.sh" }, { type: "command", command: 'node "${CLAUDE_PLUGIN_ROOT}/hooks/gone.js"' }] }] } })],
        ["hooks/fmt.sh", "#!/bin/sh\nexit 0\n"],
      ]),
      { profile: claudeCodeProfile },
    );
    expect(pipeline.hooks.map((h) => [h.id, h.runtime, h.code])).toEqual([
      ["fmt", { kind: "command", language: "sh", command: "${CLAUDE_PLUGIN_ROOT}/hooks/fmt.sh", script: { root: "plugin", path: "hooks/fmt.sh" } }, "#!/bin/sh\nexit 0\n"],
      ["node", { kind: "command", language: "node", command: 'node "${CLAUDE_PLUGIN_ROOT}/hooks/gone.js"', script: null }, ""],
    ]);
    expect(warnings).toEqual([
      "hooks/hooks.json: hooks.PreToolUse[0].hooks[1] runs ${CLAUDE_PLUGIN_ROOT}/hooks/gone.js, which the imported plugin does not hold; the hook is imported as a one-liner (the command alone, no script), so a run finds no such file.",
    ]);
  });
});
