import { readFile, mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCRIPT_MARK } from "~/core/bundles/exportClaudeCodeScript";
import { commandHooksPipeline, NO_FORCE_PUSH } from "~/core/bundles/fixtures/claudeCodeCommands";
import { exportersFor } from "~/core/bundles/registry";
import { blockingReason } from "~/core/chain/fold/claudeCode";
import { runScenario } from "~/core/engine";
import { examplePipelines } from "~/core/examples";
import { parsePipeline } from "~/core/pipeline/parsePipeline";
import type { Pipeline, PipelineInput } from "~/core/pipeline/schema";
import type { EncodedTraceEvent, TraceEvent } from "~/core/trace/events";
import { resolveTrace } from "~/core/trace/resolve";
import { createSandboxRunner } from "~/server/sandbox";
import { writePluginFolder } from "./folder";
import { exportPlugin, exportPluginZip, importPluginZip } from "./service";
import { runCommandHook, writeFiles } from "./testing/commandHook";

/*
 * The exported command scripts of every claude-code example (and of a pipeline that blocks with
 * BlockingError, crashes, imports a shared module and has a disabled hook), run as REAL node
 * processes the way Claude Code runs them: the hooks.json / settings.json command through `sh -c`
 * with the host's path variable set, the exact input JSON of Hookwright's trace (the point.start
 * context each hook.start received) on stdin. Each must print the output and exit with the code
 * Hookwright's run recorded on hook.end: exit 0 and the output as JSON (nothing for null), exit 2
 * with the reason on stderr for a BlockingError, exit 1 for any other failure.
 */

let folder = "";
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "hookwright-claude-export-"));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

function parsed(input: unknown): Pipeline {
  const result = parsePipeline(input);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.value;
}

const bash = { name: "Bash", description: "Runs a shell command.", inputSchema: { type: "object" }, results: ["ok"] };
const hookCode = (body: string, imports = "") => `${imports}export default async (input: { tool_input: { command?: string } }) => {\n${body}\n};\n`;

/** Exit codes beyond the examples: exit 2, exit 1, a shared module, a disabled hook, timeout and onFailure. */
const exitCodes: PipelineInput = {
  format: "hookwright.pipeline/v1",
  name: "Exit codes",
  profile: "claude-code",
  modules: [{ path: "src/rules.ts", code: 'export const FORBIDDEN = ["curl", "wget"];\nexport class BlockingError extends Error {\n  override name = "BlockingError";\n}\n' }],
  hooks: [
    {
      id: "net-gate",
      point: "PreToolUse",
      name: "network gate",
      matcher: "Bash",
      timeoutMs: 5000,
      code: hookCode('  const command = input.tool_input.command ?? "";\n  if (FORBIDDEN.some((w) => command.includes(w))) throw new BlockingError(`no network: ${command}`);\n  console.log("checked", command);', 'import { BlockingError, FORBIDDEN } from "../src/rules";\n'),
    },
    { id: "crash", point: "PreToolUse", name: "crashes on git", matcher: "Bash", onFailure: "continue", code: hookCode('  if ((input.tool_input.command ?? "").startsWith("git")) throw new Error("git is not configured");') },
    { id: "off", point: "PreToolUse", name: "disabled", enabled: false, matcher: "Bash", code: hookCode('  throw new Error("never exported");') },
    { id: "ctx", point: "PostToolUse", name: "context", matcher: "Bash|Write", code: hookCode('  return { hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: `ran ${input.tool_input.command}` } };') },
  ],
  scenarios: [
    {
      name: "curl, git, ls",
      prompt: "go",
      model: {
        kind: "scripted",
        responses: [
          { content: [{ type: "tool_use", id: "t1", name: "Bash", input: { command: "curl example.com" } }], stopReason: "tool_use" },
          { content: [{ type: "tool_use", id: "t2", name: "Bash", input: { command: "git status" } }], stopReason: "tool_use" },
          { content: [{ type: "tool_use", id: "t3", name: "Bash", input: { command: "ls" } }], stopReason: "tool_use" },
          { content: [{ type: "text", text: "done" }], stopReason: "end_turn" },
        ],
      },
      tools: [bash],
    },
  ],
};

const claudeExamples = examplePipelines.filter((p) => p.profile === "claude-code");
const cases: PipelineInput[] = [...claudeExamples, exitCodes];

