import { describe, expect, it } from "vitest";
import { parsePipeline } from "~/core/pipeline/parsePipeline";
import { pipelineSchema, PIPELINE_FORMAT } from "~/core/pipeline/schema";
import { exportFileName, pipelineFileText } from "./exportPipeline";

describe("exportFileName", () => {
  it("slugs the pipeline name", () => {
    expect(exportFileName("Be concise!")).toBe("be-concise.hookwright.json");
    expect(exportFileName("***")).toBe("pipeline.hookwright.json");
  });
});

describe("pipelineFileText", () => {
  it("round-trips through the file format parser", () => {
    const doc = pipelineSchema.parse({ format: PIPELINE_FORMAT, name: "A", profile: "vellum", hooks: [{ id: "h", point: "stop", name: "h", code: "x" }] });
    const parsed = parsePipeline(JSON.parse(pipelineFileText(doc)));
    expect(parsed).toEqual({ ok: true, value: doc });
  });
});
