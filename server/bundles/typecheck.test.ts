import { beforeAll, describe, expect, it } from "vitest";
import { exportVellumPlugin } from "~/core/bundles/exportVellum";
import { chainedPipeline } from "~/core/bundles/fixtures/pipelines";
import { publishedContextType } from "~/core/bundles/vellumHost";
import { examplePipelines } from "~/core/examples";
import { parsePipeline } from "~/core/pipeline/parsePipeline";
import { PIPELINE_FORMAT, type PipelineInput } from "~/core/pipeline/schema";
import { vellumProfile } from "~/core/profiles";
import { ensureVellumPackage, PACKAGE_TIMEOUT_MS } from "./testing/vellumPackage";
import { findAnyTypedFields, typeCheckBundles, type BundleToCheck } from "./typecheck";

function bundleOf(input: PipelineInput): BundleToCheck {
  const parsed = parsePipeline(input);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  const { pluginName, files } = exportVellumPlugin(parsed.value, { profile: vellumProfile });
  return { name: pluginName, files };
}

/** Two typed hooks on every point, so every point gets a chain wrapper. */
const everyPointChained: PipelineInput = {
  format: PIPELINE_FORMAT,
  name: "Every point chained",
  profile: "vellum",
  hooks: vellumProfile.points.flatMap((spec) => {
    const type = publishedContextType(spec);
    const code = [
      `import type { ${type} } from "@vellumai/plugin-api";`,
      "",
      `export default async function hook(ctx: ${type}): Promise<Partial<${type}> | void> {`,
      "  void ctx;",
      "}",
      "",
    ].join("\n");
    return [
      { id: `${spec.id}-1`, point: spec.id, name: "first", code },
      { id: `${spec.id}-2`, point: spec.id, name: "second", code },
    ];
  }),
};

const broken = bundleOf({
  format: PIPELINE_FORMAT,
  name: "Broken",
  profile: "vellum",
  hooks: [
    {
      id: "h",
      point: "pre-model-call",
      name: "wrong type",
      code: 'import type { PreModelCallContext } from "@vellumai/plugin-api";\nexport default async function h(ctx: PreModelCallContext): Promise<void> {\n  ctx.systemPrompt = 42;\n}\n',
    },
    {
      id: "g",
      point: "post-tool-use",
      name: "wrong point",
      code: 'import type { StopContext } from "@vellumai/plugin-api";\nexport default async function g(ctx: StopContext): Promise<void> {\n  void ctx;\n}\n',
    },
    { id: "g2", point: "post-tool-use", name: "second", code: "export default async function g2(): Promise<void> {}\n" },
  ],
});

let packageDir = "";
let result: ReturnType<typeof typeCheckBundles>;
const vellumExamples = examplePipelines.filter((e) => e.profile === "vellum");
const good = [...vellumExamples, chainedPipeline, everyPointChained].map(bundleOf);
beforeAll(async () => {
  packageDir = await ensureVellumPackage();
  // One compiler program for all bundles: loading the host's type graph is the slow part.
  result = typeCheckBundles([...good, broken], packageDir);
}, PACKAGE_TIMEOUT_MS + 120_000);

describe("exported bundles against @vellumai/assistant 0.10.5's real plugin API", () => {
  it("type-check for every example pipeline, a chained pipeline and wrappers on every point", () => {
    expect(vellumExamples.length).toBeGreaterThanOrEqual(3);
    expect(result.diagnostics.filter((d) => !d.startsWith("broken/"))).toEqual([]);
  });

  it("needed no stubs: every type the hooks see resolves inside the package", () => {
    const typeNames = [...new Set(vellumProfile.points.map(publishedContextType)), "HookFunction", "Message", "ContentBlock", "PluginLogger"];
    expect(findAnyTypedFields(result.program, packageDir, typeNames)).toEqual([]);
  });

  it("reports a hook that does not fit the host's context type, in the hook and in a wrapper", () => {
    expect(result.diagnostics.filter((d) => d.startsWith("broken/"))).toEqual([
      "broken/hooks/post-tool-use.ts(16,35): TS2345 Argument of type 'PostToolUseContext' is not assignable to parameter of type 'StopContext'.\n  Property 'exitReason' is missing in type 'PostToolUseContext' but required in type 'StopContext'.",
      "broken/hooks/pre-model-call.ts(3,3): TS2322 Type 'number' is not assignable to type 'string'.",
    ]);
  });
});
