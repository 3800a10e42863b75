import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { dispatchToolCall } from "~/core/profiles/claude-code-mods/dispatchToolCall";
import { matchesFilter } from "~/core/profiles/claude-code-mods/filter";
import { hears } from "~/core/profiles/claude-code-mods/registrations";
import { toolCallEvent } from "~/core/profiles/claude-code-mods/toolCall";
import { openModsRealm } from "~/server/sandbox/middleware/modsRealm";
import { canIsolate, claudeEngineFixture } from "./testing/claudeEngine";
import { RAN_A, runMods, type ModSource } from "./testing/claudeMods";
import { createRandom } from "~/core/engine/testing/random";

/*
 * The same sets of 1–3 mods on tool.call (and classic.PreToolUse), run by the REAL engine (2.1.330,
 * offline, --plugin-dir in order) and by Hookwright's middleware onions (core/chain/middleware)
 * nested as core/profiles/claude-code-mods/dispatchToolCall.ts nests them: what ran, with what
 * command, what the model read, and which mods were reached must agree. Combinations of pass /
 * rewrite / answer / deny / deny after next / throw / throw after next / wrong shape /
 * reserved-key rewrite are generated (every pair of a core set, seeded triples, and every
 * tool.call behaviour of a core set over every classic.PreToolUse one).
 * Hookwright's side runs each mod's register.js text in QuickJS (see hookwright() below); the
 * scripted Bash stands in for the tool: `echo X >> ran.log` records X, `echo X` prints it.
 */

const isolated = canIsolate();
if (!isolated) console.warn("claudeCodeMods.differential.test.ts skipped: `unshare -rn` is not available here, so the real engine cannot run offline.");
const claude = claudeEngineFixture("claude-mods-diff", isolated);

/** Behaviours only the fixed cases use (kept out of the seeded picks, so those stay as they were). */
const EXTRA: Record<string, (n: number) => string> = {
  nothing: () => "return;",
  nextThenNothing: () => "await next(e);\n  return;",
};

const BEHAVIOURS: Record<string, (n: number) => string> = {
  pass: () => "return next(e);",
  rewrite: (n) => `return next({ ...e, command: e.command + "; echo m${n} >> ran.log" });`,
  answer: (n) => `return { result: { stdout: "ans-${n}", stderr: "", interrupted: false, isImage: false } };`,
  deny: (n) => `return { deny: "deny-${n}" };`,
  denyAfter: (n) => `await next(e);\n  return { deny: "after-${n}" };`,
  throws: (n) => `throw new Error("boom-${n}");`,
  throwAfter: (n) => `const r = await next({ ...e, command: e.command + "; echo t${n} >> ran.log" });\n  throw new Error("late-${n}");`,
  wrongShape: () => "return { nonsense: 1 };",
  resultString: (n) => `return { result: "str-${n}" };`,
  reserved: () => `return next({ ...e, tool: "Read" });`,
  nextTwice: (n) => `await next(e);\n  return next({ ...e, command: e.command + "; echo again${n} >> ran.log" });`,
  ...EXTRA,
  // classic.PreToolUse hooks (the event is the same envelope).
  passC: () => "return next(e);",
  denyC: (n) => `return { deny: "cdeny-${n}" };`,
  rewriteC: (n) => `return { ...(await next(e)), updatedInput: { command: "echo c${n} >> ran.log; echo c${n}" } };`,
  throwC: (n) => `throw new Error("cboom-${n}");`,
};

/** The event a behaviour hooks. */
const eventOf = (behaviour: string) => (behaviour.endsWith("C") ? "classic.PreToolUse" : "tool.call");

function body(behaviour: string, n: number): string {
  return `$.ui.log("in-${n}");\n  ${(BEHAVIOURS[behaviour] as (n: number) => string)(n)}`;
}

function modOf(behaviour: string, n: number): ModSource {
  return { name: `m${n}`, source: `async function hook($, e, next) {\n  ${body(behaviour, n)}\n}\nexport const register = (on) => {\n  on("${eventOf(behaviour)}", { tool: "Bash" }, hook);\n};\n` };
}

/** The scenario's Bash: `echo X >> ran.log` records X, `echo X` prints X. */
function scriptedBash(command: string, ran: string[]): string {
  const out: string[] = [];
  for (const part of command.split(";").map((p) => p.trim())) {
    const logged = /^echo (\S+) >> ran\.log$/.exec(part);
    if (logged) ran.push(logged[1] as string);
    else out.push(part.replace(/^echo /, ""));
  }
  return out.join("\n");
}

/**
 * Hookwright's side: each mod's own register.js text (what the engine loads) opened in QuickJS
 * (server/sandbox/middleware/modsRealm.ts: a realm per mod, `register` run there, `$` and frozen
 * events built there), the registrations' filters matched against the call, and the onions nested
 * as dispatchToolCall nests them.
 */
async function hookwright(mods: ModSource[]) {
  const ran: string[] = [];
  const realm = await openModsRealm(mods.map((m) => ({ plugin: m.name, entry: "hooks/register.js", files: new Map([["hooks/register.js", m.source]]) })));
  try {
    const envelope = toolCallEvent("Bash", "toolu_hw0000", { command: RAN_A, description: "d" });
    const chain = (event: string) => realm.registrations.filter((r) => hears(r.event, event) && matchesFilter(r.filter, envelope)).map((r) => r.id);
    const { model } = await dispatchToolCall({
      tool: "Bash",
      toolUseId: "toolu_hw0000",
      input: { command: RAN_A, description: "d" },
      toolCallHooks: chain("tool.call"),
      preToolUseHooks: chain("classic.PreToolUse"),
      invoke: realm.invoke,
      runTool: async (input) => ({ text: scriptedBash(String(input.command), ran), isError: false }),
    });
    expect(realm.refused).toEqual([]);
    return { ran, uiLogs: [...realm.uiLogs], toolResults: [{ text: model.content, is_error: model.isError }] };
  } finally {
    realm.dispose();
  }
}

