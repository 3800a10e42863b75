import { execFile } from "node:child_process";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { buildSync } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runScenario } from "~/core/engine";
import { parsePipeline } from "~/core/pipeline/parsePipeline";
import type { Pipeline, PipelineInput } from "~/core/pipeline/schema";
import type { EncodedTraceEvent, TraceEvent } from "~/core/trace/events";
import { resolveTrace } from "~/core/trace/resolve";
import { createSandboxRunner } from "~/server/sandbox";
import { exportPlugin, installForExport } from "./service";
import { runCommandHook, writeFiles } from "./testing/commandHook";

/*
 * A Claude Code Bash gate that parses the command with the npm package shell-quote, declared in
 * the pipeline's Settings, exported to each Claude Code target and run the way its host runs it:
 * the plugin's and the settings' command scripts as real `node` processes in a folder with no
 * node_modules (shell-quote is bundled in), the Agent SDK module after `npm install` of the
 * package.json it ships (its host is the user's own Node project). Each gives the output
 * Hookwright's run recorded. Needs the npm registry (shell-quote ^1.8.1 is cached in .cache/deps).
 */

const run = promisify(execFile);
let folder = "";
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "hookwright-cc-deps-"));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

function parsed(input: unknown): Pipeline {
  const result = parsePipeline(input);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.value;
}

const GATE = [
  'import { parse } from "shell-quote";',
  'import type { PreToolUseHookInput } from "@anthropic-ai/claude-agent-sdk";',
  "export default async (input: PreToolUseHookInput) => {",
  '  const words = parse((input.tool_input as { command?: string }).command ?? "").filter((w): w is string => typeof w === "string");',
  '  console.log("words", JSON.stringify(words));',
  '  if (words[0] !== "rm" || !words.includes("-rf")) return;',
  '  return { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: `parsed ${JSON.stringify(words)}: destructive` } };',
  "};",
  "",
].join("\n");

const bashCall = (id: string, command: string) => ({ content: [{ type: "tool_use" as const, id, name: "Bash", input: { command } }], stopReason: "tool_use" as const });

const gatePipeline: PipelineInput = {
  format: "hookwright.pipeline/v1",
  name: "Bash gate with shell-quote",
  profile: "claude-code",
  settings: { env: [], dependencies: [{ name: "shell-quote", range: "^1.8.1" }] },
  hooks: [{ id: "bash-gate", point: "PreToolUse", name: "dangerous-command-gate", matcher: "Bash", code: GATE }],
  scenarios: [
    {
      name: "rm -rf, then ls",
      prompt: "Clean up.",
      model: { kind: "scripted", responses: [bashCall("t1", 'rm -rf "/tmp/a b"'), bashCall("t2", "ls 'my dir'"), { content: [{ type: "text", text: "done" }], stopReason: "end_turn" }] },
      tools: [{ name: "Bash", description: "Runs a shell command.", inputSchema: { type: "object" }, results: ["ok"] }],
    },
  ],
};

/** Each run of the gate in Hookwright: the input it got and the output it gave. */
async function recordedCalls(pipeline: Pipeline): Promise<{ input: unknown; output: unknown }[]> {
  const scenario = pipeline.scenarios[0];
  if (!scenario) throw new Error("no scenario");
  const encoded: EncodedTraceEvent[] = [];
  await runScenario({ pipeline, scenario, createRunner: createSandboxRunner, emit: (e) => void encoded.push(e) });
  const calls: { input: unknown; output: unknown }[] = [];
  let input: unknown = null;
  for (const e of resolveTrace(encoded) as TraceEvent[]) {
    if (e.type === "point.start") input = (e.context as { input?: unknown }).input;
    if (e.type === "hook.end" && e.hookId === "bash-gate") {
      expect(e.error).toBeNull();
      calls.push({ input, output: e.output ?? null });
    }
  }
  return calls;
}

