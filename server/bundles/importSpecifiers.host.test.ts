import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import { importSpecifiers } from "~/core/bundles/importSpecifiers";
import { ensureVellumPackage, PACKAGE_TIMEOUT_MS } from "./testing/vellumPackage";

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return entry === "node_modules" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry) && !entry.endsWith(".d.ts") ? [path] : [];
  });
}

let packageDir = "";
beforeAll(async () => {
  packageDir = await ensureVellumPackage();
}, PACKAGE_TIMEOUT_MS);

describe("importSpecifiers on the real host package", () => {
  it("finds exactly what TypeScript's own preProcessFile finds in every source file", () => {
    const files = sourceFiles(join(packageDir, "src"));
    expect(files.length).toBeGreaterThan(1000);
    const mismatches: string[] = [];
    for (const file of files) {
      const code = readFileSync(file, "utf8");
      const theirs = new Set(ts.preProcessFile(code, true, true).importedFiles.map((f) => f.fileName));
      const ours = new Set(importSpecifiers(code));
      const same = theirs.size === ours.size && [...theirs].every((s) => ours.has(s));
      if (!same) mismatches.push(`${file}: ts=${[...theirs].join(",")} ours=${[...ours].join(",")}`);
    }
    expect(mismatches).toEqual([]);
  });
});
