import { describe, expect, it } from "vitest";
import { originalPosition } from "./sourceMap";
import { compileModule } from "./transpile";

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
