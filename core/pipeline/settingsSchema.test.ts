import { describe, expect, it } from "vitest";
import { envOf, pipelineSettingsSchema, withoutSecrets } from "./settingsSchema";

describe("pipeline settings", () => {
  it("names the field and the problem for a bad variable", () => {
    const r = pipelineSettingsSchema.safeParse({ env: [{ name: "1BAD", value: "x" }, { name: "A", value: "1" }, { name: "A", value: "2" }] });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["env.0.name", "an environment variable's name is letters, digits and _, not starting with a digit"],
      ["env.2.name", "environment variable A is declared twice"],
    ]);
  });

  it("hands the hooks every declared value, and leaves secret values out of what is exported", () => {
    const settings = pipelineSettingsSchema.parse({ env: [{ name: "TOKEN", value: "s3cret", secret: true }, { name: "MODE", value: "on" }] });
    expect(envOf(settings)).toEqual({ TOKEN: "s3cret", MODE: "on" });
    expect(withoutSecrets({ name: "p", settings })).toEqual({
      name: "p",
      settings: { env: [{ name: "TOKEN", value: "", secret: true }, { name: "MODE", value: "on", secret: false }] },
    });
    const plain: { name: string; settings?: undefined } = { name: "q" };
    expect(withoutSecrets(plain)).toBe(plain);
  });
});

describe("the setSettings change", () => {
  it("sets, undoes and removes a pipeline's settings", async () => {
    const { applyPipelineChangesWithInverse } = await import("./changes");
    const { parsePipeline } = await import("./parsePipeline");
    const parsed = parsePipeline({ format: "hookwright.pipeline/v1", name: "p", profile: "vellum" });
    if (!parsed.ok) throw new Error("bad pipeline");
    const settings = { env: [{ name: "A", value: "1", secret: false }] };
    const { doc, inverse } = applyPipelineChangesWithInverse(parsed.value, [{ type: "setSettings", settings }]);
    expect(doc.settings).toEqual(settings);
    const undone = applyPipelineChangesWithInverse(doc, inverse).doc;
    expect("settings" in undone).toBe(false);
    expect("settings" in applyPipelineChangesWithInverse(doc, [{ type: "setSettings", settings: null }]).doc).toBe(false);
  });
});
