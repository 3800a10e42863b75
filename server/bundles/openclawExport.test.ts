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
import type { HookEndEvent, PointStartEvent, TraceEvent } from "~/core/trace/events";
import { createSandboxRunner } from "~/server/sandbox";
import { exportPlugin, importPluginFolder } from "./service";
import { ensureOpenClawPackage, OPENCLAW_PACKAGE_TIMEOUT_MS } from "./testing/openclawPackage";

/*
 * The exported OpenClaw plugin of every openclaw example, loaded as the host loads it: its
 * index.ts bundled with the REAL `openclaw/plugin-sdk/plugin-entry` (openclaw@2026.9.6), its
 * default export's register() called with a recording api. It must register the pipeline's
 * enabled hooks in order with their options, and each registered handler, called with the
 * (event, ctx) a Hookwright run gave that hook, must return what the hook returned in the run.
 */

interface Registration {
  name: string;
  handler: (event: unknown, ctx: unknown) => unknown;
  options: Record<string, unknown> | undefined;
}

let pkg = "";
let folder = "";
beforeAll(async () => {
  pkg = await ensureOpenClawPackage();
  folder = await mkdtemp(join(tmpdir(), "hookwright-openclaw-export-"));
}, OPENCLAW_PACKAGE_TIMEOUT_MS);
afterAll(() => rm(folder, { recursive: true, force: true }));

const openclawExamples = examplePipelines.filter((p) => p.profile === "openclaw");

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

async function runTrace(pipeline: Pipeline): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  const scenario = pipeline.scenarios[0];
  if (!scenario) throw new Error(`${pipeline.name} has no scenario`);
  await runScenario({ pipeline, scenario, createRunner: createSandboxRunner, emit: (_, full) => void events.push(full) });
  return events;
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
      const { registrations } = await loadRegistrations(dir);
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
