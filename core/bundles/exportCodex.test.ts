import { describe, expect, it } from "vitest";
import { codexShellGate } from "../examples/codexShellGate";
import { parsePipeline } from "../pipeline/parsePipeline";
import type { Pipeline, PipelineInput } from "../pipeline/schema";
import { codexProfile } from "../profiles/codex";
import { exportCodexConfig, exportCodexPlugin, exportCodexProject } from "./exportCodex";
import { CODEX_BLOCK_RM_SH, CODEX_NO_FORCE_PUSH, CODEX_PATCH_GUARD_PY, codexCommandsPipeline } from "./fixtures/codexCommands";
import { exportersFor } from "./registry";
import { readToml } from "./tomlReader";
import type { BundleFile } from "./types";

/** Core cannot bundle; a deterministic stand-in is enough for the layout (server tests use esbuild and run the scripts). */
const bundle = ({ files }: { files: ReadonlyMap<string, string> }) => `// bundled: ${[...files.keys()].sort().join(", ")}\n`;
const options = { profile: codexProfile, bundle };

function parsed(input: unknown): Pipeline {
  const result = parsePipeline(input);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.value;
}

const text = (files: readonly BundleFile[], path: string) => files.find((f) => f.path === path)?.content;
const executables = (files: readonly BundleFile[]) => files.filter((f) => f.executable).map((f) => f.path);
const ROOT = "$(git rev-parse --show-toplevel 2>/dev/null || pwd)";

const pipeline = parsed(codexCommandsPipeline);

/** The hooks map every export of codexCommandsPipeline holds, with `fn(file)` the command of a function hook. */
const hooksMap = (fn: (file: string) => string) => ({
  PreToolUse: [
    {
      matcher: "Bash",
      hooks: [
        { type: "command", command: 'bash "$(git rev-parse --show-toplevel)/.codex/hooks/block-rm.sh"', timeout: 10 },
        { type: "command", command: CODEX_NO_FORCE_PUSH },
      ],
    },
    { matcher: "apply_patch", hooks: [{ type: "command", command: "python3 .codex/hooks/patch_guard.py", timeout: 5 }] },
    { matcher: "Bash", hooks: [{ type: "command", command: fn("sudo-gate") }] },
  ],
  UserPromptSubmit: [{ hooks: [{ type: "command", command: "echo 'Answer in English.'" }] }],
  Stop: [{ hooks: [{ type: "command", command: fn("tests-first"), timeout: 30 }] }],
});

describe("exportCodexProject (.codex/hooks.json)", () => {
  const out = exportCodexProject(pipeline, options);

  it("writes hooks.json, the function hooks' scripts and sources, the command hooks' scripts executable, and a README", () => {
    expect(out.pluginName).toBe("codex-command-hooks");
    expect(out.warnings).toEqual([]);
    expect(out.files.map((f) => f.path)).toEqual([
      ".codex/hooks.json",
      ".codex/hooks/block-rm.sh",
      ".codex/hooks/patch_guard.py",
      ".codex/hooks/sudo-gate.mjs",
      ".codex/hooks/tests-first.mjs",
      ".codex/hookwright/hooks/sudo-gate.ts",
      ".codex/hookwright/hooks/tests-first.ts",
      ".codex/hookwright/pipeline.json",
      "README.md",
    ]);
    expect(executables(out.files)).toEqual([".codex/hooks/block-rm.sh", ".codex/hooks/patch_guard.py"]);
    expect(text(out.files, ".codex/hooks/block-rm.sh")).toBe(CODEX_BLOCK_RM_SH);
    expect(text(out.files, ".codex/hooks/patch_guard.py")).toBe(CODEX_PATCH_GUARD_PY);
  });

  it("keeps config order: a new group each time the matcher changes, the disabled hook left out, timeouts in whole seconds", () => {
    expect(JSON.parse(text(out.files, ".codex/hooks.json") ?? "")).toEqual({ hooks: hooksMap((file) => `node "${ROOT}/.codex/hooks/${file}.mjs"`) });
    expect(text(out.files, ".codex/hooks.json")).not.toContain("disabled");
  });

  it("marks each function hook's script with its id and source, for Codex", () => {
    expect(text(out.files, ".codex/hooks/sudo-gate.mjs")).toBe(
      [
        '// hookwright-command-hook {"id":"sudo-gate","name":"sudo gate","source":"hookwright/hooks/sudo-gate.ts"}',
        '// Codex command hook "sudo gate" (PreToolUse), built by Hookwright from hookwright/hooks/sudo-gate.ts.',
        "// Reads the hook input JSON on stdin and prints the hook's JSON output; exit 2 blocks with the reason on stderr.",
        "// bundled: __hookwright_entry__.mjs, hookwright/hooks/sudo-gate.ts",
        "",
      ].join("\n"),
    );
    expect(JSON.parse(text(out.files, ".codex/hookwright/pipeline.json") ?? "")).toEqual({
      format: "hookwright.codex/v1",
      name: "Codex command hooks",
      description: "Bash, Python, a one-liner and functions, on Codex.",
      commandHooks: [
        { id: "block-rm", name: "block rm", point: "PreToolUse", command: 'bash "$(git rev-parse --show-toplevel)/.codex/hooks/block-rm.sh"' },
        { id: "no-force-push", name: "no force push", point: "PreToolUse", command: CODEX_NO_FORCE_PUSH },
        { id: "patch-guard", name: "patch guard", point: "PreToolUse", command: "python3 .codex/hooks/patch_guard.py" },
        { id: "english", name: "answer in English", point: "UserPromptSubmit", command: "echo 'Answer in English.'" },
      ],
    });
  });

  it("says in the README how to install it and what Codex's trust needs", () => {
    const readme = text(out.files, "README.md") ?? "";
    expect(readme).toContain('`[projects."<absolute project path>"] trust_level = "trusted"` in `~/.codex/config.toml`, or `codex exec --trust`');
    expect(readme).toContain("`codex exec --dangerously-bypass-hook-trust` runs enabled hooks without it");
    expect(readme).toContain("Review the hooks with `/hooks` in the Codex TUI");
    expect(readme).toContain("A hook that is not trusted is skipped **silently**");
    expect(readme).toContain("- `PreToolUse` (matcher `apply_patch`): **patch guard**, the command `python3 .codex/hooks/patch_guard.py` (script `.codex/hooks/patch_guard.py`), timeout 5 s");
    expect(readme).toContain("- `Stop`: **tests first**, `.codex/hooks/tests-first.mjs`, timeout 30 s");
  });

  it("exports the Codex shell gate example as one Bash group running its script", () => {
    const gate = exportCodexProject(parsed(codexShellGate), options);
    expect(gate.warnings).toEqual([]);
    expect(JSON.parse(text(gate.files, ".codex/hooks.json") ?? "")).toEqual({
      hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: `node "${ROOT}/.codex/hooks/dangerous-command-gate.mjs"` }] }] },
    });
  });
});

