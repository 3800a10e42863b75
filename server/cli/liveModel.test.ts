import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HookRunnerFactory } from "../../core/engine/ports";
import { evalPipelineHooks } from "../../core/engine/testing/evalHooks";
import { createInProcessRunner } from "../../core/engine/testing/inProcessRunner";
import { PIPELINE_FORMAT } from "../../core/pipeline/schema";
import { startFakeOpenAI, type FakeOpenAIServer } from "../providers/testing/fakeOpenAI";
import { createRunCommand } from "./runCommand";
import { createTestCommand } from "./testCommand";

/** `npx hookwright run` on a scenario that calls a real provider, configured by environment variables. */

let server: FakeOpenAIServer;
beforeAll(async () => {
  server = await startFakeOpenAI({ key: null, models: ["llama3.2"] });
});
afterAll(() => server.close());

const dir = mkdtempSync(join(tmpdir(), "hookwright-cli-live-"));
/** The run command with hooks evaluated in-process (the sandbox has its own tests; this checks the command and the provider). */
const inProcess: HookRunnerFactory = ({ pipeline }) => {
  const sink = () => undefined;
  return Promise.resolve(createInProcessRunner({ hooks: evalPipelineHooks(pipeline, { log: sink, info: sink, warn: sink, error: sink, debug: sink }) }));
};
const commands = { run: createRunCommand(inProcess), test: createTestCommand(inProcess) };
const pipeline = {
  format: PIPELINE_FORMAT,
  name: "live",
  profile: "vellum",
  hooks: [{ id: "c", point: "pre-model-call", name: "be-concise", code: 'export default async function (ctx) { ctx.systemPrompt = "Be concise."; }' }],
  scenarios: [{ name: "default", prompt: "Say hello", model: { kind: "provider", provider: "openai", model: "llama3.2" } }],
};

/** Runs `hookwright run ARGS` with exactly `env` as the provider environment. */
async function hookwright(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  const names = ["ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL", "ANTHROPIC_MODEL", "OPENAI_API_KEY", "OPENAI_BASE_URL", "OPENAI_MODEL"];
  const saved = Object.fromEntries(names.map((n) => [n, process.env[n]]));
  for (const n of names) delete process.env[n];
  Object.assign(process.env, env);
  let stdout = "";
  let stderr = "";
  try {
    const command = args[0] === "test" ? commands.test : commands.run;
    const code = await command.run(args.slice(1), { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), cwd: dir });
    return { code, stdout, stderr };
  } finally {
    for (const n of names) {
      if (saved[n] === undefined) delete process.env[n];
      else process.env[n] = saved[n];
    }
  }
}

describe("hookwright run with a real provider", () => {
  it("calls the provider named by OPENAI_BASE_URL, streams to stderr, and the --json trace follows the contract", async () => {
    writeFileSync(join(dir, "p.json"), JSON.stringify(pipeline));
    server.script([{ kind: "stream", reply: { text: "Hello there.", usage: { prompt: 12, completion: 3 } } }], { repeatLast: true });
    const r = await hookwright(["run", "p.json", "--json"], { OPENAI_BASE_URL: `${server.url}/v1` });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const events = r.stdout.trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(events.find((e) => e.type === "model.response")).toMatchObject({ content: [{ type: "text", text: "Hello there." }], provider: { name: "openai", kind: "openai", model: "llama3.2" }, usage: { inputTokens: 12, outputTokens: 3 } });
    expect((server.modelCalls().at(-1)?.body as { messages: unknown[] }).messages[0]).toEqual({ role: "system", content: "Be concise." });
    const checker = "/work/shared/tools/check-trace.mjs";
    if (existsSync(checker)) {
      const checked = await new Promise<string>((done) => {
        const child = spawn(process.execPath, [checker, "-"]);
        let out = "";
        child.stdout.on("data", (d: Buffer) => (out += d.toString()));
        child.on("close", () => done(out));
        child.stdin.end(r.stdout);
      });
      expect(checked).toContain("trace follows the contract");
    }
    const readable = await hookwright(["run", "p.json"], { OPENAI_BASE_URL: `${server.url}/v1` });
    expect(readable.stderr).toBe("Hello there.");
    expect(readable.stdout).toContain("1 model call, 0 tool calls");
  }, 60_000);

  it("names what the environment configures when the scenario's provider is missing", async () => {
    writeFileSync(join(dir, "p.json"), JSON.stringify(pipeline));
    const r = await hookwright(["run", "p.json"], {});
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'hookwright run: scenario "default" calls provider "openai"; the CLI takes providers from the environment: ANTHROPIC_API_KEY (provider "anthropic"), OPENAI_API_KEY and/or OPENAI_BASE_URL (provider "openai") — configured now: none\n',
    );
  }, 60_000);

  it("hookwright test checks a real run's expectations", async () => {
    const withExpectation = { ...pipeline, scenarios: [{ ...pipeline.scenarios[0], expectations: [{ kind: "exitReason", equals: "no_tool_calls" }] }] };
    writeFileSync(join(dir, "t.json"), JSON.stringify(withExpectation));
    server.script([{ kind: "stream", reply: { text: "Hi." } }]);
    const before = server.modelCalls().length;
    const r = await hookwright(["test", "t.json"], { OPENAI_BASE_URL: `${server.url}/v1` });
    expect(r.code).toBe(0);
    expect(server.modelCalls().length - before).toBe(1);
    const missing = await hookwright(["test", "t.json"], {});
    expect(missing.code).toBe(1);
    expect(missing.stdout).toContain('calls provider "openai"; the CLI takes providers from the environment');
  }, 60_000);
});
