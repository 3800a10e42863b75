/**
 * The model catalog of @vellumai/assistant 0.10.5 as far as the plugin API reads it: each
 * provider's models in catalog order with their `supportsVision` flag (null where the catalog
 * leaves it unset, which the host reads differently from false). Ported as data from
 * `V:src/providers/model-catalog.ts` (PROVIDER_CATALOG); catalog.test.ts compares it with the
 * real module.
 */
export const VELLUM_MODEL_CATALOG: readonly (readonly [provider: string, models: readonly (readonly [id: string, supportsVision: boolean | null])[]])[] = [
  ["anthropic", [["claude-fable-5", true], ["claude-opus-4-8", true], ["claude-opus-4-7", true], ["claude-opus-4-6", true], ["claude-sonnet-5", true], ["claude-sonnet-4-6", true], ["claude-sonnet-4-5-20250929", true], ["claude-opus-4-5-20251101", true], ["claude-haiku-4-5-20251001", true]]],
  ["openai", [["gpt-5.5", true], ["gpt-5.5-pro", true], ["gpt-5.4", true], ["gpt-5.2", true], ["gpt-5.4-mini", true], ["gpt-5.4-nano", true]]],
  ["gemini", [["gemini-3.5-flash", true], ["gemini-3.1-pro-preview", true], ["gemini-3.1-pro-preview-customtools", true], ["gemini-3-flash-preview", true], ["gemini-3.1-flash-lite-preview", true], ["gemini-3.1-flash-lite", true], ["gemini-2.5-flash", true], ["gemini-2.5-flash-lite", true], ["gemini-2.5-pro", true]]],
  ["ollama", [["llama3.2", false], ["mistral", false]]],
  ["fireworks", [["accounts/fireworks/models/kimi-k2p6", true], ["accounts/fireworks/models/glm-5p2", false], ["accounts/fireworks/models/kimi-k2p5", false], ["accounts/fireworks/models/minimax-m3", true], ["accounts/fireworks/models/minimax-m2p7", false], ["accounts/fireworks/models/minimax-m2p5", false], ["accounts/fireworks/models/deepseek-v4-pro", false], ["accounts/fireworks/models/deepseek-v4-flash", false]]],
  ["together", [["MiniMaxAI/MiniMax-M3", true]]],
  ["openrouter", [["anthropic/claude-fable-5", true], ["anthropic/claude-opus-4.8", true], ["anthropic/claude-opus-4.7", true], ["anthropic/claude-opus-4.6", true], ["anthropic/claude-sonnet-5", true], ["anthropic/claude-sonnet-4.6", true], ["anthropic/claude-sonnet-4.5", true], ["anthropic/claude-opus-4.5", true], ["anthropic/claude-haiku-4.5", true], ["x-ai/grok-4.20-beta", true], ["x-ai/grok-4.3", true], ["x-ai/grok-4", true], ["deepseek/deepseek-r1-0528", false], ["deepseek/deepseek-chat-v3-0324", false], ["deepseek/deepseek-v4-pro", false], ["deepseek/deepseek-v4-flash", false], ["deepseek/deepseek-v3.2-speciale", false], ["qwen/qwen3.5-plus-02-15", false], ["qwen/qwen3.5-397b-a17b", false], ["qwen/qwen3.5-flash-02-23", false], ["qwen/qwen3-coder-next", false], ["moonshotai/kimi-k2.6", true], ["moonshotai/kimi-k2.5", false], ["minimax/minimax-m3", true], ["minimax/minimax-m2.7", false], ["minimax/minimax-m2.5", false], ["minimax/minimax-m2.1", false], ["minimax/minimax-m2", false], ["minimax/minimax-m2-her", false], ["minimax/minimax-m1", false], ["minimax/minimax-01", true], ["z-ai/glm-5.2", false], ["mistralai/mistral-medium-3", false], ["mistralai/mistral-small-2603", false], ["mistralai/devstral-2512", false], ["meta-llama/llama-4-maverick", true], ["meta-llama/llama-4-scout", true], ["amazon/nova-pro-v1", true], ["openrouter/owl-alpha", false]]],
  ["openai-compatible", []],
  ["minimax", [["MiniMax-M3", true], ["MiniMax-M2.7", false]]],
  ["atlascloud", [["deepseek-ai/deepseek-v4-pro", false]]],
];
