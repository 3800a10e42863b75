import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ContentBlock, Pipeline } from "~/core/pipeline/schema";
import type { TraceEvent } from "~/core/trace/events";
import { canIsolate, claudeEngineFixture } from "./testing/claudeEngine";
import { RAN_A, runMods, type ModSource } from "./testing/claudeMods";
import { modsPipeline, runInHookwright } from "./testing/modsPipeline";

/*
 * classic.PostToolUse, classic.UserPromptSubmit and classic.Stop mods beside settings.json hooks
 * of the same event, run by the REAL engine (2.1.330, offline, the mods as plugin folders, the
 * hooks in the project's .claude/settings.json) and by Hookwright (one claude-code-mods pipeline:
 * the mods in QuickJS, the commands in the process sandbox). For each case both sides must log
 * the same `$.ui.log` lines, run the same commands, give the model the same tool results and the
 * same hook texts, and end the same way. Where the engine puts a text Hookwright cannot (the
 * UserPromptSubmit context in its system prompt), the closest place is compared: the run's system prompt.
 */

const isolated = canIsolate();
if (!isolated) console.warn("claudeCodeMods.classic.test.ts skipped: `unshare -rn` is not available here, so the real engine cannot run offline.");
const claude = claudeEngineFixture("claude-mods-classic", isolated);

type Event = "classic.PostToolUse" | "classic.UserPromptSubmit" | "classic.Stop" | "tool.call";
type SettingsEvent = "PostToolUse" | "UserPromptSubmit" | "Stop";

interface Mod {
  name: string;
  event: Event;
  /** The body of `async ($, e, next) => { … }`. */
  body: string;
}

interface Case {
  name: string;
  mods: Mod[];
  settings?: Partial<Record<SettingsEvent, string[]>>;
  /** The Bash command the model calls and what the scripted shell prints for it. */
  command?: { command: string; result: string | { content: string; isError: boolean } };
  /** What the engine showed, pinned: the mods' log lines and the model's hook texts. */
  logs: string[];
  texts: string[];
  final: string;
}

const modSource = (m: Mod): ModSource => ({ name: m.name, source: `async function hook($, e, next) {\n${m.body}\n}\nexport const register = (on) => {\n  on(${JSON.stringify(m.event)}, hook);\n};\n` });

/** A settings command hook printing `output` as its JSON answer. */
const answer = (output: unknown) => `echo '${JSON.stringify(output)}'`;
/** The same, only while the turn was not sent back yet (a Stop hook that blocks once). */
const once = (output: unknown) => `if grep -q '"stop_hook_active":false'; then ${answer(output)}; fi`;
const context = (event: SettingsEvent, text: string) => ({ hookSpecificOutput: { hookEventName: event, additionalContext: text } });
const LOG_NEXT = `const r = await next(e);\n$.ui.log("n " + JSON.stringify(r));`;
const PB = answer({ decision: "block", reason: "tk-pb" });
const SB = once({ decision: "block", reason: "tk-sb" });
const NO_MORE = "(no more scripted replies)";

