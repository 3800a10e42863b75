import { describe, expect, it } from "vitest";
import { freeModulePath } from "./freeModulePath";
import { modulePathProblem } from "./modulePaths";

const doc = { modules: [{ path: "src/util.ts", code: "" }] };

describe("modulePathProblem", () => {
  it("accepts a new relative .ts path and the module's own path", () => {
    expect(modulePathProblem(doc, "lib/text.ts")).toBeNull();
    expect(modulePathProblem(doc, "src/util.ts", "src/util.ts")).toBeNull();
  });

  it("explains bad and taken paths", () => {
    expect(modulePathProblem(doc, "src/util.ts")).toBe("A module src/util.ts already exists.");
    expect(modulePathProblem(doc, "/etc/x.ts")).toBe("a module path is relative, like src/util.ts");
    expect(modulePathProblem(doc, "src/../x.ts")).toBe("a module path may not contain ..");
    expect(modulePathProblem(doc, "hooks/x.ts")).toBe("hooks/ is reserved for hook files");
  });
});

describe("freeModulePath", () => {
  it("numbers the default path when taken", () => {
    expect(freeModulePath({ modules: [] })).toBe("src/util.ts");
    expect(freeModulePath(doc)).toBe("src/util2.ts");
  });
});