/** Every run of every scenario, resolved to full events. */
async function traces(pipeline: Pipeline): Promise<TraceEvent[][]> {
  const out: TraceEvent[][] = [];
  for (const scenario of pipeline.scenarios) {
    const encoded: EncodedTraceEvent[] = [];
    await runScenario({ pipeline, scenario, createRunner: createSandboxRunner, emit: (e) => void encoded.push(e) });
    out.push(resolveTrace(encoded));
  }
  return out;
}

interface Registered {
  event: string;
  matcher: string | null;
  command: string;
  handler: Record<string, unknown>;
}

type Groups = Record<string, { matcher?: string; hooks: Record<string, unknown>[] }[]>;

/** hookId → where hooks.json registers its script, read through each script's first line. */
async function registrations(root: string, groups: Groups, variable: string): Promise<Map<string, Registered>> {
  const byId = new Map<string, Registered>();
  for (const [event, list] of Object.entries(groups)) {
    for (const group of list) {
      for (const handler of group.hooks) {
        const command = String(handler.command);
        const path = /^node "([^"]+)"$/.exec(command)?.[1]?.replace(variable, root);
        if (!path) throw new Error(`unexpected command ${command}`);
        const first = (await readFile(path, "utf8")).split("\n")[0] ?? "";
        expect(first.startsWith(SCRIPT_MARK)).toBe(true);
        const meta = JSON.parse(first.slice(SCRIPT_MARK.length)) as { id: string };
        byId.set(meta.id, { event, matcher: group.matcher ?? null, command, handler });
      }
    }
  }
  return byId;
}

const TARGETS = [
  { target: "claude-code", variable: "${CLAUDE_PLUGIN_ROOT}", env: "CLAUDE_PLUGIN_ROOT", hooksFile: "hooks/hooks.json", root: (dir: string) => dir, read: (j: unknown) => (j as { hooks: Groups }).hooks },
  { target: "claude-code-settings", variable: "$CLAUDE_PROJECT_DIR", env: "CLAUDE_PROJECT_DIR", hooksFile: ".claude/settings.json", root: (dir: string) => dir, read: (j: unknown) => (j as { hooks: Groups }).hooks },
] as const;

