import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { getProfile, listProfiles } from "~/core/profiles";
import { generateHostModulesModule, HOST_MODULES_PATH } from "./buildHostModules";
import { hostModuleScript, hostModuleWrapper, resolveHostModule } from "./hostModules";

const VELLUM = { "@vellumai/plugin-api": "vellum/plugin-api" };

describe("host modules", () => {
  it("the generated scripts are current (npx tsx server/sandbox/hostModules/buildHostModules.ts)", async () => {
    expect(readFileSync(HOST_MODULES_PATH, "utf8")).toBe(await generateHostModulesModule());
  }, 60_000);

  it("resolve only the specifiers the run's profile declares", () => {
    expect(resolveHostModule("@vellumai/plugin-api", VELLUM)).toBe("host:vellum/plugin-api");
    expect(resolveHostModule("@vellumai/plugin-api", {})).toBeNull();
    expect(resolveHostModule("constructor", VELLUM)).toBeNull();
    expect(resolveHostModule("x", { x: "no/such-module" })).toBeNull();
  });

  it("are served to a realm only when declared for the run", () => {
    expect(hostModuleScript("host:vellum/plugin-api", VELLUM)).toMatch(/^\(function \(\) \{/);
    expect(hostModuleScript("host:vellum/plugin-api", {})).toBeNull();
    expect(hostModuleScript("vellum/plugin-api", VELLUM)).toBeNull();
  });

  it("load as an ESM wrapper with the module's named exports", () => {
    expect(hostModuleWrapper("host:vellum/plugin-api")).toBe(
      [
        'const m = globalThis[Symbol.for("hookwright.builtin")]("host:vellum/plugin-api");',
        "export default m;",
        "export const HOOKS = m.HOOKS, RiskLevel = m.RiskLevel, isMaxTokensStopReason = m.isMaxTokensStopReason, getModelProfiles = m.getModelProfiles, doesSupportVision = m.doesSupportVision, getConfiguredProvider = m.getConfiguredProvider, assistantEventHub = m.assistantEventHub;",
      ].join("\n"),
    );
    expect(hostModuleWrapper("node:path")).toBeNull();
  });

  it("only the Vellum profile declares one, and only modules the sandbox has", () => {
    expect(listProfiles().flatMap((p) => Object.entries(getProfile(p.id)?.hostModules ?? {}).map(([s, id]) => [p.id, s, id]))).toEqual([["vellum", "@vellumai/plugin-api", "vellum/plugin-api"]]);
  });
});
