import { describe, expect, it } from "vitest";
import { fimConnectorHooks } from "../examples/fimConnectorHooks";
import { parsePipeline } from "../pipeline/parsePipeline";
import { fimOneProfile } from "../profiles";
import { exportFimOnePipeline, FIM_ONE_NO_FAITHFUL_EXPORT, triggerOf } from "./exportFimOne";
import { exportersFor } from "./registry";

describe("FIM One export (no faithful export: pipeline file + README)", () => {
  it("is the fim-one profile's only exporter: Python hooks as a package, no faithful export for TypeScript ones", () => {
    expect(exportersFor("fim-one").map((e) => [e.target, e.title])).toEqual([["fim-one", "Export for FIM One"]]);
    expect(exportersFor("fim-one")[0]?.installHint).toContain("call register(registry) in build_hook_registry_for_agent");
    expect(exportersFor("fim-one")[0]?.installHint).toContain("TypeScript hooks have no faithful export for FIM One (a Python host)");
  });

  it("writes the pipeline file and a README listing each hook with point, priority and trigger, in run order", () => {
    const parsed = parsePipeline(fimConnectorHooks);
    if (!parsed.ok) throw new Error("example does not parse");
    const out = exportFimOnePipeline(parsed.value, fimOneProfile);
    expect(out.files.map((f) => f.path)).toEqual(["fim-one-connector-hooks.pipeline.json", "README.md"]);
    expect(JSON.parse(out.files[0]?.content ?? "")).toEqual(parsed.value);
    const readme = out.files[1]?.content ?? "";
    expect(readme.split("\n").filter((l) => l.startsWith("| Pre") || l.startsWith("| Post"))).toEqual([
      '| PreToolUse | 0 | connector_rate_limit (`rate-limit`) | `return ctx.tool_name.includes("__");` | yes |',
      '| PostToolUse | 0 | audit_log (`audit-log`) | `return ctx.tool_name.includes("__");` | yes |',
      "| PostToolUse | 100 | result_truncate (`truncate`) | always | yes |",
    ]);
    expect(out.warnings).toEqual([FIM_ONE_NO_FAITHFUL_EXPORT]);
  });

  it("reads a shouldTrigger body with nested braces, and none as always", () => {
    expect(triggerOf("class A { shouldTrigger(ctx) { if (x) { return 1; } return 2; } execute() {} }")).toBe("if (x) { return 1; } return 2;");
    expect(triggerOf("class A { execute() {} }")).toBeNull();
  });
});
