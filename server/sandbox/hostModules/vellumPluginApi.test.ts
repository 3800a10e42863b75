import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { beforeAll, describe, expect, it } from "vitest";
import { runScenario } from "~/core/engine";
import { parsePipeline } from "~/core/pipeline/parsePipeline";
import type { ScenarioInference } from "~/core/pipeline/inferenceSchema";
import { VELLUM_MODEL_CATALOG } from "~/core/profiles/vellum/pluginApi/catalog";
import { HOOKS, isMaxTokensStopReason, RiskLevel } from "~/core/profiles/vellum/pluginApi/constants";
import { doesSupportVision, getModelProfiles, type LlmConfig, type ModelProfileInfo } from "~/core/profiles/vellum/pluginApi/llm";
import type { HookEndEvent, TraceEvent } from "~/core/trace/events";
import { ensureVellumPackage, PACKAGE_TIMEOUT_MS } from "~/server/bundles/testing/vellumPackage";
import { createSandboxRunner } from "~/server/sandbox";

/**
 * Differential: the plugin API's runtime values as the Vellum host computes them (its own
 * TypeScript, bundled here with its config loader swapped for one returning the test's `llm`)
 * against Hookwright's port, in Node and inside the sandbox, on the same inputs.
 */

interface RealApi {
  getModelProfiles(): ModelProfileInfo[];
  doesSupportVision(x: ModelProfileInfo | string): boolean;
  isMaxTokensStopReason(x: string | null | undefined): boolean;
  HOOKS: unknown;
  RiskLevel: unknown;
  PROVIDER_CATALOG: { id: string; models: { id: string; supportsVision?: boolean }[] }[];
}

const CONFIG_KEY = "__vshimLlmConfig";
let real: RealApi;

beforeAll(async () => {
  const pkg = await ensureVellumPackage();
  const src = (p: string) => JSON.stringify(join(pkg, "src", p));
  const out = await build({
    stdin: {
      contents: [
        `export { getModelProfiles } from ${src("plugin-api/model-profiles.ts")};`,
        `export { doesSupportVision } from ${src("plugin-api/vision-support.ts")};`,
        `export { isMaxTokensStopReason } from ${src("providers/stop-reasons.ts")};`,
        `export { HOOKS } from ${src("plugin-api/constants.ts")};`,
        `export { RiskLevel } from ${src("tools/tool-types.ts")};`,
        `export { PROVIDER_CATALOG } from ${src("providers/model-catalog.ts")};`,
      ].join("\n"),
      resolveDir: pkg,
      loader: "ts",
    },
    bundle: true,
    format: "esm",
    platform: "node",
    write: false,
    logLevel: "silent",
    plugins: [
      {
        name: "config-from-test",
        setup(b) {
          b.onResolve({ filter: /config\/loader\.js$/ }, () => ({ path: "loader", namespace: "test-config" }));
          b.onLoad({ filter: /.*/, namespace: "test-config" }, () => ({ contents: `export function getConfig() { return { llm: globalThis[${JSON.stringify(CONFIG_KEY)}] }; }`, loader: "js" }));
        },
      },
    ],
  });
  const file = join(await mkdtemp(join(tmpdir(), "vshim-")), "plugin-api.mjs");
  await writeFile(file, out.outputFiles[0]?.text ?? "");
  real = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as RealApi;
}, PACKAGE_TIMEOUT_MS);

/** Workspaces covering each branch: order, disabled, mixes (known/unknown arms), defaults, provider inferred from the model. */
const CONFIGS: LlmConfig[] = [
  { profiles: {} },
  {
    activeProfile: "local",
    profiles: { local: { provider: "ollama", model: "llama3.2", label: "Local" }, claude: { provider: "anthropic", model: "claude-sonnet-4-6", description: "Vision" } },
  },
  {
    activeProfile: "b",
    profileOrder: ["zeta", "b", "missing", "b"],
    default: { provider: "anthropic", model: "claude-opus-4-7" },
    profiles: {
      a: { label: "metadata only" },
      b: { model: "mistral" },
      zeta: { status: "disabled", model: "gpt-5.5" },
      inherit: { provider: "openai" },
      mixed: { mix: [{ profile: "b", weight: 1 }, { profile: "zeta", weight: 1 }] },
      textMix: { mix: [{ profile: "b" }] },
      unknownMix: { mix: [{ profile: "b" }, { profile: "nope" }] },
      unknownModel: { provider: "anthropic", model: "not-a-model" },
      onlyModel: { model: "llama3.2" },
    },
  },
  { default: { model: "gpt-5.4" }, profiles: { x: { label: "x" }, y: { provider: "together" } } },
];

