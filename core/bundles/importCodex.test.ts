import { describe, expect, it } from "vitest";
import { parsePipeline } from "../pipeline/parsePipeline";
import type { Pipeline } from "../pipeline/schema";
import { codexProfile } from "../profiles/codex";
import { BundleError } from "./errors";
import { exportCodexConfig, exportCodexPlugin, exportCodexProject } from "./exportCodex";
import { CODEX_BLOCK_RM_SH, CODEX_NO_FORCE_PUSH, CODEX_PATCH_GUARD_PY, codexCommandsPipeline } from "./fixtures/codexCommands";
import { importCodex, isCodexBundle } from "./importCodex";
import type { BundleFile, PluginFiles } from "./types";

const bundle = ({ files }: { files: ReadonlyMap<string, string> }) => `// bundled: ${[...files.keys()].sort().join(", ")}\n`;
const options = { profile: codexProfile };

function parsed(input: unknown): Pipeline {
  const result = parsePipeline(input);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.value;
}

const folder = (files: readonly BundleFile[], prefix = ""): PluginFiles => new Map(files.map((f) => [`${prefix}${f.path}`, f.content]));
const files = (entries: Record<string, string>): PluginFiles => new Map(Object.entries(entries));

function bundleError(run: () => unknown): BundleError {
  try {
    run();
  } catch (e) {
    if (e instanceof BundleError) return e;
    throw e;
  }
  throw new Error("expected a BundleError");
}

/** What a hook is, as a user sees it in the pipeline: point, matcher, order, timeout, command. */
function shape(p: Pipeline) {
  return p.hooks.map((h) => ({ id: h.id, name: h.name, point: h.point, matcher: h.matcher, timeoutMs: h.timeoutMs, enabled: h.enabled, code: h.code, runtime: h.runtime }));
}

const original = parsed(codexCommandsPipeline);
const enabledOriginal = { ...original, hooks: original.hooks.filter((h) => h.enabled) };

describe("importing Hookwright's own Codex exports", () => {
  it.each([
    ["the project's .codex/hooks.json", exportCodexProject],
    ["config.toml [hooks] tables", exportCodexConfig],
    ["a plugin's hooks/hooks.json", exportCodexPlugin],
  ])("gives back the same hooks from %s: function hooks as TypeScript, commands byte for byte", (_, exporter) => {
    const out = exporter(original, { profile: codexProfile, bundle });
    const back = importCodex(folder(out.files, "my-export/"), options);
    expect(back.pipeline.name).toBe("Codex command hooks");
    expect(back.pipeline.description).toBe("Bash, Python, a one-liner and functions, on Codex.");
    expect(back.pipeline.profile).toBe("codex");
    expect(shape(back.pipeline)).toEqual(shape(enabledOriginal));
  });
});

