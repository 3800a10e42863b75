import { describe, expect, it } from "vitest";
import { typeErrors } from "../testing/typeCheck";
import { openclawProfile } from "./index";

/** The editor's view of `openclaw/plugin-sdk/plugin-entry`: hooks and a plugin entry type-check as in a real plugin. */
describe("openclaw/plugin-sdk/plugin-entry typings", () => {
  const hook = (returns: string) =>
    [
      'import type { PluginHookBeforeToolCallEvent, PluginHookToolContext, PluginHookBeforeToolCallResult } from "openclaw/plugin-sdk/plugin-entry";',
      "export default async (event: PluginHookBeforeToolCallEvent, ctx: PluginHookToolContext): Promise<PluginHookBeforeToolCallResult | void> => {",
      `  return ${returns};`,
      "};",
    ].join("\n");

  it("accepts a real before_tool_call result and refuses a wrong shape", () => {
    expect(typeErrors(openclawProfile, { "/hooks/ok.ts": hook('{ block: true, blockReason: "no", params: { q: 1 } }') })).toEqual([]);
    expect(typeErrors(openclawProfile, { "/hooks/bad.ts": hook('{ block: "yes" }') }).join("\n")).toContain("Type 'string' is not assignable to type 'boolean | undefined'");
    expect(typeErrors(openclawProfile, { "/hooks/sev.ts": hook('{ requireApproval: { title: "t", description: "d", severity: "high" } }') }).join("\n")).toContain('"high"');
  });

  it("types a plugin entry the way the exporter writes it (definePluginEntry, api.on with options)", () => {
    const entry = [
      'import { definePluginEntry } from "openclaw/plugin-sdk/plugin-entry";',
      "export default definePluginEntry({",
      '  id: "p", name: "P",',
      "  register(api) {",
      '    api.on("before_tool_call", async (event) => (event.toolName === "exec" ? { block: true } : undefined), { priority: 50, timeoutMs: 2000, matcher: ["exec"] });',
      '    api.on("message_sending", async () => ({ cancel: true }));',
      "  },",
      "});",
    ].join("\n");
    expect(typeErrors(openclawProfile, { "/index.ts": entry })).toEqual([]);
    expect(typeErrors(openclawProfile, { "/index.ts": entry.replace("{ cancel: true }", "{ cancel: 1 }") }).join("\n")).toContain("not assignable");
  });
});
