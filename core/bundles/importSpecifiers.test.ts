import { describe, expect, it } from "vitest";
import { hasDefaultExport, importSpecifiers } from "./importSpecifiers";

describe("importSpecifiers", () => {
  it("finds static, re-export, side-effect, dynamic and require specifiers", () => {
    const code = [
      'import type { PostToolUseContext } from "@vellumai/plugin-api";',
      "import { emit } from '../src/emit.js';",
      'import "./side-effect";',
      'export * from "../src/all.js";',
      'export { a as b } from "../src/re.js";',
      'const lazy = await import("../src/lazy.js");',
      'const old = require("../src/old");',
    ].join("\n");
    expect(importSpecifiers(code)).toEqual([
      "@vellumai/plugin-api",
      "../src/emit.js",
      "./side-effect",
      "../src/all.js",
      "../src/re.js",
      "../src/lazy.js",
      "../src/old",
    ]);
  });

  it("ignores text in comments, strings, templates and regular expressions", () => {
    const code = [
      '// import x from "../commented.js";',
      '/* export * from "../block.js"; */',
      'const s = "import y from \'../in-string.js\'";',
      "const t = `import z from \"../in-template.js\" ${'import(\"../in-expr.js\")'} done`;",
      'const r = /from "..\\/in-regex.js"/;',
      "const ratio = a / b; // from here",
      'import real from "../real.js";',
      "obj.import('../method-call.js');",
    ].join("\n");
    expect(importSpecifiers(code)).toEqual(["../real.js"]);
  });

  it("keeps template literals with nested braces from swallowing the rest", () => {
    const code = "const t = `${ { a: 1 }.a } and ${`inner ${x}`}`;\nimport a from './after.js';";
    expect(importSpecifiers(code)).toEqual(["./after.js"]);
  });
});

describe("hasDefaultExport", () => {
  it("finds export default and export { x as default }, not text in comments or strings", () => {
    expect(hasDefaultExport("export default async function f() {}")).toBe(true);
    expect(hasDefaultExport("const f = async () => {};\nexport { f as default };")).toBe(true);
    expect(hasDefaultExport('// export default nothing\nconst s = "export default";\nexport const f = 1;')).toBe(false);
  });
});
