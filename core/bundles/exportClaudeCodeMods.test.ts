import { describe, expect, it } from "vitest";
import { ModExportError, modPluginFiles, type ModHookSpec } from "./exportClaudeCodeMods";
import { importClaudeCodeModsPlugin, importHooksModule, ModImportError } from "./importClaudeCodeMods";

const SAFERM = 'export default async function saferm($, e, next) {\n  return next({ ...e, command: e.command.replace("rm -rf", "rm -ri") });\n}\n';
const GATE = 'const gate = async ($, e, next) => {\n  if (/curl/.test(e.command)) return { deny: "no network" };\n  return next(e);\n};\nexport default gate;\n';
const HOOKS: ModHookSpec[] = [
  { name: "Safe rm", event: "tool.call", filter: `{ tool: "Bash", command: /rm -rf/ }`, code: SAFERM },
  { name: "Network gate", event: "classic.PreToolUse", filter: `{tool:['Bash', /^Web/i]}`, code: GATE },
  { name: "Audit", event: "tool.call", filter: null, code: "export default async ($, e, next) => next(e);\n" },
];

describe("a mod's plugin folder: written, and read back", () => {
  it("writes plugin.json, hooks.json naming register.ts, and register.ts calling on() in order with each hook imported", () => {
    const files = new Map(modPluginFiles("safe-shell", "Safe shell", HOOKS).map((f) => [f.path, f.content]));
    expect([...files.keys()]).toEqual([".claude-plugin/plugin.json", "hooks/audit.ts", "hooks/hooks.json", "hooks/network-gate.ts", "hooks/register.ts", "hooks/safe-rm.ts"]);
    expect(JSON.parse(files.get("hooks/hooks.json") ?? "")).toEqual({ modules: ["./register.ts"] });
    expect(JSON.parse(files.get(".claude-plugin/plugin.json") ?? "")).toEqual({ name: "safe-shell", version: "0.1.0", description: "Safe shell" });
    expect(files.get("hooks/register.ts")).toBe(
      [
        "// Written by Hookwright: the chain order is the order of these on() calls, first outermost.",
        'import hook1_safe_rm from "./safe-rm.ts";',
        'import hook2_network_gate from "./network-gate.ts";',
        'import hook3_audit from "./audit.ts";',
        "",
        "export const register = (on) => {",
        '  on("tool.call", { tool: "Bash", command: /rm -rf/ }, hook1_safe_rm);',
        '  on("classic.PreToolUse", { tool: ["Bash", /^Web/i] }, hook2_network_gate);',
        '  on("tool.call", hook3_audit);',
        "};",
        "",
      ].join("\n"),
    );
    expect(files.get("hooks/safe-rm.ts")).toBe(SAFERM);
  });

  it("reads the folder back: the same events, filters, order and hook modules", () => {
    const files = new Map(modPluginFiles("safe-shell", "Safe shell", HOOKS).map((f) => [f.path, f.content] as const));
    const mod = importClaudeCodeModsPlugin(files);
    expect(mod.name).toBe("safe-shell");
    expect(mod.hooks.map((h) => [h.event, h.filter, h.code])).toEqual([
      ["tool.call", `{ tool: "Bash", command: /rm -rf/ }`, SAFERM],
      ["classic.PreToolUse", `{ tool: ["Bash", /^Web/i] }`, GATE],
      ["tool.call", null, "export default async ($, e, next) => next(e);\n"],
    ]);
    expect(mod.warnings).toEqual([]);
  });

  it("reads a lone register.js with hooks declared in it, in on() order, strings and regexes with brackets included", () => {
    const source = [
      "// on('not.this', x) in a comment",
      "async function deny($, e, next) {",
      '  const s = "} on(\\"fake\\", y)";',
      "  if (/[}{]/.test(e.command)) return { deny: `braces ${s}` };",
      "  return next(e);",
      "}",
      "const log = async ($, e, next) => {",
      "  $.ui.log(e.tool);",
      "  return next(e);",
      "};",
      "export const register = (on, options) => {",
      "  on('tool.call', log);",
      '  on("tool.call", { command: [/\\{/, "x"] }, deny);',
      "};",
    ].join("\n");
    const mod = importHooksModule("m", "register.js", new Map([["register.js", source]]));
    expect(mod.hooks.map((h) => [h.name, h.event, h.filter])).toEqual([
      ["log", "tool.call", null],
      ["deny", "tool.call", `{ command: [/\\{/, "x"] }`],
    ]);
    expect(mod.hooks[1]?.code).toBe(`export default ${source.slice(source.indexOf("async function deny"), source.indexOf("const log") - 1)}\n`);
    expect(mod.hooks[0]?.code).toBe("export default async ($, e, next) => {\n  $.ui.log(e.tool);\n  return next(e);\n};\n");
  });

  it("refuses what the engine refuses, by name", () => {
    expect(() => importClaudeCodeModsPlugin(new Map([[".claude-plugin/plugin.json", "{}"]]))).toThrow(new ModImportError("hooks/hooks.json is missing: without it the engine loads no hooks module (fact 33)"));
    const inner = "export const register = (on) => {\n  async function g($, e, next) { return next(e); }\n  on('tool.call', h);\n};\n";
    expect(() => importHooksModule("m", "register.js", new Map([["register.js", inner]]))).toThrow(/the hook h is not a function declared at the top of this file nor imported/);
    expect(() => modPluginFiles("x", "x", [{ name: "bad", event: "tool.call", filter: "{ tool: Bash }", code: "" }])).toThrow(ModExportError);
  });
});
