import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { originalPosition } from "./sourceMap";
import { compileModule, transpile } from "./transpile";

describe("compileModule", () => {
  it("erases type-only imports and imports used only as types", async () => {
    const r = await compileModule(
      "hooks/h.ts",
      [
        'import type { PreModelCallContext } from "@vellumai/plugin-api";',
        'import { HookFunction } from "@vellumai/plugin-api";',
        'import { tag } from "../src/util";',
        "const hook: HookFunction<PreModelCallContext> = async (ctx) => { ctx.systemPrompt = tag(ctx.systemPrompt); };",
        "export default hook;",
      ].join("\n"),
    );
    if (!r.ok) throw new Error(r.error.message);
    expect(r.module.code).not.toContain("@vellumai/plugin-api");
    expect(r.module.code).toContain('import { tag } from "../src/util";');
  });

  it("reports a syntax error with the user's line and 1-based column", async () => {
    const r = await compileModule("hooks/bad.ts", "const a = 1;\nexport default function (x: number {\n}\n");
    expect(r).toEqual({
      ok: false,
      error: {
        message: 'SyntaxError: Expected ")" but found "{" (hooks/bad.ts:2:36)',
        location: { file: "hooks/bad.ts", line: 2, column: 36 },
      },
    });
  });

  it("returns the cached result for the same file and content", async () => {
    const a = compileModule("src/x.ts", "export const x: number = 1;");
    const b = compileModule("src/x.ts", "export const x: number = 1;");
    expect(b).toBe(a);
    expect(compileModule("src/y.ts", "export const x: number = 1;")).not.toBe(a);
  });

  it("maps generated positions back through interfaces and types above the code", async () => {
    const source = [
      "interface Options {", //  1
      "  depth: number;", //      2
      "}", //                     3
      "type Ctx = { messages: { text?: string }[] };", // 4
      "", //                      5
      "export default function (ctx: Ctx): string {", // 6
      "  const opts: Options = { depth: 1 };", //       7
      "  return ctx.messages[opts.depth]!.text!.trim();", // 8
      "}", //                     9
    ].join("\n");
    const r = await compileModule("hooks/map.ts", source);
    if (!r.ok) throw new Error(r.error.message);
    const genLines = r.module.code.split("\n");
    const line = genLines.findIndex((l) => l.includes("trim")) + 1;
    const column = (genLines[line - 1] ?? "").indexOf("ctx.messages") + 1;
    expect(originalPosition(r.module.map, line, column)).toEqual({ line: 8, column: 10 });
  });
});

describe("transpile with HOOKWRIGHT_SANDBOX_CACHE (one-shot processes)", () => {
  const saved = process.env.HOOKWRIGHT_SANDBOX_CACHE;
  afterEach(() => {
    if (saved === undefined) delete process.env.HOOKWRIGHT_SANDBOX_CACHE;
    else process.env.HOOKWRIGHT_SANDBOX_CACHE = saved;
  });

  it("keeps each module's output in the cache folder and reads it back instead of transpiling again; a bad file is rewritten", async () => {
    const dir = mkdtempSync(join(tmpdir(), "hw-transpiled-"));
    try {
      process.env.HOOKWRIGHT_SANDBOX_CACHE = dir;
      const source = "export default (n: number): number => n + 1;\n";
      const first = await transpile("hooks/inc.ts", source);
      if (!first.ok) throw new Error(first.error.message);
      const [name] = readdirSync(join(dir, "transpiled"));
      const file = join(dir, "transpiled", name ?? "");
      const stored = JSON.parse(readFileSync(file, "utf8")) as { code: string; map: string };
      expect(stored.code).toBe(first.module.code);
      // What the next process gets is what the file says (here marked), with its source map.
      writeFileSync(file, JSON.stringify({ ...stored, code: stored.code.replace("n + 1", "n + 1 /* from disk */") }));
      const second = await transpile("hooks/inc.ts", source);
      expect(second.ok && second.module.code).toContain("/* from disk */");
      expect(second.ok && second.module.map.lines).toEqual(first.module.map.lines);
      writeFileSync(file, "not json");
      const third = await transpile("hooks/inc.ts", source);
      expect(third).toEqual(first);
      expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject({ format: "hookwright.transpiled/1", code: first.module.code });
      // Another source is another file; a syntax error is reported as before and not kept.
      expect(await transpile("hooks/bad.ts", "export default (x: number {}")).toMatchObject({ ok: false });
      expect(readdirSync(join(dir, "transpiled"))).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