const CASES: Case[] = [
  // --- classic.PostToolUse ---
  {
    name: "PostToolUse: the event's keys; a settings context reaches next(e) and the model as its hook's text",
    mods: [{ name: "m", event: "classic.PostToolUse", body: `$.ui.log(Object.keys(JSON.parse(JSON.stringify(e))).join(","));\n$.ui.log(JSON.stringify([e.tool_name, e.tool_input, e.tool_response, e.hook_event_name]));\n${LOG_NEXT}\nreturn r;` }],
    settings: { PostToolUse: [answer(context("PostToolUse", "tk-sc"))] },
    logs: [
      "m: session_id,transcript_path,cwd,prompt_id,permission_mode,effort,hook_event_name,tool_name,tool_input,tool_response,tool_use_id,duration_ms",
      `m: ["Bash",{"command":"${RAN_A}","description":"d"},{"stdout":"ran-a","stderr":"","interrupted":false,"isImage":false,"noOutputExpected":false},"PostToolUse"]`,
      'm: n {"additionalContext":["tk-sc"]}',
    ],
    texts: ["PostToolUse:Bash hook additional context: tk-sc"],
    final: "done",
  },
  {
    name: "PostToolUse: a settings block handed back reaches the model naming its command",
    mods: [{ name: "m", event: "classic.PostToolUse", body: `${LOG_NEXT}\nreturn { ...r };` }],
    settings: { PostToolUse: [PB] },
    logs: ['m: n {"block":"tk-pb"}'],
    texts: [`PostToolUse:Bash hook blocking error from command: "${PB}": tk-pb`],
    final: "done",
  },
  {
    name: "PostToolUse: the mod's own block and contexts reach the model as one hook named classic.PostToolUse hook; the settings hook never runs",
    mods: [{ name: "m", event: "classic.PostToolUse", body: `return { block: "tk-mb", additionalContext: ["tk-m1", "tk-m2"] };` }],
    settings: { PostToolUse: [answer(context("PostToolUse", "tk-sc"))] },
    logs: [],
    texts: ['PostToolUse:Bash hook blocking error from command: "classic.PostToolUse hook": tk-mb\n\nPostToolUse:Bash hook additional context: tk-m1\ntk-m2'],
    final: "done",
  },
  {
    name: "PostToolUse: { decision: 'block', reason } is no answer: the mod is skipped and the settings hook runs in its place",
    mods: [{ name: "m", event: "classic.PostToolUse", body: `return { decision: "block", reason: "tk-md" };` }],
    settings: { PostToolUse: [answer(context("PostToolUse", "tk-sc"))] },
    logs: [],
    texts: ["PostToolUse:Bash hook additional context: tk-sc"],
    final: "done",
  },
  {
    name: "PostToolUse: a rewritten tool_response reaches the settings hooks, not the model",
    mods: [
      { name: "rw", event: "classic.PostToolUse", body: `const r = await next({ ...e, tool_response: { ...e.tool_response, stdout: "RW" } });\n$.ui.log("n " + JSON.stringify(r));\nreturn r;` },
    ],
    settings: { PostToolUse: [`if grep -q '"stdout":"RW"'; then ${answer(context("PostToolUse", "tk-saw-RW"))}; fi`] },
    logs: ['rw: n {"additionalContext":["tk-saw-RW"]}'],
    texts: ["PostToolUse:Bash hook additional context: tk-saw-RW"],
    final: "done",
  },
  {
    name: "PostToolUse: returning {} after next(e) drops a settings block",
    mods: [{ name: "m", event: "classic.PostToolUse", body: `${LOG_NEXT}\nreturn {};` }],
    settings: { PostToolUse: [PB] },
    logs: ['m: n {"block":"tk-pb"}'],
    texts: [],
    final: "done",
  },
  {
    name: "PostToolUse: a settings updatedToolOutput reaches next(e), but the model still reads Bash's own output",
    mods: [{ name: "m", event: "classic.PostToolUse", body: `${LOG_NEXT}\nreturn r;` }],
    settings: { PostToolUse: [answer({ hookSpecificOutput: { hookEventName: "PostToolUse", updatedToolOutput: "tk-uto" } })] },
    logs: ['m: n {"updatedToolOutput":"tk-uto"}'],
    texts: [],
    final: "done",
  },
  {
    name: "PostToolUse: not fired for a call a tool.call mod answered",
    mods: [
      { name: "tc", event: "tool.call", body: `if (e.command.includes("ran-a")) return { result: { stdout: "tk-ans", stderr: "", interrupted: false, isImage: false } };\nreturn next(e);` },
      { name: "m", event: "classic.PostToolUse", body: `$.ui.log("post " + e.tool_response.stdout);\nreturn next(e);` },
    ],
    settings: { PostToolUse: [answer(context("PostToolUse", "tk-sc"))] },
    logs: [],
    texts: [],
    final: "done",
  },
  {
    name: "PostToolUse: a failed call fires neither the mods nor the settings hooks",
    mods: [{ name: "m", event: "classic.PostToolUse", body: `$.ui.log("post");\nreturn next(e);` }],
    settings: { PostToolUse: [answer(context("PostToolUse", "tk-sc"))] },
    command: { command: "echo ran-x >> ran.log; exit 3", result: { content: "Exit code 3", isError: true } },
    logs: [],
    texts: [],
    final: "done",
  },
  {
    name: "PostToolUse: a settings exit 2 reaches next(e) as { block: '[<command>]: <stderr>' } and the model as that hook's blocking error",
    mods: [{ name: "m", event: "classic.PostToolUse", body: `${LOG_NEXT}\nreturn r;` }],
    settings: { PostToolUse: ["echo tk-pe2 >&2; exit 2"] },
    logs: ['m: n {"block":"[echo tk-pe2 >&2; exit 2]: tk-pe2\\n"}'],
    texts: ['PostToolUse:Bash hook blocking error from command: "echo tk-pe2 >&2; exit 2": [echo tk-pe2 >&2; exit 2]: tk-pe2\n'],
    final: "done",
  },
  // --- classic.UserPromptSubmit ---
  {
    name: "UserPromptSubmit: the event's keys; a settings context reaches next(e) and the system prompt",
    mods: [{ name: "m", event: "classic.UserPromptSubmit", body: `$.ui.log(Object.keys(JSON.parse(JSON.stringify(e))).join(",") + " " + e.prompt);\n${LOG_NEXT}\nreturn r;` }],
    settings: { UserPromptSubmit: [answer(context("UserPromptSubmit", "tk-uc"))] },
    logs: ["m: session_id,transcript_path,cwd,prompt_id,permission_mode,hook_event_name,prompt Do the thing.", 'm: n {"additionalContext":["tk-uc"]}'],
    texts: ["UserPromptSubmit hook additional context: tk-uc"],
    final: "done",
  },
  {
    name: "UserPromptSubmit: the mod's own contexts are one text, joined by newlines",
    mods: [{ name: "m", event: "classic.UserPromptSubmit", body: `const r = await next(e);\nreturn { ...r, additionalContext: [...(r.additionalContext ?? []), "tk-m1"] };` }],
    settings: { UserPromptSubmit: [answer(context("UserPromptSubmit", "tk-uc"))] },
    logs: [],
    texts: ["UserPromptSubmit hook additional context: tk-uc\ntk-m1"],
    final: "done",
  },
  {
    name: "UserPromptSubmit: the mod's { block } ends the turn with no model request",
    mods: [{ name: "m", event: "classic.UserPromptSubmit", body: `return { block: "tk-ub" };` }],
    logs: [],
    texts: [],
    final: "UserPromptSubmit operation blocked by hook:\ntk-ub\n\nOriginal prompt: Do the thing.",
  },
  {
    name: "UserPromptSubmit: a settings block reaches next(e) as { block } and ends the turn",
    mods: [{ name: "m", event: "classic.UserPromptSubmit", body: `${LOG_NEXT}\nreturn r;` }],
    settings: { UserPromptSubmit: [answer({ decision: "block", reason: "tk-usb" })] },
    logs: ['m: n {"block":"tk-usb"}'],
    texts: [],
    final: "UserPromptSubmit operation blocked by hook:\ntk-usb\n\nOriginal prompt: Do the thing.",
  },
  {
    name: "UserPromptSubmit: returning {} after a settings block lets the prompt through; the block's text still joins the system prompt",
    mods: [{ name: "m", event: "classic.UserPromptSubmit", body: `${LOG_NEXT}\nreturn {};` }],
    settings: { UserPromptSubmit: [answer({ decision: "block", reason: "tk-usb" })] },
    logs: ['m: n {"block":"tk-usb"}'],
    texts: [`UserPromptSubmit hook blocking error from command: "${answer({ decision: "block", reason: "tk-usb" })}": tk-usb`],
    final: "done",
  },
  {
    name: "UserPromptSubmit: a rewritten prompt reaches the settings hooks, not the model; a decision answer is skipped",
    mods: [
      { name: "rw", event: "classic.UserPromptSubmit", body: `return next({ ...e, prompt: "RW prompt" });` },
      { name: "dec", event: "classic.UserPromptSubmit", body: `return { decision: "block", reason: "tk-ud" };` },
    ],
    settings: { UserPromptSubmit: [`if grep -q '"prompt":"RW prompt"'; then ${answer(context("UserPromptSubmit", "tk-saw-RW"))}; fi`] },
    logs: [],
    texts: ["UserPromptSubmit hook additional context: tk-saw-RW"],
    final: "done",
  },
  {
    name: "UserPromptSubmit: a settings exit 2 blocks the prompt with '[<command>]: <stderr>'",
    mods: [{ name: "m", event: "classic.UserPromptSubmit", body: `${LOG_NEXT}\nreturn r;` }],
    settings: { UserPromptSubmit: ["echo tk-e2 >&2; exit 2"] },
    logs: ['m: n {"block":"[echo tk-e2 >&2; exit 2]: tk-e2\\n"}'],
    texts: [],
    final: "UserPromptSubmit operation blocked by hook:\n[echo tk-e2 >&2; exit 2]: tk-e2\n\n\nOriginal prompt: Do the thing.",
  },
  // --- classic.Stop ---
  {
    name: "Stop: the event's keys; a settings block reaches next(e), the model gets the feedback and the command's blocking error, then a second round with {}",
    mods: [{ name: "m", event: "classic.Stop", body: `$.ui.log(Object.keys(JSON.parse(JSON.stringify(e))).join(","));\n$.ui.log("a " + e.stop_hook_active + " " + e.last_assistant_message + " " + JSON.stringify([e.background_tasks, e.session_crons]));\n${LOG_NEXT}\nreturn r;` }],
    settings: { Stop: [SB] },
    logs: [
      "m: session_id,transcript_path,cwd,prompt_id,permission_mode,effort,hook_event_name,stop_hook_active,last_assistant_message,background_tasks,session_crons",
      "m: a false done [[],[]]",
      'm: n {"block":"tk-sb"}',
      "m: session_id,transcript_path,cwd,prompt_id,permission_mode,effort,hook_event_name,stop_hook_active,last_assistant_message,background_tasks,session_crons",
      `m: a true ${NO_MORE} [[],[]]`,
      "m: n {}",
    ],
    texts: ["Stop hook feedback:\ntk-sb", `Stop hook blocking error from command: "${SB}": tk-sb`],
    final: NO_MORE,
  },
  {
    name: "Stop: the mod's own block and context: the feedback and the context, no blocking-error text",
    mods: [{ name: "m", event: "classic.Stop", body: `if (e.stop_hook_active) return next(e);\nreturn { block: "tk-mb", additionalContext: ["tk-m1"] };` }],
    logs: [],
    texts: ["Stop hook feedback:\ntk-mb", "Stop hook additional context: tk-m1"],
    final: NO_MORE,
  },
  {
    name: "Stop: the mod's own context alone sends the turn back",
    mods: [{ name: "m", event: "classic.Stop", body: `if (e.stop_hook_active) return next(e);\nreturn { additionalContext: ["tk-sctx"] };` }],
    logs: [],
    texts: ["Stop hook additional context: tk-sctx"],
    final: NO_MORE,
  },
  {
    name: "Stop: {} after a settings block drops the feedback, but the blocking error still reaches the model and the turn goes on",
    mods: [{ name: "m", event: "classic.Stop", body: `${LOG_NEXT}\nreturn {};` }],
    settings: { Stop: [SB] },
    logs: ['m: n {"block":"tk-sb"}', "m: n {}"],
    texts: [`Stop hook blocking error from command: "${SB}": tk-sb`],
    final: NO_MORE,
  },
  {
    name: "Stop: a decision answer is skipped (the settings block runs in its place); a rewritten last_assistant_message reaches the settings hooks",
    mods: [
      { name: "rw", event: "classic.Stop", body: `return next(e.stop_hook_active ? e : { ...e, last_assistant_message: "RW" });` },
      { name: "dec", event: "classic.Stop", body: `return { decision: "block", reason: "tk-md" };` },
    ],
    settings: { Stop: [`if grep -q '"last_assistant_message":"RW"'; then ${answer(context("Stop", "tk-saw-RW"))}; fi`] },
    logs: [],
    texts: ["Stop hook additional context: tk-saw-RW"],
    final: NO_MORE,
  },
  {
    name: "Stop: a throwing mod is skipped; a settings exit 2 sends the feedback back, with no blocking-error text",
    mods: [{ name: "m", event: "classic.Stop", body: `throw new Error("tk-throw");` }],
    settings: { Stop: [`if grep -q '"stop_hook_active":false'; then echo tk-se2 >&2; exit 2; fi`] },
    logs: [],
    texts: [`Stop hook feedback:\n[if grep -q '"stop_hook_active":false'; then echo tk-se2 >&2; exit 2; fi]: tk-se2\n`],
    final: NO_MORE,
  },
];

