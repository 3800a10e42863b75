/*
 * The Chromium the end-to-end tests drive, found or installed before `npm test` starts, so a
 * bare machine either gets a browser (saying how) or stops at once with one line saying what
 * to run, instead of failing every e2e test five minutes later.
 *
 * Looked for in order: HOOKWRIGHT_CHROMIUM, CHROMIUM_PATH, /usr/bin/chromium (Debian's),
 * Playwright's own download. When none is there: as root with apt, Debian's `chromium`
 * (Playwright's download needs its CDN, apt only the distribution's mirror); otherwise, or if
 * apt fails, `npx playwright install chromium`.
 *
 * Everything the decision reads or does is passed in, so scripts/chromium.test.ts can check it
 * without touching the machine's browser.
 */

const DEBIAN_CHROMIUM = "/usr/bin/chromium";

/** What to run when nothing works, on one line. */
export const NO_BROWSER_MESSAGE =
  "npm test: no Chromium for the end-to-end tests and none could be installed; run `npx playwright install chromium` (or, as root, `apt-get install chromium`), or set HOOKWRIGHT_CHROMIUM=/path/to/chromium, then run npm test again.";

/**
 * @typedef {object} ChromiumDeps
 * @property {Record<string, string | undefined>} env
 * @property {(file: string) => boolean} exists
 * @property {() => string | null} playwrightExecutable where Playwright's own Chromium is (or would be) installed
 * @property {boolean} isRoot
 * @property {boolean} hasApt
 * @property {(command: string, args: string[]) => Promise<number>} run runs a command in the foreground; resolves to its exit code
 * @property {(line: string) => void} log
 */

/**
 * The browser already on this machine.
 * @param {Pick<ChromiumDeps, "env" | "exists" | "playwrightExecutable">} deps
 * @returns {{ ok: true, path: string, source: string } | { ok: false, message: string } | null} null: none
 */
export function findChromium(deps) {
  for (const name of ["HOOKWRIGHT_CHROMIUM", "CHROMIUM_PATH"]) {
    const configured = deps.env[name]?.trim();
    if (!configured) continue;
    if (deps.exists(configured)) return { ok: true, path: configured, source: name };
    return { ok: false, message: `npm test: ${name} is ${configured}, which does not exist; point it at a Chromium executable or unset it.` };
  }
  if (deps.exists(DEBIAN_CHROMIUM)) return { ok: true, path: DEBIAN_CHROMIUM, source: DEBIAN_CHROMIUM };
  const own = deps.playwrightExecutable();
  if (own && deps.exists(own)) return { ok: true, path: own, source: "Playwright's Chromium" };
  return null;
}

/**
 * A Chromium for the e2e tests: the one found, or one installed now (each step says what it does).
 * @param {ChromiumDeps} deps
 * @returns {Promise<{ ok: true, path: string, source: string } | { ok: false, message: string }>}
 */
export async function ensureChromium(deps) {
  const found = findChromium(deps);
  if (found) return found;
  if (deps.isRoot && deps.hasApt) {
    deps.log("npm test: no Chromium found; installing Debian's chromium with apt-get (the end-to-end tests need a browser)…");
    const updated = await deps.run("apt-get", ["update", "-qq"]);
    const installed = updated === 0 ? await deps.run("apt-get", ["install", "-y", "-qq", "chromium"]) : updated;
    const after = installed === 0 ? findChromium(deps) : null;
    if (after) return after;
    deps.log(`npm test: apt-get could not install chromium (exit ${installed}).`);
  }
  deps.log("npm test: no Chromium found; downloading Playwright's with `npx playwright install chromium` (the end-to-end tests need a browser)…");
  const code = await deps.run("npx", ["playwright", "install", "chromium"]);
  const after = code === 0 ? findChromium(deps) : null;
  return after ?? { ok: false, message: NO_BROWSER_MESSAGE };
}