describe("importing hand-written Codex hooks", () => {
  const DENYLIST = "#!/bin/sh\ngrep -q 'push --force' && { echo 'no force push' >&2; exit 2; }\nexit 0\n";
  const hooksJson = {
    hooks: {
      PreToolUse: [
        {
          matcher: "Bash",
          hooks: [
            { type: "command", command: 'sh "$(git rev-parse --show-toplevel)/.codex/agentic-sdlc/git-denylist.sh"', timeout: 15 },
            { type: "command", command: "python3 .codex/hooks/missing.py", statusMessage: "Checking" },
            { type: "prompt", prompt: "Is this safe?" },
          ],
        },
      ],
      PermissionRequest: [{ matcher: "Bash", hooks: [{ type: "command", command: "echo allow" }] }],
      SessionStart: [{ matcher: "startup|resume", hooks: [{ type: "command", command: "echo 'Use npm.'", async: true }] }],
      Stop: [{ matcher: "ignored", hooks: [{ type: "command", command: "./stop.sh", timeout: 0 }, { type: "command", command: "./slow.sh", timeout: 900 }] }],
    },
  };
  const project = files({
    ".codex/hooks.json": JSON.stringify(hooksJson, null, 2),
    ".codex/agentic-sdlc/git-denylist.sh": DENYLIST,
    "stop.sh": "#!/usr/bin/env bash\necho '{}'\n",
    ".claude/settings.json": "{}",
  });

  it("reads scripts, one-liners, timeouts, and keeps what Hookwright cannot run as external hooks", () => {
    const { pipeline, warnings } = importCodex(project, options);
    expect(pipeline.name).toBe("Codex project hooks");
    expect(pipeline.hooks.map((h) => [h.id, h.point, h.matcher, h.timeoutMs, h.runtime?.kind === "command" ? [h.runtime.language, h.runtime.command, h.runtime.script] : null])).toEqual([
      ["git-denylist", "PreToolUse", "Bash", 15_000, ["sh", 'sh "$(git rev-parse --show-toplevel)/.codex/agentic-sdlc/git-denylist.sh"', { root: "project", path: ".codex/agentic-sdlc/git-denylist.sh" }]],
      ["python3", "PreToolUse", "Bash", undefined, ["python", "python3 .codex/hooks/missing.py", null]],
      ["stop", "Stop", "ignored", 1000, ["bash", "./stop.sh", { root: "project", path: "stop.sh" }]],
      ["slow-sh", "Stop", "ignored", 600_000, ["sh", "./slow.sh", null]],
    ]);
    expect(pipeline.hooks[0]?.code).toBe(DENYLIST);
    expect(pipeline.externalHooks?.map((e) => [e.point, e.matcher, e.handler, e.reason])).toEqual([
      ["PreToolUse", "Bash", { type: "prompt", prompt: "Is this safe?" }, 'a prompt hook: Codex skips it ("not supported yet") and Hookwright runs only command hooks'],
      ["PermissionRequest", "Bash", { type: "command", command: "echo allow" }, "Hookwright's codex profile does not model the PermissionRequest event"],
      ["SessionStart", "startup|resume", { type: "command", command: "echo 'Use npm.'", async: true }, 'its "async" option is not modelled by Hookwright'],
    ]);
    expect(warnings).toEqual([
      `.codex/hooks.json line 9: hooks.PreToolUse[0].hooks[0].command finds the project through $(git rev-parse --show-toplevel), which is empty outside a git repository, and Hookwright's sandbox runs hooks in a project folder that is not one: add a fallback, "$(git rev-parse --show-toplevel 2>/dev/null || pwd)", for the hook to find its script there too.`,
      '.codex/hooks.json line 15: hooks.PreToolUse[0].hooks[1].statusMessage: Hookwright does not keep a hook\'s status message ("Checking"); it is dropped.',
      ".codex/hooks.json line 12: hooks.PreToolUse[0].hooks[1] runs .codex/hooks/missing.py, which the imported files do not hold; the hook is imported as a one-liner (the command alone, no script), so a run finds no such file.",
      ".codex/hooks.json line 49: hooks.Stop[0].matcher: Codex ignores a matcher on Stop; it is kept, and every Stop hook runs.",
      ".codex/hooks.json line 59: hooks.Stop[0].hooks[1].timeout: 900 s is more than Hookwright's limit of 600 s (Codex's default); it is kept at 600 s.",
      ".codex/hooks.json line 56: hooks.Stop[0].hooks[1] runs ./slow.sh, which the imported files do not hold; the hook is imported as a one-liner (the command alone, no script), so a run finds no such file.",
      "These files also hold Claude Code hooks (.claude/), which are not imported here; import them on their own.",
      "3 hooks are kept as external (Hookwright lists but cannot run them): PreToolUse external-prompt (a prompt hook: Codex skips it (\"not supported yet\") and Hookwright runs only command hooks); PermissionRequest external-allow (Hookwright's codex profile does not model the PermissionRequest event); SessionStart external-npm (its \"async\" option is not modelled by Hookwright).",
    ]);
  });

  it("writes the external hooks back unchanged on export", () => {
    const { pipeline } = importCodex(project, options);
    const out = exportCodexProject(pipeline, { profile: codexProfile, bundle });
    const map = JSON.parse(out.files.find((f) => f.path === ".codex/hooks.json")?.content ?? "").hooks;
    expect(map.PermissionRequest).toEqual([{ matcher: "Bash", hooks: [{ type: "command", command: "echo allow" }] }]);
    expect(map.SessionStart).toEqual([{ matcher: "startup|resume", hooks: [{ type: "command", command: "echo 'Use npm.'", async: true }] }]);
    // The prompt handler follows the two command hooks of its group, as in the original file.
    expect(map.PreToolUse).toEqual([{ ...hooksJson.hooks.PreToolUse[0], hooks: [{ type: "command", command: 'sh "$(git rev-parse --show-toplevel)/.codex/agentic-sdlc/git-denylist.sh"', timeout: 15 }, { type: "command", command: "python3 .codex/hooks/missing.py" }, { type: "prompt", prompt: "Is this safe?" }] }]);
  });

  it("reads config.toml's [hooks] tables among other settings, naming lines in its notes, and skips the trust state", () => {
    const config = [
      'model = "gpt-5.5"',
      "[features]",
      "hooks = true",
      "",
      "[[hooks.PreToolUse]]",
      'matcher = "Bash"',
      "hooks = [",
      `  { type = "command", command = 'bash "$(git rev-parse --show-toplevel)/.codex/hooks/block-rm.sh"', timeout = 10 },`,
      "]",
      "",
      "[[hooks.UserPromptSubmit]]",
      'matcher = "x"',
      "[[hooks.UserPromptSubmit.hooks]]",
      'type = "command"',
      `command = """echo 'Answer in English.'"""`,
      "",
      '[hooks.state."/p/.codex/config.toml:pre_tool_use:0:0"]',
      'trusted_hash = "sha256:1"',
      "",
    ].join("\n");
    const { pipeline, warnings } = importCodex(files({ ".codex/config.toml": config, ".codex/hooks/block-rm.sh": CODEX_BLOCK_RM_SH }), options);
    expect(pipeline.hooks.map((h) => [h.point, h.matcher, h.timeoutMs, h.code, h.runtime?.kind === "command" ? h.runtime.command : null])).toEqual([
      ["PreToolUse", "Bash", 10_000, CODEX_BLOCK_RM_SH, 'bash "$(git rev-parse --show-toplevel)/.codex/hooks/block-rm.sh"'],
      ["UserPromptSubmit", "x", undefined, "", "echo 'Answer in English.'"],
    ]);
    expect(warnings).toEqual([
      `.codex/config.toml line 8: hooks.PreToolUse[0].hooks[0].command finds the project through $(git rev-parse --show-toplevel), which is empty outside a git repository, and Hookwright's sandbox runs hooks in a project folder that is not one: add a fallback, "$(git rev-parse --show-toplevel 2>/dev/null || pwd)", for the hook to find its script there too.`,
      ".codex/config.toml line 12: hooks.UserPromptSubmit[0].matcher: Codex ignores a matcher on UserPromptSubmit; it is kept, and every UserPromptSubmit hook runs.",
      ".codex/config.toml: the hooks' trust state ([hooks.state]) is not imported; Codex asks to review the hooks again where they are installed.",
    ]);
  });

  it("reads both hooks.json and config.toml of one project, hooks.json first, as Codex loads them", () => {
    const { pipeline, warnings } = importCodex(
      files({
        ".codex/config.toml": '[[hooks.Stop]]\nhooks = [{ type = "command", command = "echo toml" }]\n',
        ".codex/hooks.json": JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: "command", command: "echo json" }] }] } }),
      }),
      options,
    );
    expect(pipeline.hooks.map((h) => (h.runtime?.kind === "command" ? h.runtime.command : ""))).toEqual(["echo json", "echo toml"]);
    expect(warnings).toContain("Hooks come from both .codex/hooks.json and .codex/config.toml; Codex loads both (and warns to prefer one), hooks.json first.");
  });

  it("reads the .codex folder itself (a zip of ~/.codex): hooks.json at its root", () => {
    const { pipeline } = importCodex(files({ "hooks.json": JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "bash .codex/hooks/block-rm.sh" }] }] } }), "hooks/block-rm.sh": CODEX_BLOCK_RM_SH }), options);
    expect(pipeline.hooks[0]?.runtime).toEqual({ kind: "command", language: "bash", command: "bash .codex/hooks/block-rm.sh", script: { root: "project", path: ".codex/hooks/block-rm.sh" } });
  });
});