describe("Claude Code command scripts, run as real node processes on the trace's inputs", () => {
  it("the claude-code profile offers the plugin, settings and SDK targets, in that order", () => {
    expect(exportersFor("claude-code").map((e) => e.target)).toEqual(["claude-code", "claude-code-settings", "claude-code-sdk"]);
    expect(claudeExamples.length).toBeGreaterThanOrEqual(4);
  });

  for (const example of cases) {
    for (const t of TARGETS) {
      it(`${example.name} (${t.target}): each hook's script prints the output and exits with the code of Hookwright's run`, { timeout: 120_000 }, async () => {
        const pipeline = parsed(example);
        const dir = join(folder, `${t.target}-${pipeline.name.replace(/\W+/g, "-")}`);
        await writeFiles(dir, exportPlugin(pipeline, t.target).files);
        const groups = t.read(JSON.parse(await readFile(join(dir, t.hooksFile), "utf8")));
        const registered = await registrations(t.root(dir), groups, t.variable);

        // Exactly the enabled hooks, on their event, under their matcher, with their timeout (s) and onFailure.
        const enabled = pipeline.hooks.filter((h) => h.enabled);
        expect([...registered.keys()].sort()).toEqual(enabled.map((h) => h.id).sort());
        for (const hook of enabled) {
          const r = registered.get(hook.id);
          expect({ event: r?.event, matcher: r?.matcher }).toEqual({ event: hook.point, matcher: hook.matcher });
          expect(r?.handler.timeout).toEqual(hook.timeoutMs === undefined ? undefined : hook.timeoutMs / 1000);
          expect(r?.handler.onFailure).toEqual(hook.onFailure);
        }

        const seen = { exit0: 0, exit1: 0, exit2: 0 };
        for (const events of await traces(pipeline)) {
          let input: unknown = null;
          for (const e of events) {
            if (e.type === "point.start") input = (e.context as { input?: unknown }).input;
            if (e.type !== "hook.end") continue;
            const r = registered.get(e.hookId);
            if (!r) throw new Error(`hook ${e.hookId} ran in Hookwright but is not in ${t.hooksFile}`);
            const outcome = await runCommandHook(r.command, JSON.stringify(input), { [t.env]: t.root(dir) });
            const where = `${pipeline.name} ${e.point} ${e.hookId} (seq ${e.seq})`;
            const reason = blockingReason(e.error);
            if (e.error === null) {
              expect({ code: outcome.code, output: outcome.stdout === "" ? null : (JSON.parse(outcome.stdout) as unknown) }, where).toEqual({ code: 0, output: e.output ?? null });
              seen.exit0++;
            } else if (reason !== null) {
              expect({ code: outcome.code, stdout: outcome.stdout, stderr: outcome.stderr }, where).toEqual({ code: 2, stdout: "", stderr: reason });
              seen.exit2++;
            } else {
              expect({ code: outcome.code, stdout: outcome.stdout }, where).toEqual({ code: 1, stdout: "" });
              // The crash's message, as Hookwright reported it (without the sandbox's source location).
              expect(outcome.stderr, where).toContain(e.error.replace(/ \([^()\s]+:\d+:\d+\)$/, ""));
              seen.exit1++;
            }
          }
        }
        expect(seen.exit0 + seen.exit1 + seen.exit2).toBeGreaterThan(0);
        if (example === exitCodes) expect(seen).toEqual({ exit0: 6, exit1: 1, exit2: 1 });
      });
    }
  }

  it("the plugin layout: manifest, one matcher group per distinct matcher, disabled hooks left out, same bytes twice", () => {
    const pipeline = parsed(exitCodes);
    const files = exportPlugin(pipeline, "claude-code").files;
    expect(files.map((f) => f.path)).toEqual([
      ".claude-plugin/plugin.json",
      "README.md",
      "hooks/context.mjs",
      "hooks/crashes-on-git.mjs",
      "hooks/hooks.json",
      "hooks/network-gate.mjs",
      "hookwright/hooks/context.ts",
      "hookwright/hooks/crashes-on-git.ts",
      "hookwright/hooks/network-gate.ts",
      "hookwright/pipeline.json",
      "hookwright/src/rules.ts",
    ]);
    const text = (path: string) => files.find((f) => f.path === path)?.content ?? "";
    expect(JSON.parse(text(".claude-plugin/plugin.json"))).toEqual({ name: "exit-codes", version: "0.1.0", description: 'Hooks exported from the Hookwright pipeline "Exit codes".' });
    expect(JSON.parse(text("hooks/hooks.json"))).toEqual({
      description: 'Hooks exported from the Hookwright pipeline "Exit codes".',
      hooks: {
        PreToolUse: [
          {
            matcher: "Bash",
            hooks: [
              { type: "command", command: 'node "${CLAUDE_PLUGIN_ROOT}/hooks/network-gate.mjs"', timeout: 5 },
              { type: "command", command: 'node "${CLAUDE_PLUGIN_ROOT}/hooks/crashes-on-git.mjs"', onFailure: "continue" },
            ],
          },
        ],
        PostToolUse: [{ matcher: "Bash|Write", hooks: [{ type: "command", command: 'node "${CLAUDE_PLUGIN_ROOT}/hooks/context.mjs"' }] }],
      },
    });
    expect(files.some((f) => f.content.includes("never exported"))).toBe(false);
    // No imports left: the script runs with no packages installed.
    expect(text("hooks/network-gate.mjs")).not.toMatch(/^\s*import\s/m);
    expect(Buffer.compare(exportPluginZip(pipeline, "claude-code").bytes, exportPluginZip(parsed(exitCodes), "claude-code").bytes)).toBe(0);
  });

  it("a hook that imports a package cannot become a script: the error names the hook and the package", () => {
    const pipeline = parsed({ ...exitCodes, hooks: [{ id: "p", point: "PreToolUse", name: "uses lodash", code: 'import _ from "lodash";\nexport default async () => _.noop();\n' }] });
    expect(() => exportPlugin(pipeline, "claude-code")).toThrow(/^Hook "uses lodash" cannot be built into a command script: .*it imports "lodash", and a command script carries no packages/);
  });
});

