import { describe, expect, it } from "vitest";
import { contractMessage, contractRange, contractSource, contractUri, flattenMessage } from "./hookContract";

describe("contractSource", () => {
  it("assigns the hook's default export to the point's function type", () => {
    expect(
      contractSource({
        hookId: "be concise",
        point: { contextType: "PreModelCallContext", returnType: "Promise<Partial<PreModelCallContext> | void>" },
        typesModule: "@vellumai/plugin-api",
      }),
    ).toBe(
      [
        'import type { PreModelCallContext } from "@vellumai/plugin-api";',
        'import hook from "../hooks/be%20concise";',
        "export const contract: (ctx: PreModelCallContext) => Promise<Partial<PreModelCallContext> | void> = hook;",
        "",
      ].join("\n"),
    );
    expect(contractUri("be concise")).toBe("file:///__checks/be%20concise.ts");
  });
});

describe("flattenMessage", () => {
  it("indents nested explanations", () => {
    expect(flattenMessage({ messageText: "A", next: [{ messageText: "B", next: [{ messageText: "C" }] }] })).toBe("A\n  B\n    C");
  });
});

describe("contractMessage", () => {
  it("explains a missing default export in the hook's terms", () => {
    expect(contractMessage({ code: 1192, message: "", pointId: "stop", signature: "" })).toMatch(/no default export/);
  });

  it("names the expected signature on a type mismatch", () => {
    expect(contractMessage({ code: 2322, message: "Type 'number' is not assignable", pointId: "stop", signature: "(ctx: StopContext) => Promise<void>" })).toBe(
      "The default export does not fit a stop hook, whose type is (ctx: StopContext) => Promise<void>.\nType 'number' is not assignable",
    );
  });
});

describe("contractRange", () => {
  it("points at the export default line", () => {
    expect(contractRange('import x from "y";\n\n  export default async function (ctx) {}')).toEqual({ line: 3, startColumn: 3, endColumn: 41 });
  });

  it("falls back to the first line", () => {
    expect(contractRange("const a = 1;")).toEqual({ line: 1, startColumn: 1, endColumn: 13 });
  });
});
