import { expect } from "vitest";
import type { Pipeline } from "~/core/pipeline/schema";
import type { Differential } from "./codexDifferential";
import type { Observed } from "./codexObserved";

/*
 * Where Hookwright's run of a `codex` pipeline is known to differ from the real Codex 0.169.0
 * binary, pinned exactly: the differential compares the binary's run with Hookwright's run
 * corrected by these functions, so any OTHER difference fails, and so does fixing one of these in
 * Hookwright without removing it here (the correction then over-corrects).
 */

/** Codex's fixed event order for a hooks file's display order (X:codex-rs/config/src/hook_config.rs `into_matcher_groups`). */
const DISPLAY_ORDER = ["PreToolUse", "PermissionRequest", "PostToolUse", "PreCompact", "PostCompact", "SessionStart", "UserPromptSubmit", "Stop"];

/**
 * Finding (codex.md fact 32): a Stop block's `<hook_prompt hook_run_id="stop:<n>:<hooks.json>">`
 * numbers the hook by its display order in the WHOLE hooks file (every command handler of the
 * events before Stop in Codex's order, then the Stop handlers); Hookwright's codex binding
 * (core/profiles/codex/binding.ts, Stop readBack) numbers it among the Stop hooks only, because a
 * binding sees only the point's own chain, not the pipeline's other hooks.
 * Returns Hookwright's observation with Codex's numbers.
 */
export function withCodexStopNumbers(pipeline: Pipeline, mine: Observed): Observed {
  const exported = pipeline.hooks.filter((h) => h.enabled !== false && DISPLAY_ORDER.includes(h.point));
  const before = exported.filter((h) => DISPLAY_ORDER.indexOf(h.point) < DISPLAY_ORDER.indexOf("Stop")).length;
  const renumber = (text: string) => text.replace(/^<hook_prompt hook_run_id="stop:(\d+):/, (_, n: string) => `<hook_prompt hook_run_id="stop:${Number(n) + before}:`);
  return { ...mine, stopFeedback: mine.stopFeedback.map((message) => message.map(renumber)) };
}

/** The differential's assertion: the binary's run is Hookwright's, up to the known differences above. */
export function expectSameAsCodex(pipeline: Pipeline, run: Differential): void {
  expect(run.theirs, run.where).toEqual(withCodexStopNumbers(pipeline, run.mine));
}
