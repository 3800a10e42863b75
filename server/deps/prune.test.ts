import { existsSync, mkdirSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { installDependencies } from "./install";
import { pruneDepsCache, pruneLimitsFromEnv, RESULT_FILE } from "./prune";

const NOW = Date.parse("2026-11-24T12:00:00Z");
const DAY = 86_400_000;
const key = (c: string) => c.repeat(64);

/** A finished set last used `daysAgo` days before NOW, holding `bytes` bytes besides its result file. */
function set(root: string, c: string, daysAgo: number, bytes: number): string {
  const dir = join(root, key(c));
  mkdirSync(join(dir, "node_modules", "pkg"), { recursive: true });
  writeFileSync(join(dir, "node_modules", "pkg", "index.js"), "x".repeat(bytes));
  writeFileSync(join(dir, RESULT_FILE), "{}"); // 2 bytes
  const at = new Date(NOW - daysAgo * DAY);
  utimesSync(join(dir, RESULT_FILE), at, at);
  return dir;
}

describe("pruning the dependency cache", () => {
  it("removes sets unused for longer than the age limit, keeps the others", async () => {
    const root = mkdtempSync(join(tmpdir(), "hw-prune-"));
    set(root, "a", 40, 100);
    set(root, "b", 31, 100);
    set(root, "c", 29, 100);
    set(root, "d", 1, 100);
    const r = await pruneDepsCache({ root, maxAgeMs: 30 * DAY, maxBytes: 1 << 30, now: NOW });
    expect(r).toEqual({ removed: [key("a"), key("b")], kept: 2, bytes: 204 });
    expect(readdirSync(root).sort()).toEqual([key("c"), key("d")]);
  });

  it("over the size cap, removes the least recently used sets until it fits", async () => {
    const root = mkdtempSync(join(tmpdir(), "hw-prune-"));
    set(root, "a", 3, 1000);
    set(root, "b", 5, 1000);
    set(root, "c", 1, 1000);
    set(root, "d", 2, 1000);
    // 4 × 1002 bytes, cap 2100: the two used longest ago (b, then a) go.
    const r = await pruneDepsCache({ root, maxAgeMs: 30 * DAY, maxBytes: 2100, now: NOW });
    expect(r).toEqual({ removed: [key("b"), key("a")], kept: 2, bytes: 2004 });
  });

  it("never removes a set being installed (lock folder or this process's install) or used in the last 10 minutes; clears dead leftovers", async () => {
    const root = mkdtempSync(join(tmpdir(), "hw-prune-"));
    set(root, "a", 90, 10);
    mkdirSync(join(root, `${key("a")}.lock`));
    const b = set(root, "b", 90, 10);
    const c = set(root, "c", 0, 10);
    utimesSync(join(c, RESULT_FILE), new Date(NOW - 5 * 60_000), new Date(NOW - 5 * 60_000));
    set(root, "d", 90, 10);
    mkdirSync(join(root, ".tmp-dead"));
    utimesSync(join(root, ".tmp-dead"), new Date(NOW - DAY), new Date(NOW - DAY));
    mkdirSync(join(root, ".tmp-live"));
    utimesSync(join(root, ".tmp-live"), new Date(NOW - 60_000), new Date(NOW - 60_000));
    const r = await pruneDepsCache({ root, maxAgeMs: 0, maxBytes: 0, inUse: new Set([b]), now: NOW });
    expect(r.removed).toEqual([key("d")]);
    expect(readdirSync(root).sort()).toEqual([".tmp-live", key("a"), `${key("a")}.lock`, key("b"), key("c")]);
  });

  it("a use of an installed set counts as recent: installing again touches it, so it survives a prune", async () => {
    const root = mkdtempSync(join(tmpdir(), "hw-prune-"));
    const deps = [{ name: "shell-quote", range: "^1.8.1" }];
    const first = await installDependencies(deps, root);
    if (!first.ok) throw new Error(first.message);
    const old = new Date(NOW - 60 * DAY);
    utimesSync(join(first.dir, RESULT_FILE), old, old);
    expect((await pruneDepsCache({ root, maxAgeMs: 30 * DAY, maxBytes: 1 << 30, now: NOW })).removed).toEqual([first.dir.slice(root.length + 1)]);
    expect(existsSync(first.dir)).toBe(false);
    // Gone from the cache: the next use installs it again, whole.
    const again = await installDependencies(deps, root);
    expect(again).toEqual(first);
    utimesSync(join(first.dir, RESULT_FILE), old, old);
    await installDependencies(deps, root); // a use (cache hit) marks it used now
    expect((await pruneDepsCache({ root, maxAgeMs: 30 * DAY, maxBytes: 1 << 30 })).removed).toEqual([]);
    expect(existsSync(join(first.dir, "node_modules/shell-quote/package.json"))).toBe(true);
  }, 120_000);

  it("a fresh install prunes the cache it adds to (default limits: a set unused for 90 days goes)", async () => {
    const root = mkdtempSync(join(tmpdir(), "hw-prune-"));
    set(root, "e", 90, 10);
    const installed = await installDependencies([{ name: "shell-quote", range: "^1.8.1" }], root);
    if (!installed.ok) throw new Error(installed.message);
    expect(readdirSync(root)).toEqual([installed.dir.slice(root.length + 1)]);
  }, 120_000);

  it("reads its limits from the environment, naming a bad value", () => {
    expect(pruneLimitsFromEnv({})).toEqual({ ok: true, limits: { maxAgeMs: 30 * DAY, maxBytes: 2048 * 1024 * 1024 } });
    expect(pruneLimitsFromEnv({ HOOKWRIGHT_DEPS_MAX_AGE_DAYS: "7", HOOKWRIGHT_DEPS_MAX_MB: "500" })).toEqual({ ok: true, limits: { maxAgeMs: 7 * DAY, maxBytes: 500 * 1024 * 1024 } });
    expect(pruneLimitsFromEnv({ HOOKWRIGHT_DEPS_MAX_MB: "lots" })).toEqual({ ok: false, message: 'HOOKWRIGHT_DEPS_MAX_MB must be a number of megabytes (0 or more), not "lots"' });
    expect(pruneLimitsFromEnv({ HOOKWRIGHT_DEPS_MAX_AGE_DAYS: "-1" })).toEqual({ ok: false, message: 'HOOKWRIGHT_DEPS_MAX_AGE_DAYS must be a number of days (0 or more), not "-1"' });
  });
});
