import { describe, expect, it } from "vitest";
import { providerModelSchema } from "../../core/pipeline/schema";
import { resolveRoute } from "./route";
import type { ProviderConfig } from "./types";

const providers: ProviderConfig[] = [
  { name: "anthropic", kind: "anthropic", baseURL: null, defaultModel: "claude-a", apiKey: "k", source: "env" },
  { name: "ollama", kind: "openai", baseURL: "http://127.0.0.1:11434/v1", defaultModel: "llama3.2", apiKey: null, source: "settings" },
];
const model = providerModelSchema.parse({ kind: "provider", provider: "anthropic", model: "claude-b", profiles: { cheap: { provider: "ollama" }, "big-claude": { model: "claude-opus" } } });
const target = (route: Parameters<typeof resolveRoute>[1]) => {
  const t = resolveRoute(model, route, providers);
  return "error" in t ? t : { provider: t.config.name, model: t.model, routing: t.routing };
};

describe("routing a call (profile data: an inference profile key, or provider/model overrides)", () => {
  it("uses the scenario's provider and model without a route", () => {
    expect(target(null)).toEqual({ provider: "anthropic", model: "claude-b", routing: null });
  });
  it("follows an inference profile key through the scenario's profiles (Vellum modelProfile)", () => {
    expect(target({ profile: "cheap" })).toEqual({ provider: "ollama", model: "llama3.2", routing: 'routed by hooks: inference profile "cheap"' });
    expect(target({ profile: "big-claude" })).toEqual({ provider: "anthropic", model: "claude-opus", routing: 'routed by hooks: inference profile "big-claude"' });
  });
  it("leaves an unknown profile key on the default, and says so", () => {
    expect(target({ profile: "nope" })).toEqual({
      provider: "anthropic",
      model: "claude-b",
      routing: 'routed by hooks: inference profile "nope" is not among the scenario\'s profiles (cheap, big-claude), so the default model answered',
    });
  });
  it("follows provider and model overrides (OpenClaw providerOverride / modelOverride)", () => {
    expect(target({ provider: "ollama" })).toEqual({ provider: "ollama", model: "llama3.2", routing: 'routed by hooks: provider override "ollama"' });
    expect(target({ model: "claude-haiku" })).toEqual({ provider: "anthropic", model: "claude-haiku", routing: 'routed by hooks: model override "claude-haiku"' });
    expect(target({ provider: "ollama", model: "qwen3" })).toEqual({ provider: "ollama", model: "qwen3", routing: 'routed by hooks: provider override "ollama", model override "qwen3"' });
  });
  it("names what is configured when a route points nowhere", () => {
    expect(target({ provider: "openrouter" })).toEqual({ error: 'provider "openrouter" is not configured on this server (configured: anthropic, ollama); add it in Settings → Model providers' });
    const noDefault: ProviderConfig = { name: "anthropic", kind: "anthropic", baseURL: null, defaultModel: "", apiKey: "k", source: "env" };
    expect(resolveRoute({ ...model, provider: "anthropic", model: "" }, null, [noDefault])).toEqual({
      error: 'no model to call on provider "anthropic": set the scenario\'s model, or the provider\'s default model in Settings → Model providers',
    });
  });
});
