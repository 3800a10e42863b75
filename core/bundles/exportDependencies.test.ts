import { describe, expect, it } from "vitest";
import { parsePipeline } from "../pipeline/parsePipeline";
import { PIPELINE_FORMAT, type Pipeline, type PipelineInput } from "../pipeline/schema";
import { openclawProfile, vellumProfile } from "../profiles";
import { exportOpenClawPlugin } from "./exportOpenClaw";
import { exportVellumPlugin } from "./exportVellum";
import { importOpenClawPlugin } from "./importOpenClaw";
import { importVellumPlugin } from "./importVellum";

/** A pipeline's declared npm dependencies travel in the exported bundle's package.json, and back on import. */

function parsed(input: PipelineInput): Pipeline {
  const r = parsePipeline(input);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.value;
}

const GATE = 'import { parse } from "shell-quote";\nexport default async (ctx: { command: string }) => { parse(ctx.command); };\n';
const dependencies = [
  { name: "shell-quote", range: "^1.8.1" },
  { name: "@scope/util", range: ">=2 <3" },
];

const asFiles = (files: Array<{ path: string; content: string }>) => new Map(files.map((f) => [f.path, f.content]));
const packageJson = (files: Array<{ path: string; content: string }>) => JSON.parse(files.find((f) => f.path === "package.json")?.content ?? "null") as Record<string, unknown>;

describe("exported dependencies", () => {
  it("the Vellum plugin's package.json lists them, and importing it keeps them", () => {
    const pipeline = parsed({ format: PIPELINE_FORMAT, name: "Gate", profile: "vellum", hooks: [{ id: "gate", point: "pre-model-call", name: "gate", code: GATE }], settings: { env: [], dependencies } });
    const out = exportVellumPlugin(pipeline, { profile: vellumProfile });
    expect(packageJson(out.files).dependencies).toEqual({ "@scope/util": ">=2 <3", "shell-quote": "^1.8.1" });
    const back = importVellumPlugin(asFiles(out.files), { profile: vellumProfile }).pipeline;
    expect(back.settings?.dependencies).toEqual([
      { name: "@scope/util", range: ">=2 <3" },
      { name: "shell-quote", range: "^1.8.1" },
    ]);
  });

  it("the OpenClaw plugin's package.json lists them, and importing it keeps them", () => {
    const pipeline = parsed({ format: PIPELINE_FORMAT, name: "Gate", profile: "openclaw", hooks: [{ id: "gate", point: "before_tool_call", name: "gate", code: GATE }], settings: { env: [], dependencies } });
    const out = exportOpenClawPlugin(pipeline, { profile: openclawProfile, pluginId: () => "gate" });
    expect(packageJson(out.files).dependencies).toEqual({ "@scope/util": ">=2 <3", "shell-quote": "^1.8.1" });
    expect(importOpenClawPlugin(asFiles(out.files), { profile: openclawProfile }).pipeline.settings?.dependencies).toEqual([
      { name: "@scope/util", range: ">=2 <3" },
      { name: "shell-quote", range: "^1.8.1" },
    ]);
  });

  it("a pipeline without dependencies exports no dependencies field; file: and git specs of an imported plugin are dropped", () => {
    const pipeline = parsed({ format: PIPELINE_FORMAT, name: "Gate", profile: "vellum", hooks: [{ id: "gate", point: "pre-model-call", name: "gate", code: GATE }] });
    const out = exportVellumPlugin(pipeline, { profile: vellumProfile });
    expect("dependencies" in packageJson(out.files)).toBe(false);
    const files = asFiles(out.files);
    files.set("package.json", JSON.stringify({ ...packageJson(out.files), dependencies: { "shell-quote": "1.8.1", local: "file:../x", git: "github:a/b", "@vellumai/plugin-api": "^0.10.0" } }));
    expect(importVellumPlugin(files, { profile: vellumProfile }).pipeline.settings?.dependencies).toEqual([{ name: "shell-quote", range: "1.8.1" }]);
  });
});
