import { describe, expect, it } from "vitest";
import { parsePipeline } from "../pipeline/parsePipeline";
import type { Pipeline } from "../pipeline/schema";
import { claudeCodeProfile } from "../profiles";
import { exportClaudeCodePlugin, exportClaudeCodeSettings } from "./exportClaudeCode";
import { exportClaudeCodeSdkModule } from "./exportClaudeCodeSdk";
import { BLOCK_RM_SH, commandHooksPipeline, CONTEXT_PY, NO_FORCE_PUSH, STOP_CHECK_MJS } from "./fixtures/claudeCodeCommands";
import { importClaudeCode } from "./importClaudeCode";
import type { ScriptBundler } from "./registry";
import type { BundleFile } from "./types";

/** Core cannot bundle; a stand-in that is deterministic is enough for the layout (server tests use esbuild). */
const bundle: ScriptBundler = ({ files }) => `// bundled: ${[...files.keys()].sort().join(", ")}\n`;
const options = { profile: claudeCodeProfile, bundle };

function parsed(input: unknown): Pipeline {
  const result = parsePipeline(input);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.value;
}

const asFolder = (files: readonly BundleFile[]) => new Map(files.map((f) => [f.path, f.content]));
const text = (files: readonly BundleFile[], path: string) => files.find((f) => f.path === path)?.content;
const executables = (files: readonly BundleFile[]) => files.filter((f) => f.executable).map((f) => f.path);

const pipeline = parsed(commandHooksPipeline);

