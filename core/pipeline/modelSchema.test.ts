import { describe, expect, it } from "vitest";
import { parsePipeline } from "./parsePipeline";

const withModel = (model: unknown) => parsePipeline({ format: "hookwright.pipeline/v1", name: "n", profile: "vellum", scenarios: [{ name: "s", prompt: "p", model }] });

describe("a scenario's model", () => {
  it("is scripted or a provider, with the provider's defaults filled in", () => {
    const parsed = withModel({ kind: "provider", provider: "ollama" });
    expect(parsed.ok && parsed.value.scenarios[0]?.model).toEqual({ kind: "provider", provider: "ollama", model: "", maxTokens: 1024, maxInputTokens: 200_000, timeoutMs: 60_000, retries: 0 });
  });

  it("says what is wrong, by field", () => {
    expect(withModel({ kind: "gpt" })).toEqual({ ok: false, issues: [{ path: "scenarios[0].model.kind", message: 'a scenario\'s model has kind "scripted" (responses) or "provider" (provider, model)' }] });
    expect(withModel({ kind: "provider" })).toEqual({ ok: false, issues: [{ path: "scenarios[0].model.provider", message: 'a provider model names the provider to call: a name from Settings → Model providers, e.g. "ollama"' }] });
    expect(withModel({ kind: "provider", provider: "x", temperature: 3 })).toEqual({ ok: false, issues: [{ path: "scenarios[0].model.temperature", message: "Too big: expected number to be <=2" }] });
  });
});
