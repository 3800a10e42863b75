import { afterEach, describe, expect, it } from "vitest";
import { dispatchToolCall } from "../../../core/profiles/claude-code-mods/dispatchToolCall";
import { openModsRealm, type ModFiles, type ModsRealm } from "./modsRealm";

/*
 * Mods run as they are in QuickJS (modsRealm.ts): a register module per mod, its own files
 * importable, TypeScript accepted; the hooks nested by core's onion. What the real engine does
 * with the same mods is pinned in server/bundles/claudeCodeMods.*.test.ts.
 */

const open: ModsRealm[] = [];
afterEach(() => {
  for (const realm of open.splice(0)) realm.dispose();
});

async function realmOf(mods: ModFiles[]): Promise<ModsRealm> {
  const realm = await openModsRealm(mods, { budgetMs: 2000 });
  open.push(realm);
  return realm;
}

const one = (plugin: string, source: string, extra: Record<string, string> = {}): ModFiles => ({ plugin, entry: "hooks/register.js", files: new Map(Object.entries({ "hooks/register.js": source, ...extra })) });

async function bash(realm: ModsRealm, command = "ls") {
  const ran: string[] = [];
  const ids = (event: string) => realm.registrations.filter((r) => r.event === event).map((r) => r.id);
  const outcome = await dispatchToolCall({
    tool: "Bash",
    toolUseId: "toolu_1",
    input: { command, description: "d" },
    toolCallHooks: ids("tool.call"),
    preToolUseHooks: ids("classic.PreToolUse"),
    invoke: realm.invoke,
    runTool: async (input) => {
      ran.push(String(input.command));
      return { text: `ran ${String(input.command)}`, isError: false };
    },
  });
  return { ran, model: outcome.model, records: outcome.toolCallRecords.map((r) => [r.hookId, r.outcome, r.failure]) };
}

describe("mods in QuickJS", () => {
  it("loads each mod's register (TypeScript and its own imports included) and nests the hooks across mods", async () => {
    const realm = await realmOf([
      {
        plugin: "safe",
        entry: "hooks/register.ts",
        files: new Map([
          ["hooks/register.ts", 'import saferm from "./saferm.ts";\nexport const register = (on: (...a: unknown[]) => void) => {\n  on("tool.call", { tool: "Bash", command: /rm -rf/ }, saferm);\n};\n'],
          ["hooks/saferm.ts", 'export default async function saferm($: { ui: { log(t: string): void } }, e: { command: string }, next: (e: unknown) => Promise<unknown>) {\n  $.ui.log("saw " + e.command);\n  return next({ ...e, command: e.command.replace("rm -rf", "rm -ri") });\n}\n'],
        ]),
      },
      one("audit", 'async function audit($, e, next) {\n  const r = await next(e);\n  $.ui.log("audit " + e.command + " -> " + r.text);\n  return r;\n}\nexport const register = (on) => { on("tool.call", audit); };\n'),
    ]);
    expect(realm.refused).toEqual([]);
    expect(realm.registrations.map((r) => [r.id, r.event, r.filter])).toEqual([
      ["safe#0", "tool.call", { has: { tool: { is: "Bash" }, command: { regex: "rm -rf", flags: "" } } }],
      ["audit#0", "tool.call", null],
    ]);
    const r = await bash(realm, "rm -rf build");
    expect(r.ran).toEqual(["rm -ri build"]);
    expect(realm.uiLogs).toEqual(["safe: saw rm -rf build", "audit: audit rm -ri build -> ran rm -ri build"]);
    expect(r.records).toEqual([["safe#0", "rewrote", null], ["audit#0", "passed", null]]);
  });

  it("events are frozen at every depth; there is no process, require, fetch or Buffer; eval throws EvalError", async () => {
    const realm = await realmOf([
      one("probe", 'async function probe($, e, next) {\n  let w = "no throw";\n  try { e.command = "x"; } catch (err) { w = err.name; }\n  let ev = "ran";\n  try { eval("1"); } catch (err) { ev = err.name; }\n  $.ui.log([Object.isFrozen(e), w, typeof process, typeof require, typeof fetch, typeof Buffer, ev, typeof console].join(" "));\n  return next(e);\n}\nexport const register = (on) => { on("tool.call", probe); };\n'),
    ]);
    await bash(realm);
    expect(realm.uiLogs).toEqual(["probe: true TypeError undefined undefined undefined undefined EvalError object"]);
  });

  it("a $ member Hookwright does not simulate throws naming itself, and the hook fails open", async () => {
    const realm = await realmOf([one("reader", 'async function read($, e, next) {\n  $.fs.read("/etc/passwd");\n  return { deny: "never" };\n}\nexport const register = (on) => { on("tool.call", read); };\n')]);
    const r = await bash(realm);
    expect(r.ran).toEqual(["ls"]);
    expect(r.records).toEqual([["reader#0", "failed", "threw Error: $.fs.read() is not simulated by Hookwright (only $.ui.log is); in the engine it reaches the machine or the session"]]);
  });

  it("answers and denies reach the model as the engine's texts", async () => {
    const realm = await realmOf([one("gate", 'async function gate($, e, next) {\n  if (e.command.startsWith("curl")) return { deny: "no network" };\n  await next(e);\n  return { deny: "withheld" };\n}\nexport const register = (on) => { on("tool.call", gate); };\n')]);
    expect((await bash(realm, "curl x")).model).toEqual({ content: "<tool_use_error>no network</tool_use_error>", isError: true });
    expect((await bash(realm, "ls")).model).toEqual({ content: "Bash ran, and a plugin withheld its result: withheld", isError: true });
  });

  it("a module the engine would refuse is refused whole, and the others still load", async () => {
    const realm = await realmOf([
      one("bad", 'async function h($, e, next) { return { deny: "x" }; }\nexport const register = (on) => { on("tool.call", h); on("tool.calls", h); };\n'),
      one("twice", 'async function h($, e, next) { return next(e); }\nexport const register = (on) => { on("tool.call", h); on("tool.call", h); };\n'),
      one("syntax", "export const register = (on) => { on(\"tool.call\", ; };\n"),
      one("none", "export const x = 1;\n"),
      one("ok", 'async function h($, e, next) { return next(e); }\nexport const register = (on) => { on("tool.call", h); };\n'),
    ]);
    expect(realm.refused.map((r) => r.plugin)).toEqual(["bad", "twice", "syntax", "none"]);
    expect(realm.refused[0]?.reason).toMatch(/"tool.calls" is not an event Hookwright simulates/);
    expect(realm.refused[1]?.reason).toBe('on("tool.call") is registered twice without a matcher');
    expect(realm.refused[3]?.reason).toMatch(/no export named register/);
    expect(realm.registrations.map((r) => r.id)).toEqual(["ok#0"]);
  });

  it("a hook that never settles is skipped after its budget", async () => {
    const realm = await realmOf([one("hang", 'async function h($, e, next) { await new Promise(() => {}); }\nexport const register = (on) => { on("tool.call", h); };\n')]);
    const r = await bash(realm);
    expect(r.ran).toEqual(["ls"]);
    expect(r.records).toEqual([["hang#0", "failed", "threw Error: ran past its 2s budget"]]);
  });
});