describe("exportCodexConfig ([hooks] tables of config.toml)", () => {
  const out = exportCodexConfig(pipeline, options);
  const config = text(out.files, ".codex/config.toml") ?? "";

  it("writes only [[hooks.<Event>]] tables, with the same scripts as the project export", () => {
    expect(out.files.map((f) => f.path)).toEqual([
      ".codex/config.toml",
      ".codex/hooks/block-rm.sh",
      ".codex/hooks/patch_guard.py",
      ".codex/hooks/sudo-gate.mjs",
      ".codex/hooks/tests-first.mjs",
      ".codex/hookwright/hooks/sudo-gate.ts",
      ".codex/hookwright/hooks/tests-first.ts",
      ".codex/hookwright/pipeline.json",
      "README.md",
    ]);
    expect(config).toBe(
      [
        '# Codex hooks exported by Hookwright from the pipeline "Codex command hooks".',
        "# Only [hooks] tables: merge them into your project's .codex/config.toml (or ~/.codex/config.toml).",
        "",
        "[[hooks.PreToolUse]]",
        'matcher = "Bash"',
        "",
        "[[hooks.PreToolUse.hooks]]",
        'type = "command"',
        'command = "bash \\"$(git rev-parse --show-toplevel)/.codex/hooks/block-rm.sh\\""',
        "timeout = 10",
        "",
        "[[hooks.PreToolUse.hooks]]",
        'type = "command"',
        `command = "jq -r '.tool_input.command' | grep -q -- 'push --force' && { echo 'no force push' >&2; exit 2; } || exit 0"`,
        "",
        "[[hooks.PreToolUse]]",
        'matcher = "apply_patch"',
        "",
        "[[hooks.PreToolUse.hooks]]",
        'type = "command"',
        'command = "python3 .codex/hooks/patch_guard.py"',
        "timeout = 5",
        "",
        "[[hooks.PreToolUse]]",
        'matcher = "Bash"',
        "",
        "[[hooks.PreToolUse.hooks]]",
        'type = "command"',
        `command = "node \\"${ROOT}/.codex/hooks/sudo-gate.mjs\\""`,
        "",
        "[[hooks.UserPromptSubmit]]",
        "",
        "[[hooks.UserPromptSubmit.hooks]]",
        'type = "command"',
        `command = "echo 'Answer in English.'"`,
        "",
        "[[hooks.Stop]]",
        "",
        "[[hooks.Stop.hooks]]",
        'type = "command"',
        `command = "node \\"${ROOT}/.codex/hooks/tests-first.mjs\\""`,
        "timeout = 30",
        "",
      ].join("\n"),
    );
  });

  it("reads back as TOML to exactly the hooks map of hooks.json", () => {
    expect(readToml(config).value).toEqual({ hooks: hooksMap((file) => `node "${ROOT}/.codex/hooks/${file}.mjs"`) });
  });
});

