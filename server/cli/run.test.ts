import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import type { HookRunnerFactory } from "../../core/engine/ports";
import { evalPipelineHooks } from "../../core/engine/testing/evalHooks";
import { assertTraceContract } from "../../core/engine/testing/harness";
import { createInProcessRunner } from "../../core/engine/testing/inProcessRunner";
import { examplePipelines } from "../../core/examples";
import type { EncodedTraceEvent, TraceEvent } from "../../core/trace/events";
import { deltaKeys, resolveTrace } from "../../core/trace/resolve";
import { createRunCommand } from "./runCommand";

/** The CLI with hooks evaluated in-process (the sandbox has its own tests; this checks the command). */
const inProcess: HookRunnerFactory = ({ pipeline }) => {
  const sink = () => undefined;
  return Promise.resolve(createInProcessRunner({ hooks: evalPipelineHooks(pipeline, { log: sink, info: sink, warn: sink, error: sink, debug: sink }) }));
};
const command = createRunCommand(inProcess);
const dir = mkdtempSync(join(tmpdir(), "hookwright-cli-"));

async function cli(args: string[], files: Record<string, unknown> = {}) {
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), typeof content === "string" ? content : JSON.stringify(content));
  let stdout = "";
  let stderr = "";
  const code = await command.run(args, { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), cwd: dir });
  return { code, stdout, stderr };
}

const beConcise = examplePipelines[0];

