import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { dependencySetKey, installDependencies, npmFailureMessage } from "./install";

/** A package folder packed with `npm pack`, declared by its tarball path (the installer's own tests only: pipelines accept registry ranges). */
function tarball(name: string, manifest: Record<string, unknown>, files: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), "hw-deps-pkg-"));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name, version: "1.0.0", main: "index.js", ...manifest }));
  writeFileSync(join(dir, "index.js"), "module.exports = 1;\n");
  for (const [path, text] of Object.entries(files)) writeFileSync(join(dir, path), text);
  const file = execFileSync("npm", ["pack", "--silent", "--pack-destination", dir], { cwd: dir, encoding: "utf8" }).trim().split("\n").pop() as string;
  return `file:${join(dir, file)}`;
}

describe("installing a pipeline's dependencies", () => {
  it("keys a set by its sorted names and ranges", () => {
    expect(dependencySetKey([{ name: "b", range: "1" }, { name: "a", range: "^2" }])).toBe(dependencySetKey([{ name: "a", range: "^2" }, { name: "b", range: "1" }]));
    expect(dependencySetKey([{ name: "a", range: "^2" }])).not.toBe(dependencySetKey([{ name: "a", range: "^3" }]));
  });

  it("installs shell-quote from the registry once into the cache", async () => {
    const deps = [{ name: "shell-quote", range: "^1.8.1" }];
    const first = await installDependencies(deps);
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    expect(existsSync(join(first.dir, "node_modules/shell-quote/package.json"))).toBe(true);
    const started = performance.now();
    expect(await installDependencies(deps)).toEqual(first);
    expect(performance.now() - started).toBeLessThan(200);
  }, 120_000);

  it("refuses a package with a postinstall script, naming it", async () => {
    const root = mkdtempSync(join(tmpdir(), "hw-deps-cache-"));
    const spec = tarball("sneaky-postinstall", { scripts: { postinstall: "node -e \"require('fs').writeFileSync('/tmp/pwned','x')\"" } });
    const r = await installDependencies([{ name: "sneaky-postinstall", range: spec }], root);
    expect(r).toEqual({ ok: false, message: "dependency sneaky-postinstall@1.0.0 is refused: it has install scripts (postinstall), which Hookwright does not run" });
    // Cached: asking again gives the same refusal without npm.
    expect(await installDependencies([{ name: "sneaky-postinstall", range: spec }], root)).toEqual(r);
  }, 60_000);

  it("refuses a package with native code, naming it", async () => {
    const root = mkdtempSync(join(tmpdir(), "hw-deps-cache-"));
    const gyp = tarball("native-gyp", {}, { "binding.gyp": "{ 'targets': [] }\n" });
    expect(await installDependencies([{ name: "native-gyp", range: gyp }], root)).toEqual({
      ok: false,
      message: "dependency native-gyp@1.0.0 is refused: it has native code (binding.gyp), which the sandbox cannot load",
    });
    const repacked = tarball("native-addon2", { files: ["index.js", "addon.node"] }, { "addon.node": "\x7fELF" });
    expect(await installDependencies([{ name: "native-addon2", range: repacked }], root)).toEqual({
      ok: false,
      message: "dependency native-addon2@1.0.0 is refused: it has native code (addon.node), which the sandbox cannot load",
    });
  }, 60_000);

  it("says which dependency npm could not find", () => {
    const deps = [{ name: "no-such-pkg-hw", range: "^1" }, { name: "shell-quote", range: "^99" }];
    expect(npmFailureMessage("npm error code E404\nnpm error 404 Not Found - GET https://registry.npmjs.org/no-such-pkg-hw - Not found\n", deps)).toBe(
      "dependency no-such-pkg-hw: the npm registry has no package of that name",
    );
    expect(npmFailureMessage("npm error code ETARGET\nnpm error notarget No matching version found for shell-quote@^99.\n", deps)).toBe(
      "dependency shell-quote: no published version matches ^99",
    );
  });

  it("reports a version the registry does not have", async () => {
    const root = mkdtempSync(join(tmpdir(), "hw-deps-cache-"));
    expect(await installDependencies([{ name: "shell-quote", range: "^99.0.0" }], root)).toEqual({ ok: false, message: "dependency shell-quote: no published version matches ^99.0.0" });
  }, 60_000);
});
