import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runScenario } from "~/core/engine";
import { examplePipelines } from "~/core/examples";
import { parsePipeline } from "~/core/pipeline/parsePipeline";
import type { Pipeline } from "~/core/pipeline/schema";
import { getProfile } from "~/core/profiles";
import { importText } from "~/core/sessions/testing";
import type { EncodedTraceEvent, PointStartEvent, TraceEvent } from "~/core/trace/events";
import { resolveTrace } from "~/core/trace/resolve";
import { createSandboxRunner } from "~/server/sandbox";
import { exportPlugin, importPluginFolder } from "./service";
import { ensureOpenClawPackage, GLOBAL_RUNNER_OPTIONS, loadRealHookRunner, METHODS, OPENCLAW_PACKAGE_TIMEOUT_MS, type RealRunnerModule, type RealTypedHook } from "./testing/openclawPackage";

/*
 * The recorder of an exported OpenClaw plugin, loaded as the host loads it (index.ts bundled with
 * the REAL plugin-entry, register() called) and driven through the REAL createHookRunner with
 * the (event, ctx) of each point of a Hookwright run: every point's result is what it is without
 * the recorder, and the recording holds each call's (event, ctx), even of a call a hook blocked.
 */

interface Registration {
  name: string;
  handler: (event: unknown, ctx: unknown) => unknown;
  options: Record<string, unknown> | undefined;
}

let pkg = "";
let folder = "";
let real: RealRunnerModule;
beforeAll(async () => {
  pkg = await ensureOpenClawPackage();
  real = await loadRealHookRunner();
  folder = await mkdtemp(join(tmpdir(), "hookwright-openclaw-recorder-"));
}, OPENCLAW_PACKAGE_TIMEOUT_MS);
afterAll(() => rm(folder, { recursive: true, force: true }));

function parsed(input: unknown): Pipeline {
  const result = parsePipeline(input);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.value;
}

async function loadPlugin(dir: string, pipeline: Pipeline, recorder: boolean): Promise<{ id: unknown; registrations: Registration[] }> {
  for (const file of exportPlugin(pipeline, "openclaw", null, { recorder }).files) {
    await mkdir(dirname(join(dir, file.path)), { recursive: true });
    await writeFile(join(dir, file.path), file.content);
  }
  const out = `${dir}.bundle.mjs`;
  await build({ entryPoints: [join(dir, "index.ts")], bundle: true, format: "esm", platform: "node", outfile: out, alias: { "openclaw/plugin-sdk/plugin-entry": join(pkg, "dist", "plugin-sdk", "plugin-entry.js") }, logLevel: "silent" });
  const mod = (await import(pathToFileURL(out).href)) as { default: { id: unknown; register: (api: unknown) => void } };
  const registrations: Registration[] = [];
  mod.default.register({ id: mod.default.id, pluginConfig: {}, on: (name: string, handler: Registration["handler"], options?: Record<string, unknown>) => void registrations.push({ name, handler, options }) });
  return { id: mod.default.id, registrations };
}

function realRunner(pluginId: string, registrations: Registration[]) {
  const typedHooks: RealTypedHook[] = registrations.map((r) => {
    const options = r.options ?? {};
    return {
      pluginId,
      hookName: r.name,
      handler: r.handler as RealTypedHook["handler"],
      ...(typeof options.priority === "number" ? { priority: options.priority } : {}),
      ...(options.matcher !== undefined ? { matcher: real.normalizePluginToolMatcher(options.matcher) } : {}),
      source: "exported-plugin",
    };
  });
  return real.createHookRunner({ typedHooks, plugins: [] }, GLOBAL_RUNNER_OPTIONS);
}

async function runTrace(pipeline: Pipeline): Promise<TraceEvent[]> {
  const encoded: EncodedTraceEvent[] = [];
  const scenario = pipeline.scenarios[0];
  if (!scenario) throw new Error(`${pipeline.name} has no scenario`);
  await runScenario({ pipeline, scenario, createRunner: createSandboxRunner, emit: (e) => void encoded.push(e) });
  return resolveTrace(encoded);
}

