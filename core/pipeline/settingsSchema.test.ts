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

describe("declared npm dependencies", () => {
  it("accept a name and a registry range, and name a bad one", () => {
    expect(pipelineSettingsSchema.safeParse({ dependencies: [{ name: "shell-quote", range: "^1.8.1" }] }).success).toBe(true);
    const bad = pipelineSettingsSchema.safeParse({ dependencies: [{ name: "Shell Quote", range: "^1" }, { name: "evil", range: "file:/etc" }] });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message)).toEqual([
      'dependency "Shell Quote": lower-case letters, digits, - . _ ~, optionally @scope/name',
      "dependency evil: a registry version range (^1.8.1, >=2 <3, 1.x) or tag (latest); file:, git and URLs are not allowed",
    ]);
    const twice = pipelineSettingsSchema.safeParse({ dependencies: [{ name: "a", range: "1" }, { name: "a", range: "2" }] });
    expect(twice.error?.issues.map((i) => i.message)).toEqual(["dependency a is declared twice"]);
  });
  it("are optional: settings without them still load", () => {
    expect(pipelineSettingsSchema.parse({ env: [] })).toEqual({ env: [] });
  });
});
