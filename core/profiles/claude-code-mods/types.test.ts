import { describe, expect, it } from "vitest";
import { typeErrors } from "../testing/typeCheck";
import { claudeCodeModsProfile } from "./index";

describe("claude-code-mods editor types (the names of the published claude-code.d.ts)", () => {
  it("a hooks module typed with Register, as the mods docs write one, type-checks: filters of literals, RegExps and arrays, next and answers", () => {
    const module = [
      'import type { Register } from "claude-code";',
      "export const register: Register = (on, options) => {",
      '  on("tool.call", { tool: "Bash", command: [/rm -rf/, "rm -r"] }, async ($, e, next) => {',
      '    $.ui.log(`saw ${e.command ?? ""} with ${Object.keys(options).length} options`);',
      '    if (e.command?.includes("rm -rf")) return { deny: "no" };',
      "    const r = await next({ ...e, command: e.command });",
      "    return r;",
      "  });",
      '  on("classic.PreToolUse", async ($, e, next) => ({ ...(await next(e)), updatedInput: { command: "ls" } }));',
      "};",
      "",
    ].join("\n");
    expect(typeErrors(claudeCodeModsProfile, { "/hooks/register.ts": module })).toEqual([]);
  });

  it("an event Hookwright does not run, a filter on a key the event lacks, and writing the frozen event are type errors", () => {
    const wrap = (line: string) => ({ "/hooks/register.ts": `import type { Register } from "claude-code";\nexport const register: Register = (on) => {\n${line}\n};\n` });
    expect(typeErrors(claudeCodeModsProfile, wrap('  on("tool.calls", async ($, e, next) => next(e));'))[0]).toContain(`Argument of type '"tool.calls"' is not assignable to parameter of type 'keyof ModEventMap'.`);
    expect(typeErrors(claudeCodeModsProfile, wrap('  on("tool.call", { nope: "x" }, async ($, e, next) => next(e));'))[0]).toContain("Object literal may only specify known properties, and 'nope' does not exist in type 'Filter<ToolCallEvent>'.");
    expect(typeErrors(claudeCodeModsProfile, wrap('  on("tool.call", async ($, e, next) => { e.command = "ls"; return next(e); });'))).toEqual(["/hooks/register.ts: Cannot assign to 'command' because it is a read-only property."]);
  });

  it("classic.PostToolUse, classic.UserPromptSubmit and classic.Stop hooks are typed: their events, next(e) and answers; a decision answer is a type error", () => {
    const module = [
      'import type { Register } from "claude-code";',
      "export const register: Register = (on) => {",
      '  on("classic.PostToolUse", { tool_name: "Bash" }, async ($, e, next) => {',
      "    const r = await next(e);",
      '    return { ...r, additionalContext: [...(r.additionalContext ?? []), e.tool_response.stdout] };',
      "  });",
      '  on("classic.UserPromptSubmit", async ($, e, next) => (e.prompt.includes("x") ? { block: "no x" } : next(e)));',
      '  on("classic.Stop", async ($, e, next) => (e.stop_hook_active ? next(e) : { block: `said ${e.last_assistant_message}` }));',
      "};",
      "",
    ].join("\n");
    expect(typeErrors(claudeCodeModsProfile, { "/hooks/register.ts": module })).toEqual([]);
    const decision = 'import type { ClassicStopHook } from "claude-code";\nconst hook: ClassicStopHook = async () => ({ decision: "block", reason: "r" });\nexport default hook;\n';
    expect(typeErrors(claudeCodeModsProfile, { "/hooks/stop.ts": decision }).join("\n")).toContain("Type '{ decision: string; reason: string; }' has no properties in common with type 'ClassicStopAnswer'.");
  });

  it("a settings.json PreToolUse hook beside the mods is typed as Claude Code's", () => {
    const point = claudeCodeModsProfile.points.find((p) => p.id === "PreToolUse");
    expect(point?.template).toContain('from "claude-code"');
    expect(typeErrors(claudeCodeModsProfile, { "/hooks/settings.ts": point?.template ?? "" })).toEqual([]);
  });
});