describe("hookwright run", () => {
  it("prints the trace as JSON Lines with --json", async () => {
    const r = await cli(["p.json", "--json"], { "p.json": beConcise });
    expect(r.code).toBe(0);
    const events = resolveTrace(r.stdout.trim().split("\n").map((l) => JSON.parse(l) as EncodedTraceEvent));
    assertTraceContract(events);
    expect(events.map((e) => e.type)).toEqual(["run.start", "point.start", "hook.start", "hook.end", "point.end", "model.request", "model.response", "run.end"]);
  });

  it("prints a readable summary without --json", async () => {
    const r = await cli(["p.json"], { "p.json": beConcise });
    expect(r.stdout.replace(/ \d+ ms/g, " N ms")).toBe(
      [
        'Run of "Be concise" (profile vellum), scenario "default"',
        "  pre-model-call  [request-to-provider]",
        "    - be-concise  changed: systemPrompt  N ms",
        '  -> model call 1: 1 message, system "You are a helpful assistant.\\nBe concise."',
        '  <- reply (end_turn): "A hook is code the host runs at a fixed point."',
        "Exit: no_tool_calls",
        "1 model call, 0 tool calls",
        "Expectations: 3 passed, 0 failed",
        "  ✓ every model call is asked to be concise",
        "  ✓ the run ends with no_tool_calls",
        "  ✓ no hook fails",
        "",
      ].join("\n"),
    );
  });

  it("runs the named scenario and says which scenarios exist for an unknown one", async () => {
    const r = await cli(["p.json", "--scenario", "nope"], { "p.json": beConcise });
    expect(r).toMatchObject({ code: 1, stderr: 'hookwright run: pipeline "Be concise" has no scenario "nope" (it has: default)\n' });
    expect((await cli(["p.json", "--scenario=default", "--json"])).code).toBe(0);
  });

  it("names the field of an invalid pipeline file", async () => {
    const r = await cli(["bad.json"], { "bad.json": { ...beConcise, name: "", hooks: [{ id: "h", point: "pre-model-call", code: "" }] } });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe("hookwright run: bad.json is not a valid pipeline:\n  name: a pipeline needs a name\n  hooks[0].name: Invalid input: expected string, received undefined\n");
  });

  it("rejects an unknown profile, an unknown point, bad JSON and a missing file in plain words", async () => {
    expect((await cli(["x.json"], { "x.json": { ...beConcise, profile: "no-such-host" } })).stderr).toBe('hookwright run: x.json: profile: unknown profile "no-such-host" (known: vellum, registry, openclaw, claude-code, fim-one, deputy, codex, claude-code-mods)\n');
    const point = await cli(["y.json"], { "y.json": { ...beConcise, hooks: [{ id: "h", name: "h", point: "pre-tool-use", code: "" }] } });
    expect(point.stderr).toContain('hooks[0].point: "pre-tool-use" is not a hook point of the Vellum assistant plugins profile (known: init, user-prompt-submit,');
    expect((await cli(["z.json"], { "z.json": "{ nope" })).stderr).toMatch(/^hookwright run: z\.json is not valid JSON: /);
    expect(await cli(["missing.json"])).toMatchObject({ code: 1, stderr: "hookwright run: cannot read missing.json: no such file\n" });
  });

  it("exits 2 on usage mistakes", async () => {
    expect(await cli([])).toMatchObject({ code: 2, stderr: "hookwright run: which pipeline file? Give its path\nusage: hookwright run PIPELINE.json [--scenario NAME] [--point NAME [--context FILE.json]] [--json [--expand]]\n" });
    expect((await cli(["p.json", "--jsonl"])).stderr).toContain("unknown option --jsonl");
    expect((await cli(["p.json", "--scenario"])).stderr).toContain("--scenario needs a value");
    expect(await cli(["p.json", "--expand"])).toMatchObject({ code: 2, stderr: expect.stringContaining("--expand changes the --json output: give both") });
  });

  it("writes trace v2 with deltas where smaller, and every field in full with --expand (the same trace resolved)", async () => {
    const truncate = examplePipelines.find((p) => p.name === "Truncate oversized tool results");
    const compact = await cli(["t.json", "--json"], { "t.json": truncate });
    const expanded = await cli(["t.json", "--json", "--expand"]);
    expect([compact.code, expanded.code]).toEqual([0, 0]);
    const written = compact.stdout.trim().split("\n").map((l) => JSON.parse(l) as EncodedTraceEvent);
    const full = expanded.stdout.trim().split("\n").map((l) => JSON.parse(l) as TraceEvent);
    expect(written[0]).toMatchObject({ type: "run.start", format: "hookwright.trace/v2" });
    // The tool result anchors the last request's history (core/trace/encode); the first context has nothing to derive from.
    expect(written.flatMap((e) => deltaKeys(e).map((k) => `${e.type}.${k}`))).toEqual(["tool.result.anchorDelta", "model.request.messagesDelta", "run.end.messagesDelta"]);
    expect(full.some((e) => deltaKeys(e).length > 0)).toBe(false);
    // Byte for byte: resolving the compact trace gives the expanded one, key order included.
    expect(resolveTrace(written).map((e) => JSON.stringify(e))).toEqual(full.map((e) => JSON.stringify(e)));
    expect(compact.stdout.length).toBeLessThan(expanded.stdout.length);
    assertTraceContract(full);
  });

  it("names a failing expectation in the summary, with its reason and step", async () => {
    const broken = { ...beConcise, hooks: beConcise?.hooks?.map((h) => ({ ...h, code: "export default function () {}" })) };
    const r = await cli(["broken.json"], { "broken.json": broken });
    expect(r.code).toBe(0);
    expect(r.stdout.split("\n").slice(-5)).toEqual([
      "Expectations: 2 passed, 1 failed",
      '  ✗ every model call is asked to be concise: /systemPrompt after pre-model-call #1 is "You are a helpful assistant.", expected it to contain "Be concise."  [step 5]',
      "  ✓ the run ends with no_tool_calls",
      "  ✓ no hook fails",
      "",
    ]);
  });
});

