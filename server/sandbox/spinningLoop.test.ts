import { describe, expect, it } from "vitest";
import { loopAfter } from "./spinningLoop";

const lines = (code: string) => code.split("\n");

describe("the loop a timed-out hook spins in, when QuickJS names the position before it", () => {
  it("finds the loop of a function whose header is all the stack names", () => {
    expect(loopAfter(lines(`var bomb_default = (ctx) => {\n  let n = 0;\n  for (; ; ) n++;\n};`), 1, 20)).toEqual({ line: 3, column: 3 });
  });

  it("finds the loop after the last statement that recorded a position", () => {
    const code = `var bomb_default = (ctx) => {\n  let n = 0;\n  ctx.x = 1;\n  while (true) {\n    n += 2;\n  }\n};`;
    expect(loopAfter(lines(code), 3, 3)).toEqual({ line: 4, column: 3 });
  });

  it("keeps a position inside a loop: its block ends before another loop starts", () => {
    const code = `var f = (ctx) => {\n  for (let i = 0; ; i++) {\n    Math.sqrt(i);\n  }\n  for (; ; ) ;\n};`;
    expect(loopAfter(lines(code), 3, 5)).toBeNull();
  });

  it("skips loops in nested functions, in strings and in property names", () => {
    const code = [
      "var f = (ctx) => {",
      '  ctx.note = "for (;;) { while (1) }";',
      "  const helper = () => {",
      "    for (const x of ctx.list) ;",
      "  };",
      "  ctx.for = ctx.while;",
      "  do {",
      "    ctx.n;",
      "  } while (true);",
      "};",
    ];
    expect(loopAfter(code, 2, 3)).toEqual({ line: 7, column: 3 });
  });

  it("finds nothing when no loop follows in the block", () => {
    expect(loopAfter(lines(`var f = async (ctx) => {\n  await new Promise(() => {\n  });\n};`), 1, 9)).toBeNull();
  });
});