const QUERIES = ["llama3.2", "claude-sonnet-4-6", "gpt-5.5", "mistral", "unknown-model", "local", "claude", "a", "b", "zeta", "inherit", "mixed", "textMix", "unknownMix", "unknownModel", "onlyModel", "x", "y", "constructor", ""];

function realOn<T>(llm: LlmConfig, f: () => T): T {
  (globalThis as Record<string, unknown>)[CONFIG_KEY] = llm;
  try {
    return f();
  } finally {
    delete (globalThis as Record<string, unknown>)[CONFIG_KEY];
  }
}

/** What each function answers on every query, for one config. */
function answers(api: { getModelProfiles(): ModelProfileInfo[]; doesSupportVision(x: ModelProfileInfo | string): boolean }) {
  const profiles = api.getModelProfiles();
  return { profiles, byString: QUERIES.map((q) => api.doesSupportVision(q)), byInfo: profiles.map((p) => api.doesSupportVision(p)) };
}

const STOP_REASONS = ["length", " MAX_TOKENS ", "max_output_tokens", "Length\n", "end_turn", "tool_use", "stop", "", null, undefined, "max-tokens"];

describe("the plugin API's runtime values, against the host's own code", () => {
  it("the ported catalog is the host's PROVIDER_CATALOG (ids and supportsVision, in order)", () => {
    expect(VELLUM_MODEL_CATALOG).toEqual(real.PROVIDER_CATALOG.map((p) => [p.id, p.models.map((m) => [m.id, m.supportsVision ?? null])]));
  });

  it("HOOKS, RiskLevel and isMaxTokensStopReason equal the host's", () => {
    expect(HOOKS).toEqual(real.HOOKS);
    expect(RiskLevel).toEqual(real.RiskLevel);
    expect(STOP_REASONS.map(isMaxTokensStopReason)).toEqual(STOP_REASONS.map((r) => real.isMaxTokensStopReason(r)));
  });

  it("getModelProfiles and doesSupportVision answer as the host does on each workspace", () => {
    for (const llm of CONFIGS) {
      const mine = answers({ getModelProfiles: () => getModelProfiles(llm), doesSupportVision: (x) => doesSupportVision(x, llm) });
      expect(mine).toEqual(realOn(llm, () => answers(real)));
    }
  });

  it("answer the same inside the sandbox, imported from @vellumai/plugin-api by a Vellum hook", async () => {
    for (const llm of CONFIGS.slice(1)) {
      const code = [
        'import { getModelProfiles, doesSupportVision, isMaxTokensStopReason, HOOKS, RiskLevel } from "@vellumai/plugin-api";',
        "export default async function () {",
        "  const profiles = getModelProfiles();",
        `  const byString = ${JSON.stringify(QUERIES)}.map((q) => doesSupportVision(q));`,
        "  const byInfo = profiles.map((p) => doesSupportVision(p));",
        `  const stops = ${JSON.stringify(STOP_REASONS.filter((r) => r !== undefined))}.map((r) => isMaxTokensStopReason(r));`,
        "  console.log(JSON.stringify({ profiles, byString, byInfo, stops, HOOKS, RiskLevel }));",
        "}",
      ].join("\n");
      const inference = { ...llm, profiles: llm.profiles } as ScenarioInference;
      const parsed = parsePipeline({
        format: "hookwright.pipeline/v1",
        name: "api",
        profile: "vellum",
        hooks: [{ id: "h", point: "user-prompt-submit", name: "h", code }],
        scenarios: [{ name: "s", prompt: "hi", model: { kind: "scripted", responses: [{ content: [{ type: "text", text: "ok" }] }] }, inference }],
      });
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
      const events: TraceEvent[] = [];
      const pipeline = parsed.value;
      const scenario = pipeline.scenarios[0];
      if (!scenario) throw new Error("no scenario");
      await runScenario({ pipeline, scenario, createRunner: createSandboxRunner, emit: (_, e) => events.push(e) });
      const end = events.find((e): e is HookEndEvent => e.type === "hook.end");
      expect(end?.error).toBeNull();
      const inSandbox = JSON.parse(end?.logs[0]?.message ?? "null") as unknown;
      const expected = realOn(llm, () => ({
        ...answers(real),
        stops: STOP_REASONS.filter((r) => r !== undefined).map((r) => real.isMaxTokensStopReason(r)),
        HOOKS: real.HOOKS,
        RiskLevel: real.RiskLevel,
      }));
      expect(inSandbox).toEqual(expected);
    }
  });
});