describe("hookwright run --point", () => {
  const context = { conversationId: "c1", callSite: "mainAgent", systemPrompt: "Hi.", modelProfile: null, deferAssistantOutput: false };

  it("runs one point's chain on the context file and prints it as a trace", async () => {
    const r = await cli(["p.json", "--point", "pre-model-call", "--context", "ctx.json", "--json"], { "p.json": beConcise, "ctx.json": context });
    expect(r).toMatchObject({ code: 0, stderr: "" });
    const events = resolveTrace(r.stdout.trim().split("\n").map((l) => JSON.parse(l) as EncodedTraceEvent));
    assertTraceContract(events);
    expect(events.map((e) => e.type)).toEqual(["run.start", "point.start", "hook.start", "hook.end", "point.end", "run.end"]);
    expect(events[1]).toMatchObject({ point: "pre-model-call", context });
    expect(events[3]).toMatchObject({ patch: [{ op: "replace", path: "/systemPrompt", value: "Hi.\nBe concise." }] });
    expect(events[5]).toMatchObject({ exitReason: "point_only" });
    const readable = await cli(["p.json", "--point", "pre-model-call", "--context", "ctx.json"]);
    expect(readable.stdout.replace(/ \d+ ms/g, " N ms")).toBe(
      ['Run of "Be concise" (profile vellum), scenario "point pre-model-call"', "  pre-model-call  [request-to-provider]", "    - be-concise  changed: systemPrompt  N ms", "Exit: point_only", ""].join("\n"),
    );
  });

  it("uses the profile's example context without --context, and says so", async () => {
    const r = await cli(["p.json", "--point", "pre-model-call", "--json"], { "p.json": beConcise });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("hookwright run: no --context given: pre-model-call runs on the example context of the vellum profile\n");
  });

  it("names an unknown point, a bad context file and misused flags", async () => {
    expect(await cli(["p.json", "--point", "nope", "--context", "ctx.json"], { "p.json": beConcise, "ctx.json": context })).toMatchObject({
      code: 1,
      stderr: 'hookwright run: --point: "nope" is not a hook point of the Vellum assistant plugins profile (known: init, user-prompt-submit, post-compact, pre-model-call, post-model-call, post-tool-use, stop, shutdown)\n',
    });
    expect((await cli(["p.json", "--point", "stop", "--context", "bad.json"], { "bad.json": "{ oops" })).stderr).toMatch(/^hookwright run: bad\.json is not valid JSON: /);
    expect(await cli(["p.json", "--point", "stop", "--context", "gone.json"])).toMatchObject({ code: 1, stderr: "hookwright run: cannot read gone.json: no such file\n" });
    expect(await cli(["p.json", "--point", "stop", "--context", "arr.json"], { "arr.json": [1] })).toMatchObject({
      code: 1,
      stderr: "hookwright run: arr.json: the context of stop must be a JSON object: an object with its fields (conversationId, messages, exitReason, error); this is an array\n",
    });
    expect(await cli(["p.json", "--point", "stop", "--scenario", "nope"])).toMatchObject({
      code: 1,
      stderr: 'hookwright run: --scenario: pipeline "Be concise" has no scenario "nope" (it has: "default"); --point stop takes its files and HTTP fixtures from it\n',
    });
    expect((await cli(["p.json", "--context", "ctx.json"])).stderr).toContain("--context is the context of the point given with --point");
  });

  /** The contract checker other tools use (DESIGN.md), next to the project when it is checked out with it. */
  const checkTrace = resolve(process.cwd(), "../shared/tools/check-trace.mjs");
  it.runIf(existsSync(checkTrace))("writes traces of every example that check-trace.mjs accepts, compact and --expand", async () => {
    // deputy's R hooks need R: server/sandbox/r/examples.test.ts checks their traces.
    for (const [i, example] of examplePipelines.entries()) {
      if ((example.hooks ?? []).some((h) => h.runtime?.kind === "r")) continue;
      for (const flags of [["--json"], ["--json", "--expand"]]) {
        const r = await cli([`e${i}.json`, ...flags], { [`e${i}.json`]: example });
        expect(r.code).toBe(0);
        const checked = spawnSync(process.execPath, [checkTrace, "-"], { input: r.stdout, encoding: "utf8" });
        expect(`${example.name} ${flags.join(" ")}: ${checked.stdout.trim().split("\n").pop() ?? ""}`).toMatch(/: trace follows the contract$/);
        expect(checked.status).toBe(0);
      }
    }
  });
});
