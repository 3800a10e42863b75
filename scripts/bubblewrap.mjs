/*
 * The tools the process sandbox's tests need (server/sandbox/process/), found or installed
 * before `npm test` runs the unit tests: bubblewrap (`bwrap`, the sandbox itself) and `jq`
 * (which bash hooks commonly call). As root with apt, the missing ones are installed from
 * Debian's packages, saying so; otherwise one line says what to run, and the sandbox's tests
 * skip saying why (the rest of `npm test` is unaffected, and so is `npm start`, which never
 * needs them: a command hook without a sandbox is simply not run).
 *
 * Everything the decision reads or does is passed in, so scripts/bubblewrap.test.ts can check
 * it without touching the machine.
 */

/** Tool → the Debian package that provides it. */
export const SANDBOX_TOOLS = { bwrap: "bubblewrap", jq: "jq" };

/** R, which deputy's R hooks run in (inside the process sandbox): Debian's R. */
export const R_TOOLS = { Rscript: "r-base-core" };

/**
 * @param {string[]} packages
 * @param {string} [skips] whose tests skip without them
 */
export const missingToolsMessage = (packages, skips = "the process sandbox's tests") =>
  `npm test: ${packages.join(" and ")} ${packages.length === 1 ? "is" : "are"} not installed, so ${skips} will skip; run \`apt-get install ${packages.join(" ")}\` as root, then npm test again.`;

/**
 * @typedef {object} SandboxToolDeps
 * @property {(name: string) => string | null} findTool where a command is, or null
 * @property {boolean} isRoot
 * @property {boolean} hasApt
 * @property {(command: string, args: string[]) => Promise<number>} run runs a command in the foreground; resolves to its exit code
 * @property {(line: string) => void} log
 */

/**
 * bwrap and jq (or `tools`, e.g. {@link R_TOOLS}): found, or installed now.
 * @param {SandboxToolDeps} deps
 * @param {Record<string, string>} [tools] tool → Debian package
 * @param {string} [skips] whose tests skip without them (for the messages)
 * @returns {Promise<{ ok: true, installed: string[] } | { ok: false, message: string }>}
 */
export async function ensureSandboxTools(deps, tools = SANDBOX_TOOLS, skips = "the process sandbox's tests") {
  const missing = () => Object.entries(tools).filter(([tool]) => deps.findTool(tool) === null).map(([, pkg]) => pkg);
  const before = missing();
  if (before.length === 0) return { ok: true, installed: [] };
  if (deps.isRoot && deps.hasApt) {
    deps.log(`npm test: installing ${before.join(" and ")} with apt-get (${skips} need ${before.length === 1 ? "it" : "them"})…`);
    const updated = await deps.run("apt-get", ["update", "-qq"]);
    const code = updated === 0 ? await deps.run("apt-get", ["install", "-y", "-qq", ...before]) : updated;
    const after = missing();
    if (after.length === 0) return { ok: true, installed: before };
    deps.log(`npm test: apt-get could not install ${after.join(" and ")} (exit ${code}).`);
    return { ok: false, message: missingToolsMessage(after, skips) };
  }
  return { ok: false, message: missingToolsMessage(before, skips) };
}