describe("command hooks (bash with jq, Python, Node, a one-liner) beside a function hook, exported and run as the host runs them", () => {
  const pipeline = parsed(commandHooksPipeline);
  const bashInput = (command: string) => JSON.stringify({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command } });
  const TARGETS = [
    // The plugin ships the project's scripts under hookwright/project/: the project folder is where the user copies them.
    { target: "claude-code", hooksFile: "hooks/hooks.json", env: (dir: string) => ({ CLAUDE_PLUGIN_ROOT: dir, CLAUDE_PROJECT_DIR: join(dir, "hookwright/project") }), scripts: ["hooks/stop-check.mjs", "hookwright/project/.claude/hooks/block-rm.sh", "hookwright/project/.claude/hooks/context.py"] },
    { target: "claude-code-settings", hooksFile: ".claude/settings.json", env: (dir: string) => ({ CLAUDE_PROJECT_DIR: dir, CLAUDE_PLUGIN_ROOT: join(dir, ".claude/hookwright/plugin") }), scripts: [".claude/hooks/block-rm.sh", ".claude/hooks/context.py", ".claude/hookwright/plugin/hooks/stop-check.mjs"] },
  ] as const;

  for (const t of TARGETS) {
    it(`${t.target}: each command, run through sh -c from the written folder, answers as its script says; export → import → export gives the same zip`, { timeout: 60_000 }, async () => {
      const exported = exportPlugin(pipeline, t.target);
      const dir = join(folder, `commands-${t.target}`);
      await writePluginFolder(dir, exported.files);
      // Scripts the host runs by their path are executable, the rest are not.
      for (const f of exported.files) expect({ path: f.path, mode: (await stat(join(dir, f.path))).mode & 0o777 }).toEqual({ path: f.path, mode: (t.scripts as readonly string[]).includes(f.path) ? 0o755 : 0o644 });

      const groups = (JSON.parse(await readFile(join(dir, t.hooksFile), "utf8")) as { hooks: Groups }).hooks;
      const commandOf = (event: string, index: number) => String(groups[event]?.flatMap((g) => g.hooks)[index]?.command);
      const run = (event: string, index: number, input: string) => runCommandHook(commandOf(event, index), input, t.env(dir));
      expect(commandOf("PreToolUse", 1)).toBe(NO_FORCE_PUSH);

      expect(await run("PreToolUse", 0, bashInput("rm -rf build"))).toEqual({ code: 2, stdout: "", stderr: "Blocked: rm -rf build deletes files\n" });
      expect(await run("PreToolUse", 0, bashInput("ls"))).toEqual({ code: 0, stdout: "", stderr: "" });
      expect(await run("PreToolUse", 1, bashInput("git push --force"))).toEqual({ code: 2, stdout: "", stderr: "no force push\n" });
      expect(await run("PreToolUse", 1, bashInput("git push"))).toEqual({ code: 0, stdout: "", stderr: "" });
      const context = await run("PostToolUse", 0, JSON.stringify({ hook_event_name: "PostToolUse", tool_name: "Write", tool_input: { file_path: "src/a.ts" } }));
      expect({ code: context.code, output: JSON.parse(context.stdout) as unknown }).toEqual({ code: 0, output: { hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "wrote src/a.ts" } } });
      expect(await run("Stop", 0, JSON.stringify({ hook_event_name: "Stop", stop_hook_active: false }))).toEqual({ code: 0, stdout: JSON.stringify({ decision: "block", reason: "Run the tests first." }), stderr: "" });
      expect(await run("Stop", 0, JSON.stringify({ hook_event_name: "Stop", stop_hook_active: true }))).toEqual({ code: 0, stdout: "", stderr: "" });
      // The function hook's built script beside them.
      const brief = await run("UserPromptSubmit", 0, JSON.stringify({ hook_event_name: "UserPromptSubmit", prompt: "hi" }));
      expect({ code: brief.code, output: JSON.parse(brief.stdout) as unknown }).toEqual({ code: 0, output: { hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: "Be brief." } } });

      // Export → import (the zip) → export: the same pipeline hooks, the same bytes.
      const zip = exportPluginZip(pipeline, t.target);
      const back = importPluginZip(zip.bytes);
      expect(back.pipeline.hooks).toEqual(pipeline.hooks);
      expect(Buffer.compare(exportPluginZip(parsed({ ...back.pipeline }), t.target).bytes, zip.bytes)).toBe(0);
    });
  }
});
