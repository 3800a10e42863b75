/**
 * The pure runtime values of the Vellum plugin API, ported exactly from @vellumai/assistant
 * 0.10.5: `HOOKS` (`V:src/plugin-api/constants.ts`), `RiskLevel` (`V:src/tools/tool-types.ts`,
 * a TypeScript string enum: an object of its members) and `isMaxTokensStopReason`
 * (`V:src/providers/stop-reasons.ts`). pluginApi.test.ts compares them with the host's own.
 */

export const HOOKS = {
  INIT: "init",
  SHUTDOWN: "shutdown",
  USER_PROMPT_SUBMIT: "user-prompt-submit",
  PRE_MODEL_CALL: "pre-model-call",
  POST_TOOL_USE: "post-tool-use",
  STOP: "stop",
  POST_MODEL_CALL: "post-model-call",
  POST_COMPACT: "post-compact",
} as const;

export const RiskLevel = { Low: "low", Medium: "medium", High: "high" } as const;

const MAX_TOKENS_STOP_REASONS = new Set(["length", "max_output_tokens", "max_tokens"]);

/** Whether a provider stop reason means the output hit the token cap (case- and whitespace-insensitive). */
export function isMaxTokensStopReason(stopReason: string | null | undefined): boolean {
  if (!stopReason) return false;
  return MAX_TOKENS_STOP_REASONS.has(stopReason.trim().toLowerCase());
}