type Outcome = { threw: string } | { result: unknown };

async function call(runner: Record<string, (...args: unknown[]) => unknown>, point: string, event: unknown, ctx: unknown): Promise<Outcome> {
  const method = runner[METHODS[point] ?? ""];
  if (!method) throw new Error(`no real runner method for ${point}`);
  try {
    const value: unknown = await method(structuredClone(event), structuredClone(ctx));
    return { result: value === undefined ? null : (JSON.parse(JSON.stringify(value)) as unknown) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { threw: message.slice(0, Math.max(0, message.indexOf(" failed:")) || message.length) };
  }
}

const gate = parsed({
  format: "hookwright.pipeline/v1",
  name: "Exec gate",
  profile: "openclaw",
  hooks: [
    { id: "no-rm", point: "before_tool_call", name: "no rm", priority: 10, matcher: ["exec"], code: 'export default async (event: { params: { command?: string } }) => (event.params.command?.startsWith("rm") ? { block: true, blockReason: "no rm" } : undefined);\n' },
  ],
});

describe("the OpenClaw recorder, in the real hook runner", () => {
  for (const example of examplePipelines.filter((p) => p.profile === "openclaw")) {
    it(`${example.name}: every point answers as without the recorder, and each call is recorded as { event, ctx }`, { timeout: 120_000 }, async () => {
      const pipeline = parsed(example);
      const base = join(folder, pipeline.name.replace(/\W+/g, "-"));
      const plain = await loadPlugin(join(base, "plain"), pipeline, false);
      const recorded = await loadPlugin(join(base, "recorded"), pipeline, true);
      expect(recorded.registrations.slice(0, plain.registrations.length).map((r) => [r.name, r.options])).toEqual(plain.registrations.map((r) => [r.name, r.options]));
      expect(recorded.registrations.slice(plain.registrations.length).map((r) => [r.name, r.options])).toEqual(getProfile("openclaw")?.points.map((p) => [p.id, { priority: Number.MAX_SAFE_INTEGER }]));
      const without = realRunner(String(plain.id), plain.registrations);
      const withRecorder = realRunner(String(recorded.id), recorded.registrations);
      const workspace = join(base, "workspace");
      const starts: PointStartEvent[] = [];
      for (const e of await runTrace(pipeline)) {
        if (e.type !== "point.start") continue;
        const { event, ctx } = e.context as { event: unknown; ctx: Record<string, unknown> };
        const inWorkspace = { ...ctx, sessionId: "s-1", workspaceDir: workspace };
        expect(await call(withRecorder, e.point, event, inWorkspace), `${e.point} (seq ${e.seq})`).toEqual(await call(without, e.point, event, inWorkspace));
        starts.push(e);
      }
      expect(starts.length).toBeGreaterThan(0);
      const text = await readFile(join(workspace, ".hookwright", "recordings", "s-1.jsonl"), "utf8");
      const lines = text.trim().split("\n").map((l) => JSON.parse(l) as { point: string; host: string; session: string; input: { event: unknown; ctx: Record<string, unknown> } });
      expect(lines.map((l) => [l.host, l.session, l.point])).toEqual(starts.map((s) => ["openclaw", "s-1", s.point]));
      lines.forEach((line, i) => {
        const { event, ctx } = starts[i]?.context as { event: unknown; ctx: Record<string, unknown> };
        // before_prompt_build handlers get { ...ctx, hookInvocation } (semantics.md §2b): the recording shows what the handler got.
        const { hookInvocation: _invocation, ...recordedCtx } = line.input.ctx;
        expect({ event: line.input.event, ctx: recordedCtx }).toEqual({ event, ctx: { ...ctx, sessionId: "s-1", workspaceDir: workspace } });
      });
      const { scenario, summary } = importText(text, { fileName: "s-1.jsonl", profile: "openclaw" });
      const points = new Set(starts.map((s) => s.point)).size;
      expect(summary.notes[0]).toBe(`${starts.length} recorded event${starts.length === 1 ? "" : "s"} on ${points} point${points === 1 ? "" : "s"}: ${starts.length} become${starts.length === 1 ? "s" : ""} "Run this point" contexts`);
      expect(scenario.source?.pointFixtures?.map((f) => f.point)).toEqual(starts.map((s) => s.point));
    });
  }

  it("records a call that a hook blocks (it runs first), and passes on before_agent_run", { timeout: 120_000 }, async () => {
    const { id, registrations } = await loadPlugin(join(folder, "gate"), gate, true);
    const runner = realRunner(String(id), registrations);
    const workspace = join(folder, "gate-workspace");
    const ctx = { sessionId: "s-2", workspaceDir: workspace, toolName: "exec", agentId: "main" };
    // The recorder's pass, as the runner reports one (no handler at all would give nothing; both let the run go on).
    expect(await call(runner, "before_agent_run", { prompt: "Clean up", messages: [] }, ctx)).toEqual({ result: { decision: { outcome: "pass" }, pluginId: "exec-gate" } });
    expect(await call(runner, "before_tool_call", { toolName: "exec", params: { command: "rm -rf build" }, toolCallId: "call_1" }, ctx)).toEqual({ result: { block: true, blockReason: "no rm" } });
    expect(await call(runner, "after_tool_call", { toolName: "exec", params: { command: "ls" }, toolCallId: "call_2", result: "a\nb" }, ctx)).toEqual({ result: null });
    const text = await readFile(join(workspace, ".hookwright", "recordings", "s-2.jsonl"), "utf8");
    expect(text.trim().split("\n").map((l) => { const { at: _at, ...rest } = JSON.parse(l) as Record<string, unknown>; return rest; })).toEqual([
      { hookwright_recording: 1, host: "openclaw", point: "before_agent_run", session: "s-2", input: { event: { prompt: "Clean up", messages: [] }, ctx } },
      { hookwright_recording: 1, host: "openclaw", point: "before_tool_call", session: "s-2", input: { event: { toolName: "exec", params: { command: "rm -rf build" }, toolCallId: "call_1" }, ctx } },
      { hookwright_recording: 1, host: "openclaw", point: "after_tool_call", session: "s-2", input: { event: { toolName: "exec", params: { command: "ls" }, toolCallId: "call_2", result: "a\nb" }, ctx } },
    ]);
    const { scenario } = importText(text, { fileName: "s-2.jsonl", profile: "openclaw" });
    expect(scenario.prompt).toBe("Clean up");
    expect(scenario.model.kind === "scripted" && scenario.model.responses).toEqual([
      { content: [{ type: "tool_use", id: "call_1", name: "exec", input: { command: "rm -rf build" } }], stopReason: "tool_use" },
    ]);
    expect(scenario.source?.pointFixtures?.map((f) => f.label)).toEqual(["before_agent_run · Clean up", "before_tool_call · exec · rm -rf build", "after_tool_call · exec · ls"]);
    expect((await readdir(join(workspace, ".hookwright", "recordings"))).sort()).toEqual(["s-2.jsonl"]);
  });

  it("is left out when the plugin is imported back, with a note", async () => {
    const dir = join(folder, "roundtrip");
    await loadPlugin(dir, gate, true);
    const back = await importPluginFolder(dir);
    expect(back.pipeline.hooks.map((h) => h.id)).toEqual(["no-rm"]);
    expect(back.pipeline.modules.map((m) => m.path)).toEqual([]);
    expect(back.warnings).toEqual([`Hookwright's recorder (index.ts line 11) is left out: it is an export option ("Add a recorder"), not a hook.`]);
  });
});
