/**
 * For the process sandbox's tests: whether they can run here. They skip only when bwrap truly
 * cannot run (and say why); `npm test` installs it where it can (scripts/bubblewrap.mjs).
 */
import { probeProcessSandbox } from "./processSandbox";

const probe = await probeProcessSandbox();

/** Null when the sandbox works; otherwise why the sandboxed tests are skipped. */
export const skipReason: string | null = probe.available ? null : `process sandbox unavailable: ${probe.reason} (fix: ${probe.fix})`;

if (skipReason) console.warn(`Skipping the process sandbox's tests: ${skipReason}`);
