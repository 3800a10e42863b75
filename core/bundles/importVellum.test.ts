import { describe, expect, it } from "vitest";
import { examplePipelines } from "../examples";
import { parsePipeline } from "../pipeline/parsePipeline";
import type { Pipeline, PipelineInput } from "../pipeline/schema";
import { vellumProfile } from "../profiles";
import { BundleError } from "./errors";
import { exportVellumPlugin } from "./exportVellum";
import { chainedPipeline } from "./fixtures/pipelines";
import { importVellumPlugin } from "./importVellum";
import type { PluginFiles } from "./types";

function parsed(input: PipelineInput): Pipeline {
  const r = parsePipeline(input);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.value;
}

function exported(input: PipelineInput): Map<string, string | null> {
  return new Map(exportVellumPlugin(parsed(input), { profile: vellumProfile }).files.map((f) => [f.path, f.content]));
}

const profile = vellumProfile;
const echoLike = (): Map<string, string | null> =>
  new Map<string, string | null>([
    ["package.json", JSON.stringify({ name: "@acme/plugin-echo", description: "Logs every hook." })],
    ["hooks/stop.ts", 'import { emit } from "../src/emit.js";\nexport default async function stop(ctx: { conversationId: string }) { emit("stop", ctx.conversationId); }\n'],
    ["hooks/post-tool-use.ts", 'import type { PostToolUseContext } from "@vellumai/plugin-api";\nimport { emit } from "../src/emit";\nexport default async function p(ctx: PostToolUseContext) { emit("post-tool-use", ctx.conversationId); }\n'],
    ["src/emit.ts", 'import { NAME } from "./name/index.js";\nexport function emit(hook: string, id: string) { console.log(NAME, hook, id); }\n'],
    ["src/name/index.ts", 'export const NAME = "echo";\n'],
    ["src/unused.ts", "export const unused = 1;\n"],
    ["README.md", "# echo\n"],
    ["assets/logo.png", null],
  ]);

function refusal(files: PluginFiles): { code: string; message: string } {
  try {
    importVellumPlugin(files, { profile });
  } catch (err) {
    if (err instanceof BundleError) return { code: err.code, message: err.message };
    throw err;
  }
  throw new Error("imported");
}

