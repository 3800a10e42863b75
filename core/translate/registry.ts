import { claudeCodeToCodex, codexToClaudeCode } from "./claudeCodeCodex";
import type { HostTranslation } from "./types";

/** Every pair of profiles a pipeline can move between, by profile id. */
const TRANSLATIONS: readonly HostTranslation[] = [claudeCodeToCodex, codexToClaudeCode];

/** The table that moves `from`'s hooks to `to`'s host, if there is one. */
export function translationBetween(from: string, to: string): HostTranslation | undefined {
  return TRANSLATIONS.find((t) => t.from === from && t.to === to);
}

/** The profiles a pipeline of `from` can be exported to besides its own. */
export function translationTargets(from: string): string[] {
  return TRANSLATIONS.filter((t) => t.from === from).map((t) => t.to);
}
