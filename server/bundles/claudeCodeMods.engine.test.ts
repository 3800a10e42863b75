import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { canIsolate, claudeEngineFixture } from "./testing/claudeEngine";
import { RAN_A, runMods, type ModSource, type ModsRun } from "./testing/claudeMods";

/*
 * Facts about Claude Code mods (../shared/reference/claude-code-mods.md, numbered as there) that
 * Hookwright's claude-code-mods profile reproduces, pinned against the REAL engine (2.1.330, the
 * Agent SDK's linux-x64 binary) run offline inside `unshare -rn` with each mod passed by
 * `--plugin-dir`. The model calls Bash with `echo ran-a >> ran.log; echo ran-a`, then says "done".
 * When this machine cannot isolate the engine, the whole file is skipped (one line says so).
 */

const isolated = canIsolate();
if (!isolated) console.warn("claudeCodeMods.engine.test.ts skipped: `unshare -rn` is not available here, so the real engine cannot run offline.");
const claude = claudeEngineFixture("claude-mods", isolated);

let runs = 0;
function run(mods: ModSource[], options: { commands?: string[]; settingsHooks?: Record<string, unknown> } = {}): Promise<ModsRun> {
  runs += 1;
  return runMods(claude.engine(), join(claude.folder(), `run${runs}`), { mods, ...options });
}

/** A mod of one registration: `on(event, matcher?, hook)` with `body` as the hook's body. */
function mod(name: string, event: string, body: string, matcher?: string): ModSource {
  return { name, source: `async function hook($, e, next) {\n${body}\n}\nexport const register = (on) => {\n  on(${JSON.stringify(event)}, ${matcher ? `${matcher}, ` : ""}hook);\n};\n` };
}

const LOG_PASS = (label: string) => `$.ui.log("pre-${label}");\nconst r = await next(e);\n$.ui.log("post-${label}");\nreturn r;`;
const SETTINGS_DENY = { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"tk-sdeny"}}'` }] }] };
const T = { timeout: 120_000 };