describe("importing Codex plugins", () => {
  it("reads the hooks file the manifest names, with scripts through ${PLUGIN_ROOT} or ${CLAUDE_PLUGIN_ROOT}", () => {
    const { pipeline } = importCodex(
      files({
        ".codex-plugin/plugin.json": JSON.stringify({ name: "guard", description: "Guards.", hooks: "./config/hooks.json" }),
        "config/hooks.json": JSON.stringify({
          hooks: {
            PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: 'bash "${PLUGIN_ROOT}/scripts/deny.sh"' }, { type: "command", command: "${CLAUDE_PLUGIN_ROOT}/scripts/fmt.py" }] }],
          },
        }),
        "scripts/deny.sh": CODEX_BLOCK_RM_SH,
        "scripts/fmt.py": CODEX_PATCH_GUARD_PY,
      }),
      options,
    );
    expect(pipeline.name).toBe("guard");
    expect(pipeline.description).toBe("Guards.");
    expect(pipeline.hooks.map((h) => [h.code, h.runtime])).toEqual([
      [CODEX_BLOCK_RM_SH, { kind: "command", language: "bash", command: 'bash "${PLUGIN_ROOT}/scripts/deny.sh"', script: { root: "plugin", path: "scripts/deny.sh" } }],
      [CODEX_PATCH_GUARD_PY, { kind: "command", language: "python", command: "${CLAUDE_PLUGIN_ROOT}/scripts/fmt.py", script: { root: "plugin", path: "scripts/fmt.py" } }],
    ]);
  });

  it("reads inline hooks objects of the manifest", () => {
    const { pipeline } = importCodex(files({ ".codex-plugin/plugin.json": JSON.stringify({ name: "inline", hooks: [{ hooks: { Stop: [{ hooks: [{ type: "command", command: CODEX_NO_FORCE_PUSH }] }] } }] }) }), options);
    expect(pipeline.hooks.map((h) => [h.point, h.runtime?.kind === "command" ? h.runtime.command : null])).toEqual([["Stop", CODEX_NO_FORCE_PUSH]]);
  });
});

