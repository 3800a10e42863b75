import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parsePipeline } from "~/core/pipeline/parsePipeline";
import type { Pipeline } from "~/core/pipeline/schema";
import { importText } from "~/core/sessions/testing";
import { loadModule } from "./testing/buildModule";
import { ensureVellumPackage, PACKAGE_TIMEOUT_MS } from "./testing/vellumPackage";
import { exportPlugin, exportPluginZip, importPluginZip } from "./service";
import { typeCheckBundles } from "./typecheck";

/*
 * The recorder of an exported Vellum plugin, run by the host's REAL runHook (V:src/plugins/pipeline.ts,
 * its registry and logger stubbed as in chainEquivalence.test.ts): each point's hook file with the
 * recorder commits exactly what it commits without it, and the recording holds the context the
 * plugin received and the one it left (or the error it threw).
 */

type HookFn = (ctx: Record<string, unknown>) => Promise<unknown>;
type RunHook = (name: string, ctx: object) => Promise<Record<string, unknown>>;
const g = globalThis as unknown as { __hostHooks: HookFn[]; __hostLog: unknown[][] };

let runHook: RunHook;
let packageDir = "";
let dir = "";
const savedWorkspace = process.env["VELLUM_WORKSPACE_DIR"];
beforeAll(async () => {
  packageDir = await ensureVellumPackage();
  runHook = (
    await loadModule<{ runHook: RunHook }>({
      entry: join(packageDir, "src/plugins/pipeline.ts"),
      stubs: {
        "/hooks/registry.js": "export async function getHooksFor() { return (globalThis as any).__hostHooks; }",
        "/util/logger.js": "export function getLogger() { const log = (...a: unknown[]) => (globalThis as any).__hostLog.push(a); return { error: log, warn: log, info: log, debug: log }; }",
      },
    })
  ).runHook;
  dir = await mkdtemp(join(tmpdir(), "hookwright-vellum-recorder-"));
  process.env["VELLUM_WORKSPACE_DIR"] = join(dir, "workspace");
}, PACKAGE_TIMEOUT_MS);
afterAll(async () => {
  if (savedWorkspace === undefined) delete process.env["VELLUM_WORKSPACE_DIR"];
  else process.env["VELLUM_WORKSPACE_DIR"] = savedWorkspace;
  await rm(dir, { recursive: true, force: true });
});

function parsed(input: unknown): Pipeline {
  const result = parsePipeline(input);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.value;
}

const pipeline = parsed({
  format: "hookwright.pipeline/v1",
  name: "Tidy results",
  profile: "vellum",
  modules: [{ path: "src/limit.ts", code: "export const LIMIT = 5;\n" }],
  hooks: [
    { id: "cut", point: "post-tool-use", name: "cut long results", code: 'import { LIMIT } from "../src/limit";\nexport default async (ctx: { toolResponse: { content: string } }) => {\n  ctx.toolResponse.content = ctx.toolResponse.content.slice(0, LIMIT);\n};\n' },
    { id: "note", point: "post-tool-use", name: "add a note", code: "export default async () => ({ additionalContext: \"cut to 5\" });\n" },
    { id: "retry", point: "post-model-call", name: "retry empty", code: 'export default async (ctx: { content: unknown[] }) => (ctx.content.length === 0 ? { decision: "continue" } : undefined);\n' },
    { id: "boom", point: "stop", name: "crashes", code: 'export default async () => { throw new Error("stop hook broke"); };\n' },
  ],
});

async function hookOf(root: string, point: string): Promise<HookFn> {
  const out = join(root, `${point}.bundle.mjs`);
  await build({ entryPoints: [join(root, "plugin", "hooks", `${point}.ts`)], bundle: true, format: "esm", platform: "node", outfile: out, logLevel: "silent" });
  return ((await import(pathToFileURL(out).href)) as { default: HookFn }).default;
}

async function writePlugin(root: string, recorder: boolean): Promise<void> {
  for (const file of exportPlugin(pipeline, "vellum", null, { recorder }).files) {
    await mkdir(dirname(join(root, "plugin", file.path)), { recursive: true });
    await writeFile(join(root, "plugin", file.path), file.content);
  }
}

/** The host's run of one hook, as JSON (the logger left out), with what the host logged. */
async function throughHost(hook: HookFn, point: string, ctx: Record<string, unknown>) {
  g.__hostHooks = [hook];
  g.__hostLog = [];
  const { logger: _logger, ...result } = await runHook(point, { ...structuredClone(ctx), logger: { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined } });
  return { result: JSON.parse(JSON.stringify(result)) as unknown, logged: g.__hostLog.map((a) => String((a[0] as { err?: Error }).err?.message)) };
}

