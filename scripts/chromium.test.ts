import { describe, expect, it } from "vitest";
import { ensureChromium, NO_BROWSER_MESSAGE, type ChromiumDeps } from "./chromium.mjs";

/* The browser detection of `npm test`, on a pretend machine: files, user and commands are injected. */

const PLAYWRIGHT = "/home/me/.cache/ms-playwright/chromium-1200/chrome-linux/chrome";

function machine(options: { files?: string[]; env?: Record<string, string>; isRoot?: boolean; hasApt?: boolean; installs?: Record<string, { code: number; adds?: string }> }) {
  const files = new Set(options.files ?? []);
  const ran: string[] = [];
  const logged: string[] = [];
  const deps: ChromiumDeps = {
    env: options.env ?? {},
    exists: (file) => files.has(file),
    playwrightExecutable: () => PLAYWRIGHT,
    isRoot: options.isRoot ?? false,
    hasApt: options.hasApt ?? false,
    run: async (command, args) => {
      const line = [command, ...args].join(" ");
      ran.push(line);
      const outcome = options.installs?.[line] ?? { code: 0 };
      if (outcome.code === 0 && outcome.adds) files.add(outcome.adds);
      return outcome.code;
    },
    log: (line) => logged.push(line),
  };
  return { deps, ran, logged };
}

describe("ensureChromium", () => {
  it("uses HOOKWRIGHT_CHROMIUM, then CHROMIUM_PATH, then Debian's, then Playwright's, installing nothing", async () => {
    const all = ["/opt/chrome", "/usr/bin/chromium", PLAYWRIGHT];
    const configured = machine({ files: all, env: { HOOKWRIGHT_CHROMIUM: "/opt/chrome", CHROMIUM_PATH: "/usr/bin/chromium" } });
    expect(await ensureChromium(configured.deps)).toEqual({ ok: true, path: "/opt/chrome", source: "HOOKWRIGHT_CHROMIUM" });
    expect(await ensureChromium(machine({ files: all, env: { CHROMIUM_PATH: "/opt/chrome" } }).deps)).toEqual({ ok: true, path: "/opt/chrome", source: "CHROMIUM_PATH" });
    expect(await ensureChromium(machine({ files: all }).deps)).toEqual({ ok: true, path: "/usr/bin/chromium", source: "/usr/bin/chromium" });
    const own = machine({ files: [PLAYWRIGHT], isRoot: true, hasApt: true });
    expect(await ensureChromium(own.deps)).toEqual({ ok: true, path: PLAYWRIGHT, source: "Playwright's Chromium" });
    expect([...configured.ran, ...own.ran]).toEqual([]);
  });

  it("stops with one line when HOOKWRIGHT_CHROMIUM points nowhere", async () => {
    const m = machine({ files: ["/usr/bin/chromium"], env: { HOOKWRIGHT_CHROMIUM: "/nope/chrome" } });
    expect(await ensureChromium(m.deps)).toEqual({ ok: false, message: "npm test: HOOKWRIGHT_CHROMIUM is /nope/chrome, which does not exist; point it at a Chromium executable or unset it." });
    expect(m.ran).toEqual([]);
  });

  it("as root with apt, installs Debian's chromium and says so", async () => {
    const m = machine({ isRoot: true, hasApt: true, installs: { "apt-get install -y -qq chromium": { code: 0, adds: "/usr/bin/chromium" } } });
    expect(await ensureChromium(m.deps)).toEqual({ ok: true, path: "/usr/bin/chromium", source: "/usr/bin/chromium" });
    expect(m.ran).toEqual(["apt-get update -qq", "apt-get install -y -qq chromium"]);
    expect(m.logged).toEqual(["npm test: no Chromium found; installing Debian's chromium with apt-get (the end-to-end tests need a browser)…"]);
  });

  it("without root (or apt), downloads Playwright's Chromium and says so; falls back to it when apt fails", async () => {
    const user = machine({ hasApt: true, installs: { "npx playwright install chromium": { code: 0, adds: PLAYWRIGHT } } });
    expect(await ensureChromium(user.deps)).toEqual({ ok: true, path: PLAYWRIGHT, source: "Playwright's Chromium" });
    expect(user.ran).toEqual(["npx playwright install chromium"]);
    expect(user.logged).toEqual(["npm test: no Chromium found; downloading Playwright's with `npx playwright install chromium` (the end-to-end tests need a browser)…"]);

    const offline = machine({ isRoot: true, hasApt: true, installs: { "apt-get update -qq": { code: 100 }, "npx playwright install chromium": { code: 0, adds: PLAYWRIGHT } } });
    expect((await ensureChromium(offline.deps)).ok).toBe(true);
    expect(offline.ran).toEqual(["apt-get update -qq", "npx playwright install chromium"]);
  });

  it("stops with the one line saying what to run when no browser can be had", async () => {
    const m = machine({ isRoot: true, hasApt: true, installs: { "apt-get install -y -qq chromium": { code: 100 }, "npx playwright install chromium": { code: 1 } } });
    expect(await ensureChromium(m.deps)).toEqual({ ok: false, message: NO_BROWSER_MESSAGE });
    expect(NO_BROWSER_MESSAGE).not.toContain("\n");
    expect(NO_BROWSER_MESSAGE).toContain("npx playwright install chromium");
  });
});