describe("bad input", () => {
  const toml = (text: string) => files({ ".codex/config.toml": text });
  const json = (value: unknown) => files({ ".codex/hooks.json": JSON.stringify(value, null, 2) });

  it.each([
    [toml('[[hooks.PreToolUse]]\nmatcher = "Bash"\n[[hooks.PreToolUse.hooks]]\ntype = "command"\ncommand = "x"\ntimeout = 1.5\n'), ".codex/config.toml line 6: hooks.PreToolUse[0].hooks[0].timeout is 1.5; Codex reads a whole number of seconds (it skips the whole file otherwise)."],
    [toml('[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\n'), ".codex/config.toml line 2: hooks.Stop[0].hooks[0].command is missing or not a string: a command handler needs the command line Codex runs."],
    [toml('[[hooks.Stop]]\nhooks = [{ type = "shell", command = "x" }]\n'), '.codex/config.toml line 2: hooks.Stop[0].hooks[0].type is "shell", which Codex does not know (it skips the whole file); use "command".'],
    [toml("[hooks]\nStop = 3\n"), ".codex/config.toml line 2: hooks.Stop must be a list of matcher groups ({ \"matcher\": …, \"hooks\": [ … ] })."],
    [toml('[[hooks.Stop]]\nmatcher = 5\n'), ".codex/config.toml line 2: hooks.Stop[0].matcher must be a string (a tool name, Bash|apply_patch, a regex or *)."],
    [toml('[[hooks.Stop]]\ncommand = "x" "y"\n'), '.codex/config.toml line 2: unexpected "\\"" after a value; put each key = value on its own line.'],
    [toml('[[hooks.Stop]]\nhooks = [{ type = "command", command = "a\\qb" }]\n'), ".codex/config.toml line 2: \\q is not a valid escape in a basic string (use \\\\ for a backslash)."],
    [json({ hooks: { PreToolUse: [{ hooks: [{ type: "command", command: "x", timeout: "10" }] }] } }), '.codex/hooks.json line 9: hooks.PreToolUse[0].hooks[0].timeout is "10"; Codex reads a whole number of seconds (it skips the whole file otherwise).'],
    [json({ hooks: { PreToolUse: [{ hooks: [{ command: "x" }] }] } }), '.codex/hooks.json line 6: hooks.PreToolUse[0].hooks[0].type is missing: Codex needs "type": "command".'],
    [json({ hooks: { PreToolUse: { hooks: [] } } }), '.codex/hooks.json line 3: hooks.PreToolUse must be a list of matcher groups ({ "matcher": …, "hooks": [ … ] }).'],
    [json({ hooks: [] }), '.codex/hooks.json line 2: hooks must map each event to its matcher groups ({ "PreToolUse": [ … ] }).'],
    [files({ ".codex/hooks.json": "{ hooks: }" }), /^\.codex\/hooks\.json is not valid JSON: /],
    [json({ hooks: {} }), ".codex/hooks.json declares no hooks."],
    [files({ ".codex/config.toml": 'model = "x"\n' }), ".codex/config.toml has no [hooks] tables and there is no .codex/hooks.json, so the project declares no Codex hooks."],
    [files({ ".codex-plugin/plugin.json": JSON.stringify({ name: "p", hooks: "hooks.json" }) }), ".codex-plugin/plugin.json: hooks must be a path starting with ./ (Codex ignores any other)."],
    [files({ ".codex-plugin/plugin.json": JSON.stringify({ name: "p" }) }), "The plugin has no hooks/hooks.json and its .codex-plugin/plugin.json names no hooks, so it declares none."],
  ])("refuses with the file, line and field (%#)", (input, message) => {
    const error = bundleError(() => importCodex(input, options));
    if (typeof message === "string") expect(error.message).toBe(message);
    else expect(error.message).toMatch(message);
  });
});

describe("isCodexBundle", () => {
  it.each([
    [{ ".codex/hooks.json": "{}" }, true],
    [{ "repo/.codex/config.toml": "" }, true],
    [{ ".codex-plugin/plugin.json": "{}", ".claude-plugin/plugin.json": "{}", "hooks/hooks.json": "{}" }, true],
    [{ "config.toml": '[[hooks.Stop]]\nhooks = []\n' }, true],
    [{ "config.toml": 'model = "x"\n' }, false],
    [{ "hooks.json": '{ "hooks": { "PreToolUse": [] } }' }, true],
    [{ ".claude/settings.json": '{ "hooks": {} }' }, false],
    [{ ".claude-plugin/plugin.json": "{}", "hooks/hooks.json": "{}" }, false],
  ])("%j → %s", (entries, expected) => {
    expect(isCodexBundle(files(entries))).toBe(expected);
  });
});
