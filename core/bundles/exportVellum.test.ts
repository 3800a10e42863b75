import { describe, expect, it } from "vitest";
import { examplePipelines } from "../examples";
import { parsePipeline } from "../pipeline/parsePipeline";
import { PIPELINE_FORMAT, type Pipeline, type PipelineInput } from "../pipeline/schema";
import { vellumProfile } from "../profiles";
import { BundleError } from "./errors";
import { exportVellumPlugin } from "./exportVellum";
import { chainedPipeline } from "./fixtures/pipelines";
import { bundleMetadataSchema } from "./metadata";
import { pluginNameOf } from "./names";

function parsed(input: PipelineInput): Pipeline {
  const r = parsePipeline(input);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.value;
}

function fileOf(files: Array<{ path: string; content: string }>, path: string): string {
  const file = files.find((f) => f.path === path);
  if (!file) throw new Error(`no ${path} in ${files.map((f) => f.path).join(", ")}`);
  return file.content;
}

function refusal(input: PipelineInput): { code: string; message: string } {
  try {
    exportVellumPlugin(parsed(input), { profile: vellumProfile });
  } catch (err) {
    if (err instanceof BundleError) return { code: err.code, message: err.message };
    throw err;
  }
  throw new Error("exported");
}

describe("pluginNameOf", () => {
  it("kebab-cases pipeline names into names the host's publish check accepts", () => {
    expect(pluginNameOf("Be concise")).toBe("be-concise");
    expect(pluginNameOf("  Ünïcode Tool #2!  ")).toBe("unicode-tool-2");
    expect(pluginNameOf("toolResultTruncate")).toBe("tool-result-truncate");
    expect(pluginNameOf("俳句")).toBe("hookwright-plugin");
    for (const name of ["Be concise", "A/B test: v2", "x".repeat(300)]) expect(pluginNameOf(name)).toMatch(/^[a-z0-9][a-z0-9_-]{0,63}$/);
  });
});

