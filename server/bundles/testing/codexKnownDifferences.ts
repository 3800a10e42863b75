import { expect } from "vitest";
import type { Differential } from "./codexDifferential";

/*
 * The differential's assertion: what the real Codex 0.169.0 binary did is what Hookwright's run
 * did, field for field (codexObserved.ts says which fields). The one difference Hookwright keeps on
 * purpose, where hook contexts sit, is pinned by its own "known difference" test
 * (codexBinary.test.ts) and does not reach these fields.
 */
export function expectSameAsCodex(run: Differential): void {
  expect(run.theirs, run.where).toEqual(run.mine);
}
