import { findSystemTool } from "../process/hostFacts";
import { probeProcessSandbox } from "../process";

/** Whether R hooks can run here: the process sandbox works and R (`Rscript`) is installed under /usr. */
export type RRuntimeProbe = { readonly available: true; readonly rscript: string } | { readonly available: false; readonly reason: string; readonly fix: string };

/** Debian's R, as `npm test` installs it (scripts/bubblewrap.mjs). */
export const R_PACKAGE = "r-base-core";

let cached: Promise<RRuntimeProbe> | null = null;

/**
 * Asks once per process (and remembers) whether R hooks can run: they run only inside the process
 * sandbox, with the system's R, which the sandbox sees read-only under /usr.
 *
 * @example
 * const probe = await probeRRuntime();
 * if (!probe.available) console.log(`${probe.reason} (fix: ${probe.fix})`);
 */
export function probeRRuntime(options: { fresh?: boolean } = {}): Promise<RRuntimeProbe> {
  if (options.fresh || !cached) cached = probe();
  return cached;
}

async function probe(): Promise<RRuntimeProbe> {
  const sandbox = await probeProcessSandbox();
  if (!sandbox.available) return { available: false, reason: `R hooks run only in the process sandbox, and it is not available here: ${sandbox.reason}`, fix: sandbox.fix };
  const rscript = findSystemTool("Rscript");
  if (!rscript) return { available: false, reason: "R hooks need R, and Rscript is not installed", fix: `apt-get install ${R_PACKAGE} (as root), then start Hookwright again` };
  if (!rscript.startsWith("/usr/") && !rscript.startsWith("/bin/")) return { available: false, reason: `Rscript is at ${rscript}, outside /usr, which the sandbox cannot see`, fix: `install R from your system's packages (apt-get install ${R_PACKAGE})` };
  return { available: true, rscript };
}
