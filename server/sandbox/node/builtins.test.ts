import { describe, expect, it } from "vitest";
import { SIMULATED_NODE_MODULES } from "../../../core/sandbox/nodeBuiltins";
import { builtinWrapper, resolveBuiltin } from "./builtins";
import { NODE_MODULE_EXPORTS } from "./nodeUnits.generated";

describe("built-in module resolution", () => {
  it("core's list of simulated modules is the sandbox's", () => {
    expect([...SIMULATED_NODE_MODULES].sort()).toEqual(Object.keys(NODE_MODULE_EXPORTS).sort());
  });

  it("resolves node:x and x alike, refuses by name, and leaves packages to the module resolver", () => {
    expect(resolveBuiltin("hooks/a.ts", "node:path")).toEqual({ name: "node:path" });
    expect(resolveBuiltin("hooks/a.ts", "fs/promises")).toEqual({ name: "node:fs/promises" });
    expect(resolveBuiltin("hooks/a.ts", "child_process")).toEqual({ error: 'Cannot import "child_process" from hooks/a.ts: the sandbox cannot start processes' });
    expect(resolveBuiltin("hooks/a.ts", "lodash")).toBeNull();
    expect(resolveBuiltin("hooks/a.ts", "./util")).toBeNull();
  });

  it("wraps a module with its default and named exports", () => {
    const wrapper = builtinWrapper("node:os") ?? "";
    expect(wrapper.split("\n").slice(0, 2)).toEqual(['const m = globalThis[Symbol.for("hookwright.builtin")]("os");', "export default m;"]);
    expect(wrapper).toContain("hostname = m.hostname");
    expect(builtinWrapper("node:child_process")).toBeNull();
    expect(builtinWrapper("src/util.ts")).toBeNull();
  });
});
