import type { HookPointSpec } from "../profiles/types";

/**
 * What the Vellum exporter needs to know about the published host beyond the profile, which
 * follows the seed's docs where it names things. Where they disagree the real host wins
 * (DESIGN.md); `server/bundles/typecheck.test.ts` checks these against the real package.
 */

/**
 * The name the host's types module exports for a point's context type. The profile already
 * uses the published names (the seed's `Plugin*` names are aliases there, not exports of the
 * host); `server/bundles/typecheck.test.ts` checks every one against the real package.
 */
export function publishedContextType(spec: HookPointSpec): string {
  return spec.contextType;
}

/**
 * `init` never runs through the host's chain: `runInitHook` calls each plugin's hook on its
 * own context and ignores its result (`V:src/hooks/hook-loader.ts:265-287`, semantics.md §1a).
 */
const RUN_ALONE = new Set(["init"]);

export function hostRunsEachAlone(spec: HookPointSpec): boolean {
  return RUN_ALONE.has(spec.id);
}