describe.skipIf(!isolated)("Claude Code mods in the real engine (2.1.330, offline, --plugin-dir)", () => {
  it("fact 1: next(e) passes the call through: the command runs and the model reads its output", T, async () => {
    const r = await run([mod("mpass", "tool.call", "return next(e);")]);
    expect(r.code).toBe(0);
    expect(r.ran).toEqual(["ran-a"]);
    expect(r.toolResults).toEqual([{ tool_use_id: "toolu_hw0000", text: "ran-a", is_error: false }]);
    expect(r.result).toBe("done");
  });

  it("fact 3: next({ ...e, command }) runs the rewritten command; the model's own tool_use keeps the original", T, async () => {
    const r = await run([mod("mrw", "tool.call", `return next({ ...e, command: "echo ran-mod >> ran.log; echo ran-mod" });`)]);
    expect(r.ran).toEqual(["ran-mod"]);
    expect(r.toolResults).toEqual([{ tool_use_id: "toolu_hw0000", text: "ran-mod", is_error: false }]);
    expect(JSON.stringify(r.requests.at(-1)?.messages)).toContain(JSON.stringify(RAN_A).slice(1, -1));
  });

  it("fact 4: returning { result } without next answers the call: nothing runs, the model reads it", T, async () => {
    const r = await run([mod("mans", "tool.call", `return { result: { stdout: "tk-ans", stderr: "", interrupted: false, isImage: false } };`)]);
    expect(r.ran).toEqual([]);
    expect(r.toolResults).toEqual([{ tool_use_id: "toolu_hw0000", text: "tk-ans", is_error: false }]);
  });

  it("fact 6: tool.call { deny } reaches the model as <tool_use_error>R</tool_use_error>", T, async () => {
    const r = await run([mod("mdeny", "tool.call", `return { deny: "tk-mdeny" };`)]);
    expect(r.ran).toEqual([]);
    expect(r.toolResults).toEqual([{ tool_use_id: "toolu_hw0000", text: "<tool_use_error>tk-mdeny</tool_use_error>", is_error: true }]);
  });

  it("fact 7: { deny } after await next(e): the tool ran, and the model reads (unwrapped) that a plugin withheld its result", T, async () => {
    const r = await run([mod("md2", "tool.call", `await next(e);\nreturn { deny: "tk-md2" };`)]);
    expect(r.ran).toEqual(["ran-a"]);
    expect(r.toolResults).toEqual([{ tool_use_id: "toolu_hw0000", text: "Bash ran, and a plugin withheld its result: tk-md2", is_error: true }]);
  });

  it("facts 9 and 15: mods nest in --plugin-dir order (not by name), each sees the rewrite above it; an answer stops the chain", T, async () => {
    const r = await run([
      mod("zeta", "tool.call", `$.ui.log("pre-zeta");\nconst r = await next({ ...e, command: e.command + "; echo zeta >> ran.log" });\n$.ui.log("post-zeta " + JSON.stringify(r));\nreturn r;`),
      mod("alpha", "tool.call", `$.ui.log("pre-alpha " + e.command.split(";").length);\nconst r = await next(e);\n$.ui.log("post-alpha");\nreturn r;`),
    ]);
    expect(r.uiLogs).toEqual([
      "zeta: pre-zeta",
      "alpha: pre-alpha 3",
      "alpha: post-alpha",
      `zeta: post-zeta {"ref":1,"result":{"stdout":"ran-a","stderr":"","interrupted":false,"isImage":false,"noOutputExpected":false},"text":"ran-a"}`,
    ]);
    expect(r.ran).toEqual(["ran-a", "zeta"]);

    const stop = await run([
      mod("outer", "tool.call", `const r = await next(e);\n$.ui.log("outer read " + JSON.stringify(r));\nreturn r;`),
      mod("inner", "tool.call", `return { deny: "tk-inner" };`),
      mod("below", "tool.call", `$.ui.log("below ran");\nreturn next(e);`),
    ]);
    expect(stop.uiLogs).toEqual([`outer: outer read {"deny":"tk-inner"}`]);
    expect(stop.ran).toEqual([]);
    expect(stop.toolResults[0]?.text).toBe("<tool_use_error>tk-inner</tool_use_error>");
  });

  it("fact 10: two registrations in one mod nest in registration order, first outermost", T, async () => {
    const source = `async function r1($, e, next) {\n${LOG_PASS("r1")}\n}\nasync function r2($, e, next) {\n${LOG_PASS("r2")}\n}\nexport const register = (on) => {\n  on("tool.call", { tool: "Bash" }, r1);\n  on("tool.call", r2);\n};\n`;
    const r = await run([{ name: "mtwo", source }]);
    expect(r.uiLogs).toEqual(["mtwo: pre-r1", "mtwo: pre-r2", "mtwo: post-r2", "mtwo: post-r1"]);
  });

  it("fact 8 and 48: a literal is === and case-sensitive, a RegExp tests with its flags, an array is any-of, every key must match", T, async () => {
    const matchers: [string, string][] = [
      ["m1", `{ tool: "Bash", command: /ran-a/ }`],
      ["m2", `{ tool: ["Edit", "Bash"] }`],
      ["m3", `{ tool: /^Ba/ }`],
      ["m4", `{ tool: "Bash", description: "d" }`],
      ["m5", `{ command: /RAN-A/i }`],
      ["m6", `{ command: [/^nomatch/, /ran-a$/] }`],
      ["m7", `{ command: /^nomatch/ }`],
      ["m8", `{ tool: ["Edit", "Write"] }`],
      ["m9", `{ tool: "bash" }`],
      ["m10", `{ tool: "Bash", description: "x" }`],
      ["m11", `{ tool: ["Write", /^Ba/] }`],
      ["m12", `{ command: /RAN-A/ }`],
    ];
    const fns = matchers.map(([label]) => `async function ${label}($, e, next) {\n  $.ui.log(${JSON.stringify(label)});\n  return next(e);\n}\n`).join("");
    const source = `${fns}async function plain($, e, next) {\n  $.ui.log("plain");\n  return next(e);\n}\nexport const register = (on) => {\n${matchers.map(([label, m]) => `  on("tool.call", ${m}, ${label});\n`).join("")}  on("tool.call", plain);\n};\n`;
    const r = await run([{ name: "mmatch", source }]);
    expect(r.uiLogs.map((l) => l.replace("mmatch: ", ""))).toEqual(["m1", "m2", "m3", "m4", "m5", "m6", "m11", "plain"]);
    expect(r.ran).toEqual(["ran-a"]);
  });

  it("fact 11: settings.json command hooks run inside the mod's next(e) and read its rewritten command", T, async () => {
    const r = await run([mod("mrw", "tool.call", `$.ui.log("pre");\nconst r = await next({ ...e, command: "echo ran-mod >> ran.log; echo ran-mod" });\n$.ui.log("post");\nreturn r;`)], {
      settingsHooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "cat > settings-saw.json; echo settings >> ran.log" }] }] },
    });
    expect(r.ran).toEqual(["settings", "ran-mod"]);
    expect(r.uiLogs).toEqual(["mrw: pre", "mrw: post"]);
    const saw = JSON.parse(await readFile(join(claude.folder(), `run${runs}`, "project", "settings-saw.json"), "utf8")) as { tool_input: { command: string } };
    expect(saw.tool_input.command).toBe("echo ran-mod >> ran.log; echo ran-mod");
  });

  it("fact 12: a settings deny beneath a mod: next(e) resolves to an error text, and the model reads PreToolUse:Bash hook error: R, unwrapped", T, async () => {
    const r = await run([mod("mread", "tool.call", `const r = await next(e);\n$.ui.log(JSON.stringify(r));\nreturn r;`)], { settingsHooks: SETTINGS_DENY });
    expect(r.ran).toEqual([]);
    expect(r.uiLogs).toEqual([`mread: {"ref":1,"result":"Error: PreToolUse:Bash hook error: tk-sdeny","text":"PreToolUse:Bash hook error: tk-sdeny","isError":true}`]);
    expect(r.toolResults).toEqual([{ tool_use_id: "toolu_hw0000", text: "PreToolUse:Bash hook error: tk-sdeny", is_error: true }]);
  });

  it("fact 14: a mod's { deny } comes first: the settings PreToolUse hook never runs", T, async () => {
    const r = await run([mod("mdeny", "tool.call", `return { deny: "tk-mdeny" };`)], {
      settingsHooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "echo settings >> ran.log" }] }] },
    });
    expect(r.ran).toEqual([]);
    expect(r.toolResults[0]?.text).toBe("<tool_use_error>tk-mdeny</tool_use_error>");
  });

  it("fact 16: a hook that throws is skipped: the tool runs as unhooked and the model sees nothing of the error", T, async () => {
    const r = await run([mod("mthrow", "tool.call", `throw new Error("tk-boom");`)]);
    expect(r.ran).toEqual(["ran-a"]);
    expect(r.toolResults).toEqual([{ tool_use_id: "toolu_hw0000", text: "ran-a", is_error: false }]);
  });

  it("fact 25: classic.PreToolUse { deny } reaches the model as the bare reason", T, async () => {
    const r = await run([mod("mcdeny", "classic.PreToolUse", `return { deny: "tk-cdeny" };`)]);
    expect(r.ran).toEqual([]);
    expect(r.toolResults).toEqual([{ tool_use_id: "toolu_hw0000", text: "tk-cdeny", is_error: true }]);
  });

  it("fact 26: classic.PreToolUse answering updatedInput runs the new command", T, async () => {
    const r = await run([mod("mcrw", "classic.PreToolUse", `return { ...(await next(e)), updatedInput: { command: "echo ran-c >> ran.log; echo ran-c" } };`)]);
    expect(r.ran).toEqual(["ran-c"]);
    expect(r.toolResults[0]?.text).toBe("ran-c");
  });

  it("new: classic.PreToolUse runs inside tool.call's next(e); its deny reaches tool.call as an error result and the model as the bare reason", T, async () => {
    const r = await run([
      mod("outer", "tool.call", `$.ui.log("pre-call");\nconst r = await next(e);\n$.ui.log("post-call " + JSON.stringify(r));\nreturn r;`),
      mod("cl", "classic.PreToolUse", `$.ui.log("classic " + e.tool);\nreturn { deny: "tk-cdeny" };`),
    ]);
    expect(r.ran).toEqual([]);
    expect(r.uiLogs).toEqual(["outer: pre-call", "cl: classic Bash", `outer: post-call {"ref":1,"result":"Error: tk-cdeny","text":"tk-cdeny","isError":true}`]);
    expect(r.toolResults).toEqual([{ tool_use_id: "toolu_hw0000", text: "tk-cdeny", is_error: true }]);
  });

  it("new: with no settings hooks, the classic events' next(e) resolves to {}; classic.PostToolUse additionalContext reaches the model as a system message", T, async () => {
    const r = await run([
      mod("cl", "classic.PreToolUse", `const r = await next(e);\n$.ui.log("pre " + JSON.stringify(r));\nreturn r;`),
      mod("post", "classic.PostToolUse", `const r = await next(e);\n$.ui.log("post " + JSON.stringify(r));\nreturn { ...r, additionalContext: ["tk-pctx"] };`),
    ]);
    expect(r.uiLogs).toEqual(["cl: pre {}", "post: post {}"]);
    expect(r.requests.at(-1)?.messages.at(-1)).toEqual({ role: "system", content: [{ type: "text", text: "PostToolUse:Bash hook additional context: tk-pctx", cache_control: { type: "ephemeral" } }] });
  });

  it("fact 22: events are frozen at every depth (classic.PostToolUse e, e.tool_input, e.tool_response)", T, async () => {
    const r = await run([mod("mfrozen", "classic.PostToolUse", `let msg = "no throw";\ntry { e.tool_input.command = "x"; } catch (err) { msg = err.name; }\n$.ui.log([Object.isFrozen(e), Object.isFrozen(e.tool_input), Object.isFrozen(e.tool_response), msg].join(" "));\nreturn next(e);`)]);
    expect(r.uiLogs).toEqual(["mfrozen: true true true TypeError"]);
  });

  it("fact 23: no Node in a mod: process, require, fetch, Buffer undefined, eval refused; console and setTimeout exist", T, async () => {
    const r = await run([mod("mprobe", "tool.call", `let ev = "ran";\ntry { eval("1"); } catch (err) { ev = err.name; }\n$.ui.log([typeof process, typeof require, typeof fetch, typeof Buffer, ev, typeof console, typeof setTimeout].join(" "));\nreturn next(e);`)]);
    expect(r.uiLogs).toEqual(["mprobe: undefined undefined undefined undefined EvalError object function"]);
  });

  it("fact 24: classic.* hears the settings-hook events in the turn's order", T, async () => {
    const r = await run([mod("mclassic", "classic.*", `$.ui.log(next.event);\nreturn next(e);`)]);
    expect(r.uiLogs.map((l) => l.replace("mclassic: ", ""))).toEqual(["classic.SessionStart", "classic.UserPromptSubmit", "classic.PreToolUse", "classic.PostToolUse", "classic.PostToolBatch", "classic.MessageDisplay", "classic.Stop"]);
  });

  it("fact 36/37: * hears tool.call, classic.PreToolUse, tool.check, classic.PostToolUse in that order, and never tool.run", T, async () => {
    const r = await run([mod("mstar", "*", `try {\n  $.ui.log(next.event);\n} catch (err) {}\nreturn next(e);`)]);
    const heard = r.uiLogs.map((l) => l.replace("mstar: ", ""));
    const around = heard.slice(heard.indexOf("tool.call"), heard.indexOf("classic.PostToolUse") + 1);
    expect(around).toEqual(["tool.call", "classic.PreToolUse", "tool.check", "classic.PostToolUse"]);
    expect(heard).not.toContain("tool.run");
    expect(heard.indexOf("prompt.submit")).toBeLessThan(heard.indexOf("classic.UserPromptSubmit"));
    expect(heard.indexOf("classic.Stop")).toBeLessThan(heard.indexOf("turn.complete"));
  });

  it("facts 38 and 47: an unknown event refuses the whole module, its valid deny included", T, async () => {
    const source = `async function deny($, e, next) {\n  return { deny: "tk-never" };\n}\nexport const register = (on) => {\n  on("tool.call", deny);\n  on("tool.calls", deny);\n};\n`;
    const r = await run([{ name: "munk", source }]);
    expect(r.ran).toEqual(["ran-a"]);
    expect(r.toolResults[0]?.text).toBe("ran-a");
  });

  it("new: $ read bare (`if ($)`, `$ && …`) refuses the whole module at load; the call runs unhooked", T, async () => {
    const r = await runMods(claude.engine(), join(claude.folder(), "bare-dollar"), { debug: true, mods: [mod("mbare", "tool.call", `if ($) return { deny: "tk-never" };\nreturn next(e);`)] });
    expect(r.ran).toEqual(["ran-a"]);
    expect(r.debugLog).toContain("register.js:2: $ itself is used in a IfStatement (bound, passed, spread, returned or read); $ is always spelled $.noun.event(...) at the call site");
  });
});