interface Side {
  logs: string[];
  ran: string[];
  read: [string, boolean][];
  /** The hook texts the model read ("… hook …" texts carrying a tk- token), the system prompt's first. */
  texts: string[];
  final: string | null;
  /** Whether the model ever saw the text "RW prompt" (a rewritten prompt). */
  sawRewrite: boolean;
}

function blockTexts(content: unknown): string[] {
  if (typeof content === "string") return [content];
  if (!Array.isArray(content)) return [];
  return (content as { type?: unknown; text?: unknown }[]).flatMap((b) => (b.type === "text" && typeof b.text === "string" ? [b.text] : []));
}

/** The engine puts UserPromptSubmit texts in its system prompt, between the skills list and "Today's date is …". */
const SYSTEM_HOOK_TEXT = /\n\n(UserPromptSubmit hook [\s\S]*?)\n\nToday's date is/;

async function engine(c: Case): Promise<Side> {
  const settingsHooks = Object.fromEntries(Object.entries(c.settings ?? {}).map(([event, commands]) => [event, [{ ...(event === "PostToolUse" ? { matcher: "Bash" } : {}), hooks: commands.map((command) => ({ type: "command", command })) }]]));
  const r = await runMods(claude.engine(), join(claude.folder(), c.name.replace(/\W+/g, "-").slice(0, 80)), {
    mods: c.mods.map(modSource),
    settingsHooks,
    ...(c.command ? { commands: [c.command.command] } : {}),
  });
  const messages = (r.requests.at(-1)?.messages ?? []) as { role?: string; content?: unknown }[];
  const all = messages.flatMap((m) => blockTexts(m.content));
  const system = all.flatMap((t) => SYSTEM_HOOK_TEXT.exec(t)?.[1] ?? []);
  const texts = all.filter((t) => t.includes("tk-") && !SYSTEM_HOOK_TEXT.test(t));
  return { logs: r.uiLogs, ran: r.ran, read: r.toolResults.map((t) => [t.text, t.is_error]), texts: [...system, ...texts], final: r.result, sawRewrite: JSON.stringify(r.requests).includes("RW prompt") };
}