/**
 * Each mod's `$.ui.log` lines in order. Lines of different mods are compared per mod: each mod runs
 * in its own worker, and for one generated set (nextTwice > reserved > resultString) the engine's
 * stream carried `in-1, in-2, in-2, in-3, in-3`, an order a nested onion cannot produce (Hookwright:
 * `in-1, in-2, in-3, in-2, in-3`); whether the hooks ran so or only their lines arrived so was not
 * established. What ran and what the model read agree. The fixed cases compare the full order.
 */
function byMod(lines: string[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const line of lines) (out[line.slice(0, line.indexOf(":"))] ??= []).push(line);
  return out;
}

const CORE = ["pass", "rewrite", "answer", "deny", "denyAfter", "throws"];
const PAIRS = CORE.flatMap((a) => CORE.map((b) => [a, b]));
const next = createRandom(29).next;
const names = Object.keys(BEHAVIOURS).filter((b) => eventOf(b) === "tool.call" && !(b in EXTRA));
const TRIPLES = Array.from({ length: 12 }, () => [0, 1, 2].map(() => names[Math.floor(next() * names.length)] as string));
const CLASSIC = ["pass", "rewrite", "answer", "denyAfter", "throws"].flatMap((a) => ["passC", "denyC", "rewriteC", "throwC"].map((c) => [a, c]));
const CASES = [...PAIRS, ...TRIPLES, ["resultString"], ["reserved", "rewrite"], ["wrongShape", "denyAfter"], ["throwAfter", "deny"], ["nextTwice", "pass"], ["pass", "nextTwice"], ["nothing", "rewrite"], ["nextThenNothing", "rewrite"], ...CLASSIC, ["rewriteC", "rewrite", "throwC"]];

/** Mods written out whole: filters that miss, arrays and flags, two registrations in one mod. */
const fn = (name: string, body: string) => `async function ${name}($, e, next) {\n  $.ui.log("${name}");\n  ${body}\n}\n`;
const CUSTOM: { name: string; mods: ModSource[] }[] = [
  {
    name: "a filter that misses never runs; an array with a RegExp matches",
    mods: [
      { name: "miss", source: `${fn("never", 'return { deny: "never" };')}export const register = (on) => {\n  on("tool.call", { command: /^nomatch/ }, never);\n};\n` },
      { name: "arr", source: `${fn("arr", 'return next({ ...e, command: e.command + "; echo arr >> ran.log" });')}export const register = (on) => {\n  on("tool.call", { tool: ["Edit", /^ba/i], description: "d" }, arr);\n};\n` },
    ],
  },
  {
    name: "two registrations in one mod nest in order; classic.* filtered on tool hears only classic.PreToolUse (the other classic events have no tool key)",
    mods: [
      { name: "two", source: `${fn("r1", 'return next({ ...e, command: e.command + "; echo r1 >> ran.log" });')}${fn("r2", 'await next(e);\n  return { deny: "r2 withheld" };')}${fn("cl", "return next(e);")}export const register = (on) => {\n  on("tool.call", { tool: "Bash" }, r1);\n  on("tool.call", r2);\n  on("classic.*", { tool: "Bash" }, cl);\n};\n` },
    ],
  },
  {
    name: "the same function under two filters runs twice",
    mods: [{ name: "twice", source: `${fn("t", 'return next({ ...e, command: e.command + "; echo t >> ran.log" });')}export const register = (on) => {\n  on("tool.call", { tool: "Bash" }, t);\n  on("tool.call", { description: "d" }, t);\n};\n` }],
  },
];

describe.skipIf(!isolated)("mods on tool.call: the real engine and Hookwright's onion agree", () => {
  for (const [i, c] of CUSTOM.entries()) {
    it(`${c.name}`, { timeout: 120_000 }, async () => {
      const [real, ours] = await Promise.all([runMods(claude.engine(), join(claude.folder(), `custom${i}`), { mods: c.mods }), hookwright(c.mods)]);
      expect(real.code).toBe(0);
      expect(ours).toEqual({ ran: real.ran, uiLogs: real.uiLogs, toolResults: real.toolResults.map(({ text, is_error }) => ({ text, is_error })) });
    });
  }

  for (const [i, behaviours] of CASES.entries()) {
    it(`${behaviours.join(" > ")}: same commands ran, same tool_result, same mods reached`, { timeout: 120_000 }, async () => {
      const [real, ours] = await Promise.all([runMods(claude.engine(), join(claude.folder(), `case${i}`), { mods: behaviours.map((b, n) => modOf(b, n + 1)) }), hookwright(behaviours.map((b, n) => modOf(b, n + 1)))]);
      const where = `${behaviours.join(" > ")}: engine exit ${real.code} ${real.stderr.slice(0, 300)}`;
      expect(real.code, where).toBe(0);
      expect({ ...ours, uiLogs: byMod(ours.uiLogs) }, where).toEqual({ ran: real.ran, uiLogs: byMod(real.uiLogs), toolResults: real.toolResults.map(({ text, is_error }) => ({ text, is_error })) });
    });
  }
});
