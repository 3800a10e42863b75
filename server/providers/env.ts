import type { ProviderConfig } from "./types";

/**
 * Providers set by environment variables (server side only):
 * `ANTHROPIC_API_KEY` (+ `ANTHROPIC_BASE_URL`, `ANTHROPIC_MODEL`) is the provider "anthropic";
 * `OPENAI_API_KEY` and/or `OPENAI_BASE_URL` (+ `OPENAI_MODEL`) is the provider "openai"
 * (a base URL alone is enough for a local server such as Ollama).
 */
export function envProviders(env: Record<string, string | undefined> = process.env): ProviderConfig[] {
  const value = (name: string) => {
    const v = env[name]?.trim();
    return v === undefined || v === "" ? null : v;
  };
  const out: ProviderConfig[] = [];
  if (value("ANTHROPIC_API_KEY")) {
    out.push({ name: "anthropic", kind: "anthropic", baseURL: value("ANTHROPIC_BASE_URL"), defaultModel: value("ANTHROPIC_MODEL") ?? "", apiKey: value("ANTHROPIC_API_KEY"), source: "env" });
  }
  if (value("OPENAI_API_KEY") || value("OPENAI_BASE_URL")) {
    out.push({ name: "openai", kind: "openai", baseURL: value("OPENAI_BASE_URL"), defaultModel: value("OPENAI_MODEL") ?? "", apiKey: value("OPENAI_API_KEY"), source: "env" });
  }
  return out;
}