describe("exportVellumPlugin", () => {
  it("writes a single hook as hooks/<point>.ts with its code unchanged", () => {
    const example = parsed(examplePipelines.find((e) => e.name === "Be concise") ?? chainedPipeline);
    const { pluginName, files } = exportVellumPlugin(example, { profile: vellumProfile });
    expect(pluginName).toBe("be-concise");
    expect(files.map((f) => f.path)).toEqual(["README.md", "hooks/pre-model-call.ts", "hookwright.json", "package.json"]);
    expect(fileOf(files, "hooks/pre-model-call.ts")).toBe(example.hooks[0]?.code);
    expect(JSON.parse(fileOf(files, "package.json"))).toEqual({
      name: "be-concise",
      version: "0.1.0",
      description: "Appends an instruction to the system prompt before every model call.",
      private: true,
      type: "module",
      engines: { node: ">=20.12.0" },
      peerDependencies: { "@vellumai/plugin-api": ">=0.8.0" },
    });
  });

  it("chains several hooks of one point through a generated wrapper and leaves disabled hooks out", () => {
    const { files } = exportVellumPlugin(parsed(chainedPipeline), { profile: vellumProfile });
    expect(files.map((f) => f.path)).toEqual([
      "README.md",
      "hooks/post-tool-use.ts",
      "hooks/pre-model-call.ts",
      "hookwright.json",
      "hookwright/chain.ts",
      "hookwright/post-tool-use.01-truncate-big-results.ts",
      "hookwright/post-tool-use.02-coach-on-errors.ts",
      "package.json",
      "src/constants.ts",
      "src/text.ts",
    ]);
    const wrapper = fileOf(files, "hooks/post-tool-use.ts");
    expect(wrapper).toContain('import type { PostToolUseContext } from "@vellumai/plugin-api";');
    expect(wrapper).toContain('import { runChain } from "../hookwright/chain.js";');
    expect(wrapper).toContain('import hook1 from "../hookwright/post-tool-use.01-truncate-big-results.js";');
    expect(wrapper).toContain('    { name: "Truncate big results", run: hook1 },\n    { name: "Coach on errors", run: hook2 },');
    // The disabled hook's code rides along in hookwright.json only, which the host never reads.
    expect(files.filter((f) => f.content.includes("toUpperCase")).map((f) => f.path)).toEqual(["hookwright.json"]);
    const metadata = bundleMetadataSchema.parse(JSON.parse(fileOf(files, "hookwright.json")));
    expect(metadata.hooks.map((h) => ("file" in h ? h.file : `disabled:${h.code.length}`))).toEqual([
      "hookwright/post-tool-use.01-truncate-big-results.ts",
      `disabled:${chainedPipeline.hooks?.[1]?.code.length}`,
      "hookwright/post-tool-use.02-coach-on-errors.ts",
      "hooks/pre-model-call.ts",
    ]);
  });

  it("runs several init hooks each on its own, as the host runs init", () => {
    const hook = (id: string) => ({ id, point: "init", name: id, code: "export default async function init(): Promise<void> {}\n" });
    const { files } = exportVellumPlugin(parsed({ format: PIPELINE_FORMAT, name: "x", profile: "vellum", hooks: [hook("a"), hook("b")] }), { profile: vellumProfile });
    const wrapper = fileOf(files, "hooks/init.ts");
    expect(wrapper).toContain('import type { InitContext } from "@vellumai/plugin-api";');
    expect(wrapper).toContain('  await runEach("init", ctx, [');
  });

  it("describes each hook and how to install the plugin in the README", () => {
    const readme = fileOf(exportVellumPlugin(parsed(chainedPipeline), { profile: vellumProfile }).files, "README.md");
    expect(readme).toContain("# tool-result-guard\n\nBounds tool results and coaches retries.");
    expect(readme).toContain("1. **Truncate big results**: Cuts a tool result down to 200 characters.");
    expect(readme).toContain("- **be-concise**: No description in its code; it uses `systemPrompt`.");
    expect(readme).toContain("2. **Coach on errors**: Adds retry guidance after a failed tool call.");
    expect(readme).toContain("- **shout** on `post-tool-use`");
    expect(readme).toContain("The host reads back `toolResponse`, `additionalContext` after the hook.");
    expect(readme).toContain('unzip tool-result-guard.zip -d "${VELLUM_WORKSPACE_DIR:-$HOME/.vellum/workspace}/plugins"');
  });

  it("gives the same files for the same pipeline", () => {
    const a = exportVellumPlugin(parsed(chainedPipeline), { profile: vellumProfile });
    const b = exportVellumPlugin(parsed(structuredClone(chainedPipeline)), { profile: vellumProfile });
    expect(b).toEqual(a);
  });

  it("refuses pipelines it cannot write as a Vellum plugin", () => {
    expect(refusal({ ...chainedPipeline, profile: "registry", hooks: [] })).toEqual({
      code: "WRONG_PROFILE",
      message: 'Only pipelines on the vellum profile can be exported as a Vellum plugin; "Tool Result Guard" is on the "registry" profile.',
    });
    expect(refusal({ ...chainedPipeline, hooks: [{ id: "h", point: "before_tool_call", name: "gate", code: "" }] })).toEqual({
      code: "UNKNOWN_POINT",
      message: 'Hook "gate" is on "before_tool_call", which is not a hook point of the vellum profile.',
    });
    expect(refusal({ ...chainedPipeline, modules: [{ path: "hookwright/chain.ts", code: "" }] })).toEqual({
      code: "PATH_COLLISION",
      message: "Module hookwright/chain.ts would overwrite a file Hookwright generates for the plugin; rename the module.",
    });
    expect(refusal({ ...chainedPipeline, modules: [{ path: "tools/helper.ts", code: "" }] })).toEqual({
      code: "PATH_COLLISION",
      message: "Module tools/helper.ts would be loaded by the host as a plugin tool, because tools/ is a plugin surface folder; move it, for example to src/.",
    });
  });

  it("warns about a hook without a default export", () => {
    const input = { ...chainedPipeline, hooks: [{ id: "x", point: "stop", name: "named only", code: "export async function stop(): Promise<void> {}\n" }] };
    expect(exportVellumPlugin(parsed(input), { profile: vellumProfile }).warnings).toEqual([
      'Hook "named only" on stop has no default export; the host only runs a hook file\'s default-exported function.',
    ]);
  });

  it("warns when no hook is enabled", () => {
    const result = exportVellumPlugin(parsed({ ...chainedPipeline, hooks: chainedPipeline.hooks?.map((h) => ({ ...h, enabled: false })) }), { profile: vellumProfile });
    expect(result.warnings).toEqual(["The pipeline has no enabled hooks, so the plugin will not change anything."]);
    expect(result.files.map((f) => f.path)).toEqual(["README.md", "hookwright.json", "package.json", "src/constants.ts", "src/text.ts"]);
  });
});
