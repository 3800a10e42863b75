import { describe, expect, it } from "vitest";
import { registryProfile, vellumProfile } from "~/core/profiles";
import { contractMessage, contractRange, contractSource, contractUri, exportedTypeNames, flattenMessage } from "./hookContract";

describe("contractSource", () => {
  it("assigns the hook's default export to the point's function type", () => {
    expect(
      contractSource({
        hookId: "be concise",
        point: { contextType: "PreModelCallContext", returnType: "Promise<Partial<PreModelCallContext> | void>", fields: [] },
        typesModule: "@vellumai/plugin-api",
        typeNames: ["Message"],
      }),
    ).toBe(
      [
        'import type { Message, PreModelCallContext } from "@vellumai/plugin-api";',
        'import hook from "../hooks/be%20concise";',
        "export const contract: (ctx: PreModelCallContext) => Promise<Partial<PreModelCallContext> | void> = hook;",
        "",
      ].join("\n"),
    );
    expect(contractUri("be concise")).toBe("file:///__checks/be%20concise.ts");
  });
});

describe("exportedTypeNames", () => {
  it("lists every context and shared type a return type may name", () => {
    const names = exportedTypeNames(registryProfile);
    for (const p of registryProfile.points) expect(names).toContain(p.contextType);
    expect(names).toContain("ClaimResult");
    expect(exportedTypeNames(vellumProfile)).toContain("PreModelCallContext");
  });

  it("names every type the points' return types use", () => {
    for (const profile of [vellumProfile, registryProfile]) {
      const names = new Set(exportedTypeNames(profile));
      for (const p of profile.points) {
        const used = p.returnType.match(/\b[A-Z][A-Za-z0-9_]*\b/g) ?? [];
        for (const name of used.filter((n) => !["Promise", "Partial", "Record", "Array", "ReadonlyArray"].includes(n))) {
          expect(names.has(name), `${profile.id}/${p.id} returns ${name}`).toBe(true);
        }
      }
    }
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
