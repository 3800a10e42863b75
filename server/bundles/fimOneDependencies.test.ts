import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runScenario } from "~/core/engine";
import { parsePipeline } from "~/core/pipeline/parsePipeline";
import type { Pipeline, PipelineInput } from "~/core/pipeline/schema";
import type { EncodedTraceEvent } from "~/core/trace/events";
import { resolveTrace } from "~/core/trace/resolve";
import { createSandboxRunner } from "~/server/sandbox";
import { exportPlugin } from "./service";

/*
 * FIM One loads Python classes, so its export is the pipeline file and a README for porting by
 * hand. A hook importing a declared npm package must still work in that artifact: the exported
 * pipeline file keeps `settings.dependencies`, the README lists them, and `hookwright run` of the
 * exported file (the CLI as a real node process) installs the package and gives the same hook
 * results as the run of the original. Needs the npm registry (shell-quote ^1.8.1 is cached).
 */

const run = promisify(execFile);
let folder = "";
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "hookwright-fim-deps-"));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

const GATE = [
  'import { parse } from "shell-quote";',
  'import type { HookContext, HookResult, PreToolUseHook } from "fim-one/hooks";',
  "",
  "export default class ShellGateHook implements PreToolUseHook {",
  '  name = "shell_gate";',
  "  priority = 0;",
  "",
  "  shouldTrigger(ctx: HookContext): boolean {",
  '    return ctx.tool_name === "shell__exec";',
  "  }",
  "",
  "  async execute(ctx: HookContext): Promise<HookResult> {",
  '    const words = parse(String(ctx.tool_args.command ?? "")).filter((w): w is string => typeof w === "string");',
  '    if (words[0] === "rm" && words.includes("-rf")) return { allow: false, error: `parsed ${JSON.stringify(words)}: destructive` };',
  "    return { side_effects: [`shell_gate: ${JSON.stringify(words)}`] };",
  "  }",
  "}",
  "",
].join("\n");

const call = (id: string, command: string) => ({ content: [{ type: "tool_use" as const, id, name: "shell__exec", input: { command } }], stopReason: "tool_use" as const });

const fimGate: PipelineInput = {
  format: "hookwright.pipeline/v1",
  name: "FIM shell gate",
  profile: "fim-one",
  settings: { env: [], dependencies: [{ name: "shell-quote", range: "^1.8.1" }] },
  hooks: [{ id: "shell-gate", point: "PreToolUse", name: "shell_gate", priority: 0, code: GATE }],
  scenarios: [
    {
      name: "rm -rf, then ls",
      prompt: "Clean up.",
      hostContext: { agent_id: "agent-ops", user_id: "user-7", metadata: {} },
      model: { kind: "scripted", responses: [call("c1", 'rm -rf "/tmp/a b"'), call("c2", "ls 'my dir'"), { content: [{ type: "text", text: "done" }], stopReason: "end_turn" }] },
      tools: [{ name: "shell__exec", description: "Runs a shell command.", inputSchema: { type: "object" }, results: ["ok"] }],
    },
  ],
};

function parsed(input: unknown): Pipeline {
  const result = parsePipeline(input);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.value;
}

/** The gate's hook.end events of a trace: output and error, as the run recorded them. */
function gateResults(events: readonly EncodedTraceEvent[]): unknown[] {
  return resolveTrace([...events]).flatMap((e) => (e.type === "hook.end" && e.hookId === "shell-gate" ? [{ output: e.output ?? null, error: e.error }] : []));
}

describe("FIM One export of a pipeline with an npm dependency", () => {
  it("the README lists the dependency, and hookwright run of the exported pipeline file gives the original run's hook results", { timeout: 180_000 }, async () => {
    const pipeline = parsed(fimGate);
    const { files } = exportPlugin(pipeline, "fim-one");
    const readme = files.find((f) => f.path === "README.md")?.content ?? "";
    expect(readme).toContain(
      "## npm dependencies\n\nThe hooks import these npm packages. `fim-shell-gate.pipeline.json` declares them (`settings.dependencies`), so `hookwright test` and `hookwright run` install them; a Python port needs a library doing the same.\n\n- `shell-quote` ^1.8.1\n",
    );
    const file = files.find((f) => f.path === "fim-shell-gate.pipeline.json");
    expect(JSON.parse(file?.content ?? "{}").settings.dependencies).toEqual([{ name: "shell-quote", range: "^1.8.1" }]);

    const scenario = pipeline.scenarios[0];
    if (!scenario) throw new Error("no scenario");
    const original: EncodedTraceEvent[] = [];
    await runScenario({ pipeline, scenario, createRunner: createSandboxRunner, emit: (e) => void original.push(e) });
    const expected = [
      { output: { allow: false, error: 'parsed ["rm","-rf","/tmp/a b"]: destructive' }, error: null },
      { output: { side_effects: ['shell_gate: ["ls","my dir"]'] }, error: null },
    ];
    expect(gateResults(original)).toEqual(expected);

    await writeFile(join(folder, "exported.pipeline.json"), file?.content ?? "");
    const cli = resolve("bin/hookwright.mjs");
    const { stdout } = await run("node", [cli, "run", "exported.pipeline.json", "--json"], { cwd: folder, timeout: 170_000, maxBuffer: 16 << 20 });
    const events = stdout.trim().split("\n").map((l) => JSON.parse(l) as EncodedTraceEvent);
    expect(gateResults(events)).toEqual(expected);
  });
});