function pipelineOf(c: Case): Pipeline {
  const command = c.command ?? { command: RAN_A, result: "ran-a" };
  return modsPipeline({
    name: "classic-mods",
    hooks: [
      ...c.mods.map((m) => ({ id: m.name, point: m.event, code: `export default async ($, e, next) => {\n${m.body}\n};` })),
      ...Object.entries(c.settings ?? {}).flatMap(([event, commands]) =>
        commands.map((cmd, i) => ({ id: `s-${event}-${i + 1}`, name: `s${i + 1}`, point: event, matcher: event === "PostToolUse" ? "Bash" : null, command: cmd })),
      ),
    ],
    commands: [command.command],
    results: [command.result],
    // What the engine's fake model answers once its script is spent.
    replies: ["done", NO_MORE, NO_MORE, NO_MORE],
  });
}

function textOf(content: string | ContentBlock[]): string {
  return typeof content === "string" ? content : content.map((b) => (b.type === "text" ? b.text : "")).join("");
}

async function hookwright(c: Case): Promise<Side> {
  const pipeline = pipelineOf(c);
  const events = await runInHookwright(pipeline);
  const mods = new Set(c.mods.map((m) => m.name));
  const logs = events.flatMap((e) => (e.type === "hook.end" && mods.has(e.hookId) ? e.logs.map((l) => `${e.hookId}: ${l.message.replace(/^\$\.ui\.log: /, "")}`) : []));
  const ran = events.flatMap((e) => (e.type === "tool.call" && !events.some((r) => r.type === "tool.result" && r.toolUseId === e.toolUseId && r.claimedBy) ? [...String(e.input.command).matchAll(/echo (\S+) >> ran\.log/g)].map((m) => m[1] as string) : []));
  const end = events.at(-1);
  if (end?.type !== "run.end") throw new Error("the run did not end");
  const messages = end.messages ?? [];
  const read = messages.flatMap((m) => (Array.isArray(m.content) ? m.content.flatMap((b) => (b.type === "tool_result" ? [[textOf(b.content), b.is_error === true] as [string, boolean]] : [])) : []));
  const requests = events.filter((e) => e.type === "model.request");
  const system = requests.at(-1)?.type === "model.request" ? (requests.at(-1) as Extract<TraceEvent, { type: "model.request" }>).system : null;
  const texts = messages.flatMap((m) => (m.role === "user" ? blockTexts(m.content).filter((t) => t.includes("tk-")) : []));
  const last = messages.at(-1);
  return {
    logs,
    ran,
    read,
    texts: [...(system ? [system] : []), ...texts],
    final: last?.role === "assistant" && Array.isArray(last.content) ? textOf(last.content) : null,
    sawRewrite: JSON.stringify(requests).includes("RW prompt"),
  };
}

