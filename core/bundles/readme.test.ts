import { describe, expect, it } from "vitest";
import { describeHookCode } from "./readme";

describe("describeHookCode", () => {
  it("takes the first paragraph of the doc comment before the default export", () => {
    const code = 'import x from "y";\n\n/**\n * Cuts long results.\n * Keeps the head.\n *\n * Details nobody reads.\n */\nexport default async function f() {}\n';
    expect(describeHookCode(code)).toBe("Cuts long results. Keeps the head.");
  });

  it("takes // lines right before the export", () => {
    expect(describeHookCode('import x from "y";\n// Adds guidance.\n// Only on errors.\nexport default async () => {};\n')).toBe("Adds guidance. Only on errors.");
  });

  it("falls back to the comment at the top of the file", () => {
    expect(describeHookCode("/** File header. */\nimport x from 'y';\nconst a = 1;\nexport default async () => {};\n")).toBe("File header.");
  });

  it("returns null for code without comments", () => {
    expect(describeHookCode("export default async () => {};\n")).toBeNull();
  });
});