describe("exporting command hooks", () => {
  it("a plugin: commands as written in their matcher groups, plugin scripts at their paths, project scripts under hookwright/project/ with a warning", () => {
    const out = exportClaudeCodePlugin(pipeline, options);
    expect(out.files.map((f) => f.path)).toEqual([
      ".claude-plugin/plugin.json",
      "README.md",
      "hooks/be-brief.mjs",
      "hooks/hooks.json",
      "hooks/stop-check.mjs",
      "hookwright/hooks/be-brief.ts",
      "hookwright/pipeline.json",
      "hookwright/project/.claude/hooks/block-rm.sh",
      "hookwright/project/.claude/hooks/context.py",
    ]);
    expect(JSON.parse(text(out.files, "hooks/hooks.json") ?? "")).toEqual({
      description: "Hooks in bash, Python and Node, a one-liner and a function.",
      hooks: {
        UserPromptSubmit: [{ hooks: [{ type: "command", command: 'node "${CLAUDE_PLUGIN_ROOT}/hooks/be-brief.mjs"' }] }],
        PreToolUse: [
          {
            matcher: "Bash",
            hooks: [
              { type: "command", command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/block-rm.sh', timeout: 10 },
              { type: "command", command: NO_FORCE_PUSH },
            ],
          },
        ],
        PostToolUse: [{ matcher: "Write|Edit", hooks: [{ type: "command", command: 'python3 "$CLAUDE_PROJECT_DIR/.claude/hooks/context.py"', onFailure: "continue" }] }],
        Stop: [{ hooks: [{ type: "command", command: 'node "${CLAUDE_PLUGIN_ROOT}/hooks/stop-check.mjs"' }] }],
      },
    });
    expect(text(out.files, "hooks/stop-check.mjs")).toBe(STOP_CHECK_MJS);
    expect(text(out.files, "hookwright/project/.claude/hooks/block-rm.sh")).toBe(BLOCK_RM_SH);
    expect(text(out.files, "hookwright/project/.claude/hooks/context.py")).toBe(CONTEXT_PY);
    expect(executables(out.files)).toEqual(["hooks/stop-check.mjs", "hookwright/project/.claude/hooks/block-rm.sh", "hookwright/project/.claude/hooks/context.py"]);
    expect(JSON.parse(text(out.files, "hookwright/pipeline.json") ?? "")).toEqual({
      format: "hookwright.claude-code/v1",
      name: "Command hooks",
      description: "Hooks in bash, Python and Node, a one-liner and a function.",
      commandHooks: [
        { id: "block-rm", name: "block rm", point: "PreToolUse", command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/block-rm.sh' },
        { id: "no-force-push", name: "no force push", point: "PreToolUse", command: NO_FORCE_PUSH },
        { id: "write-context", name: "write context", point: "PostToolUse", command: 'python3 "$CLAUDE_PROJECT_DIR/.claude/hooks/context.py"' },
        { id: "stop-check", name: "stop check", point: "Stop", command: 'node "${CLAUDE_PLUGIN_ROOT}/hooks/stop-check.mjs"' },
      ],
    });
    expect(out.warnings).toEqual([
      'Hook "block rm" runs .claude/hooks/block-rm.sh of the user\'s project, which a plugin cannot install; it is written to hookwright/project/.claude/hooks/block-rm.sh, the command kept as it is: copy it to .claude/hooks/block-rm.sh in the project (or export as settings).',
      'Hook "write context" runs .claude/hooks/context.py of the user\'s project, which a plugin cannot install; it is written to hookwright/project/.claude/hooks/context.py, the command kept as it is: copy it to .claude/hooks/context.py in the project (or export as settings).',
    ]);
    const readme = text(out.files, "README.md") ?? "";
    expect(readme).toContain("- `hookwright/project/.claude/hooks/block-rm.sh` → `.claude/hooks/block-rm.sh` (hook **block rm**)");
    expect(readme).toContain("- `PreToolUse` (matcher `Bash`): **no force push**, the command `" + NO_FORCE_PUSH + "`\n");
    expect(readme).toContain("- `Stop`: **stop check**, the command `node \"${CLAUDE_PLUGIN_ROOT}/hooks/stop-check.mjs\"` (script `hooks/stop-check.mjs`)\n");
  });

  it("settings: project scripts at their paths, the plugin's script under .claude/hookwright/plugin/ with a warning", () => {
    const out = exportClaudeCodeSettings(pipeline, options);
    expect(out.files.map((f) => f.path)).toEqual([
      ".claude/hooks/be-brief.mjs",
      ".claude/hooks/block-rm.sh",
      ".claude/hooks/context.py",
      ".claude/hookwright/hooks/be-brief.ts",
      ".claude/hookwright/pipeline.json",
      ".claude/hookwright/plugin/hooks/stop-check.mjs",
      ".claude/settings.json",
      "README.md",
    ]);
    expect(executables(out.files)).toEqual([".claude/hooks/block-rm.sh", ".claude/hooks/context.py", ".claude/hookwright/plugin/hooks/stop-check.mjs"]);
    expect(text(out.files, ".claude/hooks/block-rm.sh")).toBe(BLOCK_RM_SH);
    const settings = JSON.parse(text(out.files, ".claude/settings.json") ?? "") as { hooks: Record<string, unknown> };
    expect(settings.hooks.UserPromptSubmit).toEqual([{ hooks: [{ type: "command", command: 'node "$CLAUDE_PROJECT_DIR/.claude/hooks/be-brief.mjs"' }] }]);
    expect(settings.hooks.Stop).toEqual([{ hooks: [{ type: "command", command: 'node "${CLAUDE_PLUGIN_ROOT}/hooks/stop-check.mjs"' }] }]);
    expect(out.warnings).toEqual([
      'Hook "stop check" runs hooks/stop-check.mjs of its plugin through ${CLAUDE_PLUGIN_ROOT}, which settings hooks do not have; it is written to .claude/hookwright/plugin/hooks/stop-check.mjs, the command kept as it is: export as a plugin to keep it working.',
    ]);
  });

  for (const [target, write] of [
    ["plugin", exportClaudeCodePlugin],
    ["settings", exportClaudeCodeSettings],
  ] as const) {
    it(`${target}: export → import gives the same hooks, and → export the same files`, () => {
      const first = write(pipeline, options);
      const back = importClaudeCode(asFolder(first.files), { profile: claudeCodeProfile });
      expect(back.pipeline.name).toBe(pipeline.name);
      expect(back.pipeline.hooks).toEqual(pipeline.hooks);
      expect(back.pipeline.externalHooks).toBeUndefined();
      expect(write(back.pipeline, options)).toEqual(first);
    });
  }

  it("a script two hooks share is written once; two hooks with one path and different scripts are refused, naming both", () => {
    const [, blockRm] = pipeline.hooks;
    if (!blockRm) throw new Error("fixture");
    const twice = parsed({ ...pipeline, hooks: [...pipeline.hooks, { ...blockRm, id: "again", name: "again", point: "PostToolUse" }] });
    expect(exportClaudeCodeSettings(twice, options).files.filter((f) => f.path === ".claude/hooks/block-rm.sh")).toHaveLength(1);
    const clash = parsed({ ...pipeline, hooks: [...pipeline.hooks, { ...blockRm, id: "other", name: "other", code: "#!/bin/sh\n" }] });
    expect(() => exportClaudeCodeSettings(clash, options)).toThrow('Hook "other" runs .claude/hooks/block-rm.sh, which hook "block rm" also runs with other content; give one of them another path.');
    const generated = parsed({ ...pipeline, hooks: [{ ...blockRm, runtime: { kind: "command", language: "bash", command: "x", script: { root: "plugin", path: "hooks/hooks.json" } } }] });
    expect(() => exportClaudeCodePlugin(generated, options)).toThrow('Hook "block rm" runs hooks/hooks.json, which Hookwright also writes for the export; give one of them another path.');
  });

  it("the SDK module leaves command hooks out, saying which", () => {
    const out = exportClaudeCodeSdkModule(pipeline, { profile: claudeCodeProfile });
    expect(out.files.filter((f) => f.path.startsWith("hooks/")).map((f) => f.path)).toEqual(["hooks/be-brief.ts"]);
    expect(out.warnings).toEqual([
      'The SDK\'s hooks option takes callbacks, not commands: the 4 command hooks "block rm", "no force push", "write context", "stop check" are left out (export as a plugin or settings to keep them).',
    ]);
  });
});