const contexts: Record<string, Record<string, unknown>> = {
  "post-tool-use": { conversationId: "conv-1", toolResponse: { type: "tool_result", tool_use_id: "toolu_1", content: "abcdefghij", is_error: false }, messages: [], additionalContext: null, model: "m", callSite: "main", supportsDynamicUi: false, maxInputTokens: 1000 },
  "post-model-call": { conversationId: "conv-1", callSite: "main", content: [{ type: "tool_use", id: "toolu_1", name: "read_file", input: { path: "a.txt" } }], messages: [], stopReason: "tool_use", decision: "stop" },
  stop: { conversationId: "conv-1", messages: [], exitReason: "no_tool_calls" },
  "user-prompt-submit": { conversationId: "conv-1", userMessageId: "u1", requestId: "r1", modelProfileKey: null, isNonInteractive: false, prompt: "Read a.txt", originalMessages: [], latestMessages: [] },
};

describe("the Vellum recorder, in the host's real runHook", () => {
  it("commits what the plugin commits without it, and records each point's context before and after", async () => {
    await writePlugin(join(dir, "plain"), false);
    await writePlugin(join(dir, "recorded"), true);
    const order = ["user-prompt-submit", "post-model-call", "post-tool-use", "stop"];
    for (const point of order) {
      const ctx = contexts[point] ?? {};
      const withRecorder = await throughHost(await hookOf(join(dir, "recorded"), point), point, ctx);
      // A point the pipeline has no hook on has no file without the recorder: the host runs nothing there.
      const without = point === "user-prompt-submit" ? { result: JSON.parse(JSON.stringify(ctx)) as unknown, logged: [] } : await throughHost(await hookOf(join(dir, "plain"), point), point, ctx);
      expect(withRecorder, point).toEqual(without);
    }
    const text = await readFile(join(dir, "workspace", ".hookwright", "recordings", "conv-1.jsonl"), "utf8");
    const lines = text.trim().split("\n").map((l) => {
      const { at: _at, ...rest } = JSON.parse(l) as Record<string, unknown>;
      return rest;
    });
    const line = (point: string, rest: Record<string, unknown>) => ({ hookwright_recording: 1, host: "vellum", point, session: "conv-1", input: contexts[point], ...rest });
    expect(lines).toEqual([
      line("user-prompt-submit", {}),
      line("post-model-call", { after: contexts["post-model-call"] }),
      line("post-tool-use", { after: { ...contexts["post-tool-use"], toolResponse: { type: "tool_result", tool_use_id: "toolu_1", content: "abcde", is_error: false }, additionalContext: "cut to 5" } }),
      line("stop", { error: "stop hook broke" }),
    ]);

    const { scenario, summary } = importText(text, { fileName: "conv-1.jsonl", profile: "vellum" });
    expect(summary.notes).toEqual(['4 recorded events on 4 points: 4 become "Run this point" contexts']);
    expect(scenario.prompt).toBe("Read a.txt");
    expect(scenario.model.kind === "scripted" && scenario.model.responses).toEqual([{ content: [{ type: "tool_use", id: "toolu_1", name: "read_file", input: { path: "a.txt" } }], stopReason: "tool_use" }]);
    expect(scenario.tools.map((t) => [t.name, t.results])).toEqual([["read_file", ["abcdefghij"]]]);
    expect(scenario.source?.pointFixtures?.map((f) => [f.point, f.label])).toEqual([
      ["user-prompt-submit", "user-prompt-submit · Read a.txt"],
      ["post-model-call", "post-model-call · main"],
      ["post-tool-use", "post-tool-use · abcdefghij"],
      ["stop", "stop · no_tool_calls"],
    ]);
  }, 60_000);

  it("type-checks against the host's published plugin API", () => {
    expect(typeCheckBundles([{ name: "recorded", files: exportPlugin(pipeline, "vellum", null, { recorder: true }).files }], packageDir).diagnostics).toEqual([]);
  }, 60_000);

  it("is left out when the plugin is imported back, with a note", () => {
    const plain = importPluginZip(exportPluginZip(pipeline, "vellum").bytes);
    const recorded = importPluginZip(exportPluginZip(pipeline, "vellum", null, { recorder: true }).bytes);
    expect(recorded.pipeline).toEqual(plain.pipeline);
    expect(recorded.warnings).toEqual([`Hookwright's recorder is left out: it is an export option ("Add a recorder"), not a hook.`, ...plain.warnings]);
    const files = exportPlugin(pipeline, "vellum", null, { recorder: true }).files.map((f) => f.path);
    expect(files).toEqual([
      "README.md",
      "hooks/init.ts",
      "hooks/post-compact.ts",
      "hooks/post-model-call.ts",
      "hooks/post-tool-use.ts",
      "hooks/pre-model-call.ts",
      "hooks/shutdown.ts",
      "hooks/stop.ts",
      "hooks/user-prompt-submit.ts",
      "hookwright.json",
      "hookwright/chain.ts",
      "hookwright/post-model-call.hooks.ts",
      "hookwright/post-tool-use.01-cut-long-results.ts",
      "hookwright/post-tool-use.02-add-a-note.ts",
      "hookwright/post-tool-use.hooks.ts",
      "hookwright/recorder.ts",
      "hookwright/stop.hooks.ts",
      "package.json",
      "src/limit.ts",
    ]);
  });
});