describe.skipIf(!isolated)("classic.PostToolUse, classic.UserPromptSubmit and classic.Stop beside settings.json hooks: the engine (2.1.330) and Hookwright agree", () => {
  for (const c of CASES) {
    it(c.name, { timeout: 120_000 }, async () => {
      const real = await engine(c);
      // What the engine did, pinned (so a change of the engine or of this harness shows here first).
      expect(real.logs).toEqual(c.logs);
      // The engine joins consecutive system texts into one message: compare the texts joined.
      expect(real.texts.join("\n\n")).toBe(c.texts.join("\n\n"));
      expect(real.final).toBe(c.final);
      expect(real.sawRewrite).toBe(false);
      const ours = await hookwright(c);
      expect(ours.logs).toEqual(real.logs);
      expect(ours.ran).toEqual(real.ran);
      expect(ours.read).toEqual(real.read);
      expect(ours.texts.join("\n\n")).toBe(real.texts.join("\n\n"));
      expect(ours.final).toBe(real.final);
      expect(ours.sawRewrite).toBe(false);
    });
  }

  it("known difference: a settings UserPromptSubmit hook's plain stdout", { timeout: 120_000 }, async () => {
    const c: Case = {
      name: "UserPromptSubmit plain stdout",
      mods: [{ name: "m", event: "classic.UserPromptSubmit", body: `${LOG_NEXT}\nreturn r;` }],
      settings: { UserPromptSubmit: ["echo tk-plain"] },
      logs: [],
      texts: [],
      final: "done",
    };
    const real = await engine(c);
    // The engine: the mods read {} and the system prompt gets "UserPromptSubmit hook success: <stdout>".
    expect(real.logs).toEqual(["m: n {}"]);
    expect(real.texts).toEqual(["UserPromptSubmit hook success: tk-plain"]);
    // Hookwright reads plain stdout as a context (as the claude-code profile does without mods), so the mods read it too.
    const ours = await hookwright(c);
    expect(ours.logs).toEqual(['m: n {"additionalContext":["tk-plain"]}']);
    expect(ours.texts).toEqual(["UserPromptSubmit hook additional context: tk-plain"]);
    expect(ours.final).toBe(real.final);
  });
});
