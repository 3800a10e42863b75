import { describe, expect, it } from "vitest";
import { pipelineFiles, resolveImport } from "./modules";
import { pipelineOf } from "./testHarness";

const modules = new Set(["src/util.ts", "src/lib/index.ts", "shared.ts"]);

describe("resolveImport", () => {
  it("resolves relative imports of shared modules with or without an extension", () => {
    expect(resolveImport("hooks/a.ts", "../src/util", modules)).toEqual({ path: "src/util.ts" });
    expect(resolveImport("hooks/a.ts", "../src/util.ts", modules)).toEqual({ path: "src/util.ts" });
    expect(resolveImport("hooks/a.ts", "../src/util.js", modules)).toEqual({ path: "src/util.ts" });
    expect(resolveImport("hooks/a.ts", "../src/lib", modules)).toEqual({ path: "src/lib/index.ts" });
    expect(resolveImport("src/lib/index.ts", "../util", modules)).toEqual({ path: "src/util.ts" });
    expect(resolveImport("hooks/a.ts", "./../shared", modules)).toEqual({ path: "shared.ts" });
  });

  it("refuses packages by name", () => {
    expect(resolveImport("hooks/a.ts", "lodash", modules)).toEqual({
      error:
        'Cannot import "lodash" from hooks/a.ts: it is not a dependency of the pipeline; declare the npm package in the pipeline\'s Settings (Dependencies). ' +
        'Without that the sandbox has only the Node built-in modules it simulates (e.g. "node:path") ' +
        'and the pipeline\'s own modules by relative path (e.g. "../src/util"); type-only imports are removed before the code runs',
    });
  });

  it("names the missing module, paths outside the pipeline and hook files", () => {
    expect(resolveImport("hooks/a.ts", "../src/nope", modules)).toEqual({ error: 'Cannot import "../src/nope" from hooks/a.ts: the pipeline has no module src/nope.ts' });
    expect(resolveImport("hooks/a.ts", "../../etc/passwd", modules)).toEqual({ error: 'Cannot import "../../etc/passwd" from hooks/a.ts: the path leaves the pipeline\'s folder' });
    expect(resolveImport("hooks/a.ts", "./b", modules)).toEqual({
      error: 'Cannot import "./b" from hooks/a.ts: hook and tool files cannot be imported; move shared code to a module such as src/util.ts',
    });
  });
});

describe("pipelineFiles", () => {
  it("names hooks by id and tools by name, keeping odd characters out of paths", () => {
    const files = pipelineFiles(pipelineOf({ "be-concise": "x", "a/b c": "y" }, { "src/util.ts": "u" }, { search: "t" }));
    expect([...files.hookPaths]).toEqual([
      ["be-concise", "hooks/be-concise.ts"],
      ["a/b c", "hooks/a_b_c.ts"],
    ]);
    expect([...files.toolPaths]).toEqual([["search", "tools/search.ts"]]);
    expect([...files.sources.keys()]).toEqual(["src/util.ts", "hooks/be-concise.ts", "hooks/a_b_c.ts", "tools/search.ts"]);
  });
});
