import { execFileSync, spawn } from "node:child_process";
import { mkdir, mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { codexCommandsPipeline } from "~/core/bundles/fixtures/codexCommands";
import { readToml } from "~/core/bundles/tomlReader";
import { codexShellGate } from "~/core/examples/codexShellGate";
import { parsePipeline } from "~/core/pipeline/parsePipeline";
import type { Pipeline } from "~/core/pipeline/schema";
import { exportPlugin, exportPluginZip, importPluginZip } from "./service";
import { zipPlugin } from "./zip";
import { writeFiles, type CommandOutcome } from "./testing/commandHook";

/*
 * Codex exports built with the real script bundler (esbuild), and their commands run as Codex runs
 * them: through a shell, in the session's folder (X:codex-rs/hooks/src/engine/command_runner.rs,
 * `current_dir(cwd)`), with no project variable set; and every export read back by the import
 * the Import dialog and `hookwright import` use.
 */

let root = "";
beforeAll(async () => {
  // Outside any git repository, as `codex exec --skip-git-repo-check` runs: the commands fall back to the cwd.
  root = await mkdtemp(join(tmpdir(), "hookwright-codex-export-"));
});
afterAll(() => rm(root, { recursive: true, force: true }));

function parsed(input: unknown): Pipeline {
  const result = parsePipeline(input);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.value;
}

/** A command as Codex runs a hook: `sh -c` in `cwd`, the input JSON on stdin, `env` added. */
function runAsCodex(command: string, cwd: string, input: unknown, env: Record<string, string> = {}): Promise<CommandOutcome> {
  return new Promise((resolve, reject) => {
    const child = spawn("sh", ["-c", command], { cwd, env: { NODE_ENV: "test", PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: cwd, ...env }, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${command} did not finish within 20 s`));
    }, 20_000);
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(JSON.stringify(input));
  });
}

const preToolUse = (command: string) => ({
  session_id: "s1",
  turn_id: "turn-s1",
  transcript_path: null,
  cwd: "/project",
  hook_event_name: "PreToolUse",
  model: "gpt-5.5",
  permission_mode: "bypassPermissions",
  tool_name: "Bash",
  tool_input: { command },
  tool_use_id: "call_1",
});

type Handler = { type: string; command: string; timeout?: number };
type Groups = Record<string, { matcher?: string; hooks: Handler[] }[]>;

describe("the Codex shell gate, exported and run as Codex runs its hooks", () => {
  it.each([
    ["codex", ".codex/hooks.json"],
    ["codex-plugin", "hooks/hooks.json"],
  ])("--target %s: the command in %s denies rm -rf with a reason and lets ls run", async (target, hooksFile) => {
    const out = exportPlugin(parsed(codexShellGate), target);
    const dir = join(root, target);
    await writeFiles(dir, out.files);
    const groups = JSON.parse(out.files.find((f) => f.path === hooksFile)?.content ?? "").hooks as Groups;
    const command = groups.PreToolUse?.[0]?.hooks[0]?.command ?? "";
    // A plugin's commands get ${PLUGIN_ROOT} replaced by the plugin's folder (X:codex-rs/hooks/src/engine/discovery.rs).
    const run = target === "codex-plugin" ? command.replaceAll("${PLUGIN_ROOT}", dir) : command;
    const denied = await runAsCodex(run, dir, preToolUse("rm -rf build"));
    expect(denied).toEqual({
      code: 0,
      stdout: `${JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "destructive commands need a person; suggest the command to the user instead" } })}\n`,
      stderr: "",
    });
    expect(await runAsCodex(run, dir, preToolUse("ls build"))).toEqual({ code: 0, stdout: "", stderr: "" });
  });

  it("config.toml's command is the same as hooks.json's, and finds its script from a subfolder of a git repository", async () => {
    const config = exportPlugin(parsed(codexShellGate), "codex-config");
    const toml = readToml(config.files.find((f) => f.path === ".codex/config.toml")?.content ?? "").value as { hooks: Groups };
    const project = exportPlugin(parsed(codexShellGate), "codex");
    expect(toml.hooks).toEqual(JSON.parse(project.files.find((f) => f.path === ".codex/hooks.json")?.content ?? "").hooks);
    const dir = join(root, "config");
    await writeFiles(dir, config.files);
    execFileSync("git", ["init", "-q", dir]);
    await mkdir(join(dir, "packages/app"), { recursive: true });
    const outcome = await runAsCodex(toml.hooks.PreToolUse?.[0]?.hooks[0]?.command ?? "", join(dir, "packages/app"), preToolUse("sudo reboot"));
    expect(outcome.code).toBe(0);
    expect(JSON.parse(outcome.stdout).hookSpecificOutput.permissionDecision).toBe("deny");
  });

  it("writes the command hooks' scripts executable, found by their own command from a subfolder of the repository", async () => {
    const out = exportPlugin(parsed(codexCommandsPipeline), "codex");
    const dir = join(root, "commands");
    await writeFiles(dir, out.files);
    // The hook's own command finds the project through git (no fallback): a repository, Codex started in a subfolder.
    execFileSync("git", ["init", "-q", dir]);
    await mkdir(join(dir, "src"));
    expect((await stat(join(dir, ".codex/hooks/block-rm.sh"))).mode & 0o777).toBe(0o755);
    const hooks = (JSON.parse(out.files.find((f) => f.path === ".codex/hooks.json")?.content ?? "").hooks as Groups).PreToolUse ?? [];
    const blocked = await runAsCodex(hooks[0]?.hooks[0]?.command ?? "", join(dir, "src"), preToolUse("rm -rf /"));
    expect(blocked).toEqual({ code: 2, stdout: "", stderr: "Blocked: rm -rf / deletes files\n" });
  });
});

/** What the round trip must keep of each hook: point, matcher, order, timeout, and a command hook's command and script. */
function shape(p: Pipeline) {
  return p.hooks
    .filter((h) => h.enabled)
    .map((h) => ({ id: h.id, name: h.name, point: h.point, matcher: h.matcher, timeoutMs: h.timeoutMs, code: h.code, runtime: h.runtime ?? null }));
}

describe("export → import round trip", () => {
  it.each(["codex", "codex-config", "codex-plugin"])("--target %s gives back the same hooks (points, matchers, order, timeouts, commands)", (target) => {
    for (const input of [codexShellGate, codexCommandsPipeline]) {
      const pipeline = parsed(input);
      const zip = exportPluginZip(pipeline, target);
      const back = importPluginZip(zip.bytes);
      expect(back.pipeline.profile).toBe("codex");
      expect(back.pipeline.name).toBe(pipeline.name);
      expect(shape(back.pipeline)).toEqual(shape(pipeline));
    }
  });

  it("reads a repository holding both .codex/ and .claude/ as Codex hooks", () => {
    const out = exportPlugin(parsed(codexShellGate), "codex");
    const both = zipPlugin("repo", [...out.files, { path: ".claude/settings.json", content: '{ "hooks": {} }\n' }]);
    const back = importPluginZip(both);
    expect(back.pipeline.profile).toBe("codex");
    expect(back.warnings).toContain("These files also hold Claude Code hooks (.claude/), which are not imported here; import them on their own.");
  });
});