describe("importVellumPlugin", () => {
  it("gives back the same pipeline after an export, for every example", () => {
    const vellumExamples = examplePipelines.filter((e) => e.profile === "vellum");
    expect(vellumExamples.length).toBeGreaterThanOrEqual(3);
    for (const example of [...vellumExamples, chainedPipeline]) {
      const { pipeline, warnings } = importVellumPlugin(exported(example), { profile });
      expect(pipeline).toEqual(parsed(example));
      expect(warnings).toEqual([]);
    }
  });

  it("reads a zipped plugin folder (one top-level folder)", () => {
    const files = new Map([...exported(chainedPipeline)].map(([p, c]) => [`tool-result-guard/${p}`, c]));
    expect(importVellumPlugin(files, { profile }).pipeline).toEqual(parsed(chainedPipeline));
  });

  it("turns each hook file of a plain plugin into a hook and follows its relative imports", () => {
    const { pipeline, warnings } = importVellumPlugin(echoLike(), { profile });
    expect(pipeline.name).toBe("plugin-echo");
    expect(pipeline.description).toBe("Logs every hook.");
    expect(pipeline.profile).toBe("vellum");
    expect(pipeline.hooks.map((h) => [h.id, h.point, h.name, h.enabled])).toEqual([
      ["post-tool-use", "post-tool-use", "plugin-echo", true],
      ["stop", "stop", "plugin-echo", true],
    ]);
    expect(pipeline.hooks[1]?.code).toBe(echoLike().get("hooks/stop.ts"));
    expect(pipeline.modules.map((m) => m.path)).toEqual(["src/emit.ts", "src/name/index.ts"]);
    expect(pipeline.scenarios).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it("expands an edited wrapper no further and says so", () => {
    const files = exported(chainedPipeline);
    files.set("hooks/post-tool-use.ts", `${files.get("hooks/post-tool-use.ts") ?? ""}// edited\n`);
    const { pipeline, warnings } = importVellumPlugin(files, { profile });
    expect(warnings).toEqual(["hooks/post-tool-use.ts was changed after Hookwright exported it, so it is imported as one hook."]);
    expect(pipeline.hooks.map((h) => `${h.id}:${h.point}:${h.enabled}`)).toEqual([
      "shout:post-tool-use:false",
      "prompt:pre-model-call:true",
      "post-tool-use:post-tool-use:true",
    ]);
    expect(pipeline.modules.map((m) => m.path)).toEqual([
      "src/text.ts",
      "src/constants.ts",
      "hookwright/chain.ts",
      "hookwright/post-tool-use.01-truncate-big-results.ts",
      "hookwright/post-tool-use.02-coach-on-errors.ts",
    ]);
  });

  it("picks up edits to a chained hook's own file", () => {
    const files = exported(chainedPipeline);
    files.set("hookwright/post-tool-use.02-coach-on-errors.ts", "export default async function coach(): Promise<void> {}\n");
    const { pipeline } = importVellumPlugin(files, { profile });
    expect(pipeline.hooks.find((h) => h.id === "coach")?.code).toBe("export default async function coach(): Promise<void> {}\n");
  });

  it("skips what a pipeline cannot hold, with a warning each", () => {
    const files = echoLike();
    files.set("hooks/on-telemetry.ts", "export default async () => {};\n");
    files.set("hooks/stop.d.ts", "export {};\n");
    files.set("tools/lookup.ts", "export default { name: 'lookup' };\n");
    files.set("hooks/post-tool-use.ts", 'import { execSync } from "node:child_process";\nimport fs from "node:fs";\nexport default async () => { fs.statSync("."); execSync("id"); };\n');
    const { pipeline, warnings } = importVellumPlugin(files, { profile });
    expect(pipeline.hooks.map((h) => h.point)).toEqual(["post-tool-use", "stop"]);
    expect(warnings).toEqual([
      'hooks/on-telemetry.ts is skipped: "on-telemetry" is not a hook point the Vellum assistant plugins host fires.',
      "tools/lookup.ts is skipped: Hookwright pipelines do not carry plugin tools.",
      'hooks/post-tool-use.ts imports "node:child_process"; in Hookwright only the plugin\'s own files, @vellumai/plugin-api and the Node built-in modules the sandbox simulates can be imported, so it may fail when it runs here.',
    ]);
  });

  it("prefers a compiled .js hook over its .ts source, as the host does", () => {
    const files = echoLike();
    files.set("hooks/stop.js", "export default async function stop() {}\n");
    const { pipeline, warnings } = importVellumPlugin(files, { profile });
    expect(pipeline.hooks.find((h) => h.point === "stop")?.code).toBe("export default async function stop() {}\n");
    expect(warnings).toContain("hooks/stop.js is compiled JavaScript; it is imported as the hook's TypeScript code.");
  });

  it("refuses what is not a usable plugin, naming the file", () => {
    const without = (path: string) => {
      const files = echoLike();
      files.delete(path);
      return files;
    };
    const withFile = (path: string, content: string | null) => echoLike().set(path, content);
    expect(refusal(without("package.json"))).toEqual({ code: "NO_MANIFEST", message: "This is not a Vellum plugin: there is no package.json at its root." });
    expect(refusal(withFile("package.json", "{ name: echo }")).code).toBe("BAD_MANIFEST");
    expect(refusal(withFile("package.json", '{ "name": "" }'))).toEqual({
      code: "BAD_MANIFEST",
      message: 'package.json needs a non-empty "name"; the host refuses plugins without one.',
    });
    expect(refusal(new Map([["package.json", '{"name":"empty"}']]))).toEqual({
      code: "NO_HOOKS",
      message: 'The plugin "empty" has no hook files in hooks/, so there is nothing to import.',
    });
    expect(refusal(withFile("hooks/stop.ts", 'import { getConfig } from "../../../config/loader.js";\nexport default async () => getConfig();\n'))).toEqual({
      code: "OUTSIDE_PLUGIN",
      message: "hooks/stop.ts imports ../../../config/loader.js, which is outside the plugin folder (host internals cannot be imported into a pipeline).",
    });
    expect(refusal(without("src/name/index.ts"))).toEqual({
      code: "MISSING_MODULE",
      message: "src/emit.ts imports ./name/index.js, but the plugin has no src/name/index.ts.",
    });
    expect(refusal(withFile("hooks/stop.ts", 'import data from "../data.json";\nexport default async () => data;\n'))).toEqual({
      code: "UNSUPPORTED_MODULE",
      message: "hooks/stop.ts imports ../data.json; Hookwright modules are .ts files, so data.json cannot be imported.",
    });
    expect(refusal(withFile("hooks/stop.ts", 'import { x } from "./lib/x.js";\nexport default async () => x;\n').set("hooks/lib/x.ts", "export const x = 1;\n"))).toEqual({
      code: "UNSUPPORTED_MODULE",
      message: "hooks/stop.ts imports hooks/lib/x.ts, a helper inside hooks/; Hookwright keeps hooks/ for hook files, so move it (for example to src/) and update the import.",
    });
    expect(refusal(withFile("src/name/index.ts", null))).toEqual({ code: "NOT_TEXT", message: "src/name/index.ts (imported by src/emit.ts) is not UTF-8 text." });
  });

  it("ignores unusable metadata and imports the hook files alone", () => {
    const files = exported(chainedPipeline);
    files.set("hookwright.json", '{"format":"something else"}');
    const { pipeline, warnings } = importVellumPlugin(files, { profile });
    expect(warnings[0]).toBe("hookwright.json is ignored (unexpected content at format); the plugin is imported from its hook files alone.");
    expect(pipeline.name).toBe("tool-result-guard");
    expect(pipeline.hooks.map((h) => h.id)).toEqual(["post-tool-use", "pre-model-call"]);
  });
});
