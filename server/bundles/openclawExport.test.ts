import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runScenario } from "~/core/engine";
import { examplePipelines } from "~/core/examples";
import { parsePipeline } from "~/core/pipeline/parsePipeline";
import type { Pipeline } from "~/core/pipeline/schema";
import type { EncodedTraceEvent, HookEndEvent, PointStartEvent, TraceEvent } from "~/core/trace/events";
import { resolveTrace } from "~/core/trace/resolve";
import { createSandboxRunner } from "~/server/sandbox";
import { exportPlugin, importPluginFolder } from "./service";
import { ensureOpenClawPackage, GLOBAL_RUNNER_OPTIONS, loadRealHookRunner, METHODS, OPENCLAW_PACKAGE_TIMEOUT_MS, type RealRunnerModule, type RealTypedHook } from "./testing/openclawPackage";

/*
 * The exported OpenClaw plugin of every openclaw example, loaded as the host loads it: its
 * index.ts bundled with the REAL `openclaw/plugin-sdk/plugin-entry` (openclaw@2026.9.6), its
 * default export's register() called with a recording api. It must register the pipeline's
 * enabled hooks in order with their options, and each registered handler, called with the
 * (event, ctx) a Hookwright run gave that hook, must return what the hook returned in the run.
 * Then the recorded registrations go into the REAL createHookRunner, and every point.end of the
 * resolved run trace must equal what the real runner's method returns (or throws) for that
 * point.start's event and ctx. Every point of the openclaw profile has a runner method; a point
 * without one fails the test rather than being skipped.
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
  folder = await mkdtemp(join(tmpdir(), "hookwright-openclaw-export-"));
}, OPENCLAW_PACKAGE_TIMEOUT_MS);
afterAll(() => rm(folder, { recursive: true, force: true }));

const openclawExamples = examplePipelines.filter((p) => p.profile === "openclaw");
/** Point results compared with the real runner, per example (printed after the run). */
const pointCounts: Record<string, number> = {};
afterAll(() => console.log(`openclaw export: point results compared with the real runner: ${JSON.stringify(pointCounts)}`));

function parsed(input: unknown): Pipeline {
  const result = parsePipeline(input);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.value;
}

async function writePlugin(dir: string, pipeline: Pipeline): Promise<void> {
  for (const file of exportPlugin(pipeline, "openclaw").files) {
    await mkdir(dirname(join(dir, file.path)), { recursive: true });
    await writeFile(join(dir, file.path), file.content);
  }
}

async function loadRegistrations(dir: string): Promise<{ id: unknown; registrations: Registration[] }> {
  const entry = join(pkg, "dist", "plugin-sdk", "plugin-entry.js");
  const out = join(dir, "bundle.mjs");
  await build({ entryPoints: [join(dir, "index.ts")], bundle: true, format: "esm", platform: "node", outfile: out, alias: { "openclaw/plugin-sdk/plugin-entry": entry }, logLevel: "silent" });
  const mod = (await import(pathToFileURL(out).href)) as { default: { id: unknown; register: (api: unknown) => void } };
  const registrations: Registration[] = [];
  const api = {
    id: mod.default.id,
    pluginConfig: {},
    on: (name: string, handler: Registration["handler"], options?: Record<string, unknown>) => void registrations.push({ name, handler, options }),
  };
  mod.default.register(api);
  return { id: mod.default.id, registrations };
}

/** The trace as stored (encoded, fields may be deltas), resolved back to full events. */
async function runTrace(pipeline: Pipeline): Promise<TraceEvent[]> {
  const encoded: EncodedTraceEvent[] = [];
  const scenario = pipeline.scenarios[0];
  if (!scenario) throw new Error(`${pipeline.name} has no scenario`);
  await runScenario({ pipeline, scenario, createRunner: createSandboxRunner, emit: (e) => void encoded.push(e) });
  return resolveTrace(encoded);
}

/** "[hooks] before_tool_call handler from <plugin> failed: …": the message's stable part (error texts differ by engine). */
function throwHead(message: string): string {
  const at = message.indexOf(" failed:");
  return at >= 0 ? message.slice(0, at) : message;
}

/** The real createHookRunner holding exactly what the exported plugin's register() recorded. */
function realRunnerFor(pluginId: string, registrations: Registration[]): Record<string, (...args: unknown[]) => unknown> {
  const typedHooks: RealTypedHook[] = registrations.map((r) => {
    const options = r.options ?? {};
    return {
      pluginId,
      hookName: r.name,
      handler: r.handler as RealTypedHook["handler"],
      ...(typeof options.priority === "number" ? { priority: options.priority } : {}),
      ...(typeof options.timeoutMs === "number" ? { timeoutMs: options.timeoutMs } : {}),
      ...(options.matcher !== undefined ? { matcher: real.normalizePluginToolMatcher(options.matcher) } : {}),
      source: "exported-plugin",
    };
  });
  return real.createHookRunner({ typedHooks, plugins: [] }, GLOBAL_RUNNER_OPTIONS);
}