describe("exportCodexPlugin (a plugin's hooks/hooks.json)", () => {
  const out = exportCodexPlugin(pipeline, options);

  it("writes .codex-plugin/plugin.json and hooks/hooks.json found by convention, function hooks through ${PLUGIN_ROOT}", () => {
    expect(out.files.map((f) => f.path)).toEqual([
      ".codex-plugin/plugin.json",
      "README.md",
      "hooks/hooks.json",
      "hooks/sudo-gate.mjs",
      "hooks/tests-first.mjs",
      "hookwright/hooks/sudo-gate.ts",
      "hookwright/hooks/tests-first.ts",
      "hookwright/pipeline.json",
      "hookwright/project/.codex/hooks/block-rm.sh",
      "hookwright/project/.codex/hooks/patch_guard.py",
    ]);
    expect(JSON.parse(text(out.files, ".codex-plugin/plugin.json") ?? "")).toEqual({ name: "codex-command-hooks", version: "0.1.0", description: "Bash, Python, a one-liner and functions, on Codex." });
    expect(JSON.parse(text(out.files, "hooks/hooks.json") ?? "")).toEqual({ hooks: hooksMap((file) => `node "\${PLUGIN_ROOT}/hooks/${file}.mjs"`) });
  });

  it("writes the project's scripts under hookwright/project/, the commands unchanged, and says where they belong", () => {
    expect(out.warnings).toEqual([
      'Hook "block rm" runs .codex/hooks/block-rm.sh of the user\'s project, which a plugin cannot install; it is written to hookwright/project/.codex/hooks/block-rm.sh, the command kept as it is: copy it to .codex/hooks/block-rm.sh in the project (or export as settings).',
      'Hook "patch guard" runs .codex/hooks/patch_guard.py of the user\'s project, which a plugin cannot install; it is written to hookwright/project/.codex/hooks/patch_guard.py, the command kept as it is: copy it to .codex/hooks/patch_guard.py in the project (or export as settings).',
    ]);
    expect(text(out.files, "README.md")).toContain("- `hookwright/project/.codex/hooks/block-rm.sh` → `.codex/hooks/block-rm.sh` (hook **block rm**)");
  });
});

describe("what does not carry over to Codex", () => {
  const odd: PipelineInput = {
    format: "hookwright.pipeline/v1",
    name: "Odd",
    profile: "codex",
    hooks: [
      { id: "a", point: "PreToolUse", name: "half second", matcher: ["Bash", "apply_patch"], timeoutMs: 1500, onFailure: "block", code: "export default async () => {};\n" },
      { id: "b", point: "Stop", name: "stop matcher", matcher: "Bash", code: "export default async () => {};\n" },
      { id: "c", point: "PostToolUse", name: "claude dir", matcher: "Bash", code: "", runtime: { kind: "command", language: "sh", command: '"$CLAUDE_PROJECT_DIR"/x.sh', script: null } },
    ],
  };

  it("rounds a part of a second up, joins a matcher list with |, and warns about onFailure, ignored matchers and $CLAUDE_PROJECT_DIR", () => {
    const out = exportCodexProject(parsed(odd), options);
    expect(JSON.parse(text(out.files, ".codex/hooks.json") ?? "").hooks).toEqual({
      PreToolUse: [{ matcher: "Bash|apply_patch", hooks: [{ type: "command", command: `node "${ROOT}/.codex/hooks/half-second.mjs"`, timeout: 2 }] }],
      PostToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: '"$CLAUDE_PROJECT_DIR"/x.sh' }] }],
      Stop: [{ matcher: "Bash", hooks: [{ type: "command", command: `node "${ROOT}/.codex/hooks/stop-matcher.mjs"` }] }],
    });
    expect(out.warnings).toEqual([
      'Hook "half second" sets onFailure "block", which Codex does not have: a Codex hook that crashes or times out never blocks.',
      'Hook "half second": Codex\'s timeout is whole seconds; 1.5 s is written as 2.',
      'Hook "stop matcher": Codex ignores a matcher on Stop (every Stop hook runs); it is written as it is.',
      'Hook "claude dir" uses $CLAUDE_PROJECT_DIR, which Codex does not set (it runs hook commands in the session\'s folder); write the path relative to the project, or as "$(git rev-parse --show-toplevel)/…".',
    ]);
  });

  it("refuses a pipeline of another profile", () => {
    expect(() => exportCodexProject(parsed({ ...odd, profile: "claude-code" }), options)).toThrow('Only pipelines on the codex profile can be exported as Codex project hooks; "Odd" is on "claude-code".');
  });
});

describe("the registry", () => {
  it("offers the three Codex exports for codex pipelines, in this order", () => {
    expect(exportersFor("codex").map((e) => e.target)).toEqual(["codex", "codex-config", "codex-plugin"]);
  });
});