const DENY = {
  hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: 'parsed ["rm","-rf","/tmp/a b"]: destructive' },
};

describe("a hook importing a declared npm package, exported to each Claude Code target", () => {
  const pipeline = parsed(gatePipeline);
  let calls: { input: unknown; output: unknown }[] = [];
  beforeAll(async () => {
    calls = await recordedCalls(pipeline);
  }, 120_000);

  it("Hookwright's own run denies the rm -rf and lets ls through", () => {
    expect(calls.map((c) => c.output)).toEqual([DENY, null]);
  });

  const TARGETS = [
    { target: "claude-code", script: "hooks/dangerous-command-gate.mjs", command: 'node "${CLAUDE_PLUGIN_ROOT}/hooks/dangerous-command-gate.mjs"', env: "CLAUDE_PLUGIN_ROOT" },
    { target: "claude-code-settings", script: ".claude/hooks/dangerous-command-gate.mjs", command: 'node "$CLAUDE_PROJECT_DIR/.claude/hooks/dangerous-command-gate.mjs"', env: "CLAUDE_PROJECT_DIR" },
  ];
  for (const t of TARGETS) {
    it(`${t.target}: the command script has shell-quote bundled in and gives the recorded outputs as a real node process`, { timeout: 120_000 }, async () => {
      const dir = join(folder, t.target);
      const { files } = exportPlugin(pipeline, t.target, await installForExport(pipeline, t.target));
      await writeFiles(dir, files);
      const script = files.find((f) => f.path === t.script)?.content ?? "";
      // Nothing to install: no import but Node's own modules, no node_modules anywhere in the export.
      expect((script.match(/^import .* from "([^"]+)";$/gm) ?? []).filter((line) => !line.endsWith('from "node:module";'))).toEqual([]);
      expect(script).toContain("// node_modules/shell-quote/parse.js");
      expect((await readdir(dir, { recursive: true })).filter((p) => p.includes("node_modules"))).toEqual([]);
      const outcomes = [];
      for (const call of calls) {
        const outcome = await runCommandHook(t.command, JSON.stringify(call.input), { [t.env]: dir });
        outcomes.push({ code: outcome.code, output: outcome.stdout === "" ? null : (JSON.parse(outcome.stdout) as unknown), stderr: outcome.stderr });
      }
      expect(outcomes).toEqual([
        { code: 0, output: DENY, stderr: 'words ["rm","-rf","/tmp/a b"]\n' },
        { code: 0, output: null, stderr: 'words ["ls","my dir"]\n' },
      ]);
    });
  }

  it("claude-code-sdk: package.json lists shell-quote; after npm install the module's callback gives the recorded outputs", { timeout: 180_000 }, async () => {
    const dir = join(folder, "sdk");
    const { files } = exportPlugin(pipeline, "claude-code-sdk", await installForExport(pipeline, "claude-code-sdk"));
    await writeFiles(dir, files);
    const manifest = JSON.parse(files.find((f) => f.path === "package.json")?.content ?? "{}") as Record<string, unknown>;
    expect(manifest.dependencies).toEqual({ "shell-quote": "^1.8.1" });
    // What the user does: install the package.json (the SDK is a peer their project already has).
    await run("npm", ["install", "--omit=peer", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: dir, timeout: 120_000 });
    // Their TypeScript build, then Node: shell-quote stays an import and comes from the folder's node_modules.
    const out = buildSync({ entryPoints: [join(dir, "claude-hooks.ts")], bundle: true, packages: "external", format: "esm", platform: "node", write: false, logLevel: "silent" });
    expect(out.outputFiles[0]?.text).toContain('from "shell-quote"');
    await writeFile(join(dir, "claude-hooks.mjs"), out.outputFiles[0]?.text ?? "");
    await writeFile(
      join(dir, "drive.mjs"),
      'import { hooks } from "./claude-hooks.mjs";\nconst input = JSON.parse(process.argv[2]);\nconst output = await hooks.PreToolUse[0].hooks[0](input, undefined, { signal: new AbortController().signal });\nprocess.stdout.write("\\n" + JSON.stringify(output));\n',
    );
    const outputs = [];
    // The hook's console.log shares stdout with the driver here: the answer is the last line.
    for (const call of calls) outputs.push(JSON.parse((await run("node", ["drive.mjs", JSON.stringify(call.input)], { cwd: dir })).stdout.trim().split("\n").at(-1) ?? "") as unknown);
    // The SDK's "no opinion" is {} where a command script prints nothing.
    expect(outputs).toEqual([DENY, {}]);
  });

  it("a CommonJS package that requires a Node built-in (picomatch's require(\"path\")) runs in the script through Node's own require", { timeout: 120_000 }, async () => {
    const globs = parsed({
      ...gatePipeline,
      settings: { env: [], dependencies: [{ name: "picomatch", range: "2.3.1" }] },
      hooks: [
        {
          id: "g",
          point: "PreToolUse",
          name: "glob gate",
          matcher: "Bash",
          code: 'import picomatch from "picomatch";\nexport default async (input: { tool_input: { command?: string } }) => ({ systemMessage: String(picomatch("src/**/*.ts")(input.tool_input.command ?? "")) });\n',
        },
      ],
    });
    const dir = join(folder, "picomatch");
    const { files } = exportPlugin(globs, "claude-code", await installForExport(globs, "claude-code"));
    await writeFiles(dir, files);
    expect(files.find((f) => f.path === "hooks/glob-gate.mjs")?.content).toContain('const require = __hookwrightCreateRequire(import.meta.url);');
    const command = 'node "${CLAUDE_PLUGIN_ROOT}/hooks/glob-gate.mjs"';
    const yes = await runCommandHook(command, JSON.stringify({ tool_input: { command: "src/a/b.ts" } }), { CLAUDE_PLUGIN_ROOT: dir });
    const no = await runCommandHook(command, JSON.stringify({ tool_input: { command: "lib/b.ts" } }), { CLAUDE_PLUGIN_ROOT: dir });
    expect([yes, no]).toEqual([
      { code: 0, stdout: '{"systemMessage":"true"}\n', stderr: "" },
      { code: 0, stdout: '{"systemMessage":"false"}\n', stderr: "" },
    ]);
  });

  it("a hook importing a package the pipeline does not declare, or one the registry does not have, is refused by name", async () => {
    const undeclared = parsed({ ...gatePipeline, hooks: [{ id: "g", point: "PreToolUse", name: "uses picomatch", matcher: "Bash", code: 'import pm from "picomatch";\nexport default async () => void pm;\n' }] });
    expect(() => exportPlugin(undeclared, "claude-code", { ok: true, dir: "/nonexistent" })).toThrow(
      /^Hook "uses picomatch" cannot be built into a command script: .*it imports "picomatch", and a command script carries no packages but the pipeline's declared dependencies \(declare it in Settings → Dependencies\)$/,
    );
    const missing = parsed({
      ...gatePipeline,
      settings: { env: [], dependencies: [{ name: "hookwright-no-such-package-4f1c", range: "^1.0.0" }] },
      hooks: [{ id: "g", point: "PreToolUse", name: "uses a ghost", matcher: "Bash", code: 'import ghost from "hookwright-no-such-package-4f1c";\nexport default async () => void ghost;\n' }],
    });
    const installed = await installForExport(missing, "claude-code");
    expect(installed).toEqual({ ok: false, message: "dependency hookwright-no-such-package-4f1c: the npm registry has no package of that name" });
    expect(() => exportPlugin(missing, "claude-code", installed)).toThrow(
      /^Hook "uses a ghost" cannot be built into a command script: .*it imports "hookwright-no-such-package-4f1c", and dependency hookwright-no-such-package-4f1c: the npm registry has no package of that name$/,
    );
  }, 120_000);
});