describe("exported OpenClaw plugins, loaded with the real plugin-entry", () => {
  it("there are openclaw examples to check", () => {
    expect(openclawExamples.length).toBeGreaterThanOrEqual(1);
  });

  for (const example of openclawExamples) {
    it(`${example.name}: register() makes one api.on per enabled hook, in order, with its options, and each handler answers as in the run`, { timeout: 120_000 }, async () => {
      const pipeline = parsed(example);
      const dir = join(folder, pipeline.name.replace(/\W+/g, "-"));
      await writePlugin(dir, pipeline);
      const { id, registrations } = await loadRegistrations(dir);
      const enabled = pipeline.hooks.filter((h) => h.enabled);
      expect(registrations.map((r) => r.name)).toEqual(enabled.map((h) => h.point));
      expect(registrations.map((r) => r.options ?? {})).toEqual(
        enabled.map((h) => ({
          ...(h.priority !== null && h.priority !== undefined ? { priority: h.priority } : {}),
          ...(h.timeoutMs !== undefined ? { timeoutMs: h.timeoutMs } : {}),
          ...(h.matcher !== null && h.matcher !== undefined ? { matcher: Array.isArray(h.matcher) ? h.matcher : [h.matcher] } : {}),
        })),
      );

      // Each handler, given the arguments the run gave that hook, returns what the run recorded.
      const events = await runTrace(pipeline);
      let compared = 0;
      let context: PointStartEvent["context"] | null = null;
      for (const e of events) {
        if (e.type === "point.start") context = e.context;
        if (e.type !== "hook.end" || context === null) continue;
        const end: HookEndEvent = e;
        if (end.error !== null || end.output === undefined) continue;
        const index = enabled.findIndex((h) => h.id === end.hookId);
        const registration = registrations[index];
        if (!registration) continue;
        const args = context as { event?: unknown; ctx?: unknown };
        const returned: unknown = await registration.handler(structuredClone(args.event), structuredClone(args.ctx));
        expect(JSON.parse(JSON.stringify(returned ?? null))).toEqual(end.output);
        compared++;
      }
      expect(compared).toBeGreaterThan(0);

      // Every point of the run, driven through the real runner holding the recorded registrations,
      // gives Hookwright's point.end (the merged result, or the fail-closed throw).
      const runner = realRunnerFor(String(id), registrations);
      let start: PointStartEvent | null = null;
      let points = 0;
      for (const e of events) {
        if (e.type === "point.start") start = e;
        if (e.type !== "point.end") continue;
        if (start === null || start.point !== e.point) throw new Error(`${pipeline.name}: point.end ${e.point} (seq ${e.seq}) has no matching point.start`);
        const method = runner[METHODS[e.point] ?? ""];
        if (!method) throw new Error(`${pipeline.name}: no real runner method for point ${e.point}`);
        const args = start.context as { event?: unknown; ctx?: unknown };
        let outcome: { threw: string } | { result: unknown };
        try {
          const value: unknown = await method(structuredClone(args.event), structuredClone(args.ctx));
          outcome = { result: value === undefined ? null : (JSON.parse(JSON.stringify(value)) as unknown) };
        } catch (error) {
          outcome = { threw: throwHead(error instanceof Error ? error.message : String(error)) };
        }
        const expected = e.error !== undefined ? { threw: throwHead(e.error) } : { result: e.result ?? null };
        expect(outcome, `${pipeline.name} ${e.point} (seq ${e.seq})`).toEqual(expected);
        points++;
        pointCounts[pipeline.name] = points;
      }
      expect(points).toBeGreaterThan(0);
    });
  }

  it("an exported plugin imports back to the same hooks and exports to the same bytes", async () => {
    for (const example of openclawExamples) {
      const pipeline = parsed(example);
      const dir = join(folder, `rt-${pipeline.name.replace(/\W+/g, "-")}`);
      await writePlugin(dir, pipeline);
      const { pipeline: back } = await importPluginFolder(dir);
      expect(back.profile).toBe("openclaw");
      expect(back.hooks.map(({ id, point, name, code, priority, matcher, timeoutMs }) => ({ id, point, name, code, priority, matcher, timeoutMs }))).toEqual(
        pipeline.hooks.filter((h) => h.enabled).map(({ id, point, name, code, priority, matcher, timeoutMs }) => ({ id, point, name, code, priority, matcher, timeoutMs })),
      );
      expect(exportPlugin(parsed({ ...back, scenarios: pipeline.scenarios }), "openclaw").files).toEqual(exportPlugin(pipeline, "openclaw").files);
    }
  });
});
