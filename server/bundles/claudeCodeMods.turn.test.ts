import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { claudeModsGuard } from "~/core/examples/claudeModsGuard";
import type { Json } from "~/core/json";
import { parsePipeline } from "~/core/pipeline/parsePipeline";
import type { ContentBlock, Pipeline, PipelineInput } from "~/core/pipeline/schema";
import type { TraceEvent } from "~/core/trace/events";
import { exportPlugin, exportPluginZip, importPluginZip } from "./service";
import { canIsolate, claudeEngineFixture } from "./testing/claudeEngine";
import { runMods, validatePlugin } from "./testing/claudeMods";
import { writeFiles } from "./testing/commandHook";
import { modsPipeline, runInHookwright } from "./testing/modsPipeline";

/*
 * A whole turn, two ways: a claude-code-mods pipeline exported as a plugin and run by the REAL
 * engine (2.1.330, offline, --plugin-dir, the model calling Bash with the scenario's commands), and
 * Hookwright's own run of the same pipeline (the sandbox runner, the mods in QuickJS, the tool
 * beneath the innermost middleware). They must agree on what the model read for every call, which
 * commands ran, and how the turn ended. The scenario's scripted Bash results are what the real
 * shell prints for the commands that run.
 */

const isolated = canIsolate();
if (!isolated) console.warn("claudeCodeMods.turn.test.ts skipped: `unshare -rn` is not available here, so the real engine cannot run offline.");
const claude = claudeEngineFixture("claude-mods-turn", isolated);

function pipelineOf(input: PipelineInput): Pipeline {
  const parsed = parsePipeline(input);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return parsed.value;
}

/** The Bash commands the scenario's model calls, in order. */
function commandsOf(pipeline: Pipeline): string[] {
  const scenario = pipeline.scenarios[0];
  if (!scenario || scenario.model.kind !== "scripted") throw new Error("the pipeline needs a scripted scenario");
  return scenario.model.responses.flatMap((r) => ("content" in r ? r.content.flatMap((b) => (b.type === "tool_use" ? [String((b.input as { command?: Json }).command)] : [])) : []));
}

interface Turn {
  /** What the model read for each tool call: [text, is_error]. */
  read: [string, boolean][];
  /** The commands that ran, in order. */
  ran: string[];
  final: string | null;
  /** Hook contexts the model read ("… hook additional context: …"), in order. */
  contexts: string[];
}

/** Every text block of `messages` that is a hook's additional context (the engine sends them as system messages, Hookwright after the results). */
function contextsIn(messages: unknown): string[] {
  const texts: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (typeof node === "object" && node !== null) {
      const block = node as { type?: unknown; text?: unknown };
      if (block.type === "text" && typeof block.text === "string" && block.text.includes(" hook additional context: ")) texts.push(block.text);
      else Object.values(node).forEach(walk);
    }
  };
  walk(messages);
  return texts;
}

function textOf(content: string | ContentBlock[]): string {
  return typeof content === "string" ? content : content.map((b) => (b.type === "text" ? b.text : "")).join("");
}

async function hookwright(pipeline: Pipeline): Promise<{ turn: Turn; events: TraceEvent[] }> {
  // Points never nest: what ran inside a chain (the classic.PreToolUse point, the tool) follows its point.end.
  const events = await runInHookwright(pipeline);
  const end = events.at(-1);
  if (end?.type !== "run.end") throw new Error("the run did not end");
  const results = (end.messages ?? []).flatMap((m) => (m.role === "user" && Array.isArray(m.content) ? m.content.filter((b) => b.type === "tool_result") : []));
  const ran = events.flatMap((e) => (e.type === "tool.call" && !events.some((r) => r.type === "tool.result" && r.seq === e.seq + 1 && r.claimedBy) ? [String(e.input.command)] : []));
  const last = (end.messages ?? []).at(-1);
  return {
    turn: {
      read: results.map((b) => (b.type === "tool_result" ? [textOf(b.content), b.is_error === true] : ["", false])),
      ran,
      final: last?.role === "assistant" && Array.isArray(last.content) ? textOf(last.content) : null,
      contexts: contextsIn(end.messages ?? []),
    },
    events,
  };
}

async function engine(pipeline: Pipeline, name: string): Promise<Turn> {
  const dir = join(claude.folder(), name, "plugin");
  // The registered exporter, as the Export dialog and `hookwright export --target claude-code-mods` run it.
  const exported = exportPlugin(pipeline, "claude-code-mods");
  await writeFiles(dir, exported.files);
  const report = await validatePlugin(claude.engine(), claude.folder(), dir);
  expect(report.code, report.text).toBe(0);
  // Each command also appends itself to ran.log, so what really ran (after any rewrite) is read back.
  const r = await runMods(claude.engine(), join(claude.folder(), name), { mods: [], pluginDirs: [dir], commands: commandsOf(pipeline) });
  return { read: r.toolResults.map((t) => [t.text, t.is_error]), ran: r.ran, final: r.result, contexts: contextsIn(r.requests.at(-1)?.messages ?? []) };
}

/** The commands that ran, read from what they printed (engine: ran.log lines; Hookwright: the commands themselves, as `echo X >> ran.log; …`). */
function loggedOf(commands: string[]): string[] {
  return commands.flatMap((c) => [...c.matchAll(/echo (\S+) >> ran\.log/g)].map((m) => m[1] as string));
}

/** A hook of a variant: a mod, or with `command` a settings.json command hook (point PreToolUse). */
interface VariantHook {
  point: string;
  code: string;
  matcher?: string;
  command?: string;
}

/** A pipeline of mods on Bash calls, the model running `commands`, the scripted shell printing `results`; hooks m1, m2 … in order. */
function variant(name: string, hooks: VariantHook[], commands: string[], results: string[]): Pipeline {
  return modsPipeline({ name, hooks: hooks.map((h, i) => ({ ...h, id: `m${i + 1}` })), commands, results });
}

/** A settings.json PostToolUse command adding a context. */
const POST_CONTEXT = `echo '{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"s-post"}}'`;

/** classic mods on the three classic events, each with a settings.json hook of its event beneath. */
const CLASSIC_HOOKS: VariantHook[] = [
  { point: "classic.UserPromptSubmit", code: "export default async ($, e, next) => next(e);\n" },
  { point: "UserPromptSubmit", code: "", command: "true" },
  { point: "classic.PostToolUse", code: 'export default async ($, e, next) => {\n  const r = await next(e);\n  return { ...r, additionalContext: [...(r.additionalContext ?? []), "m-" + e.tool_response.stdout] };\n};\n' },
  { point: "PostToolUse", matcher: "Bash", code: "", command: POST_CONTEXT },
  { point: "classic.Stop", code: "export default async ($, e, next) => next(e);\n" },
  { point: "Stop", code: "", command: "true" },
];

describe("the mods example as a plugin", () => {
  it("exports as a mod plugin (--target claude-code-mods) and imports back as the same hooks, in order", () => {
    const pipeline = pipelineOf(claudeModsGuard);
    const zipped = exportPluginZip(pipeline, "claude-code-mods");
    expect(zipped.files.map((f) => f.path)).toEqual([".claude-plugin/plugin.json", "hooks/hide-token.ts", "hooks/hooks.json", "hooks/no-rm-rf.ts", "hooks/register.ts"]);
    const back = importPluginZip(zipped.bytes);
    expect(back.pipeline.profile).toBe("claude-code-mods");
    expect(back.pipeline.hooks.map((h) => [h.point, h.matcher, h.code])).toEqual(pipeline.hooks.map((h) => [h.point, h.matcher, h.code]));
    expect(back.warnings).toEqual([]);
  });

  it("mods beside settings.json hooks export as one plugin (modules and hooks in hooks/hooks.json) and import back as the same hooks", () => {
    const pipeline = variant(
      "mods and settings",
      [
        { point: "tool.call", code: "export default async ($, e, next) => next(e);\n" },
        { point: "PreToolUse", matcher: "Bash", code: "", command: "grep -q rm && exit 2 || true" },
        { point: "PreToolUse", matcher: "Edit|Write", code: "export default async () => ({});\n" },
      ],
      ["ls"],
      ["x"],
    );
    const zipped = exportPluginZip(pipeline, "claude-code-mods");
    const hooksJson = JSON.parse(zipped.files.find((f) => f.path === "hooks/hooks.json")?.content ?? "") as unknown;
    expect(hooksJson).toEqual({
      modules: ["./register.ts"],
      hooks: {
        PreToolUse: [
          { matcher: "Bash", hooks: [{ type: "command", command: "grep -q rm && exit 2 || true" }] },
          { matcher: "Edit|Write", hooks: [{ type: "command", command: 'node "${CLAUDE_PLUGIN_ROOT}/hooks/m3.mjs"' }] },
        ],
      },
    });
    const back = importPluginZip(zipped.bytes);
    expect(back.pipeline.profile).toBe("claude-code-mods");
    expect(back.pipeline.hooks.map((h) => [h.point, h.matcher, h.code, h.runtime?.kind ?? "function"])).toEqual(pipeline.hooks.map((h) => [h.point, h.matcher, h.code, h.runtime?.kind ?? "function"]));
    expect(back.pipeline.hooks.slice(1).map((h) => h.id)).toEqual(["m2", "m3"]);
    // The Claude Code importer's own note for a function hook built into a script.
    expect(back.warnings).toEqual(["Scripts Hookwright built are read from their TypeScript under hookwright/; edits made to the .mjs files themselves are not read."]);
  });

  it("classic.PostToolUse, classic.UserPromptSubmit and classic.Stop mods beside their settings.json hooks export as one plugin and import back as the same hooks", () => {
    const pipeline = variant("classic events", CLASSIC_HOOKS, ["ls"], ["x"]);
    const zipped = exportPluginZip(pipeline, "claude-code-mods");
    const register = zipped.files.find((f) => f.path === "hooks/register.ts")?.content ?? "";
    expect([...register.matchAll(/on\("([\w.]+)"/g)].map((m) => m[1])).toEqual(["classic.UserPromptSubmit", "classic.PostToolUse", "classic.Stop"]);
    const hooksJson = JSON.parse(zipped.files.find((f) => f.path === "hooks/hooks.json")?.content ?? "") as unknown;
    expect(hooksJson).toEqual({
      modules: ["./register.ts"],
      hooks: {
        UserPromptSubmit: [{ hooks: [{ type: "command", command: "true" }] }],
        PostToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: POST_CONTEXT }] }],
        Stop: [{ hooks: [{ type: "command", command: "true" }] }],
      },
    });
    const back = importPluginZip(zipped.bytes);
    expect(back.pipeline.profile).toBe("claude-code-mods");
    expect(back.pipeline.hooks.map((h) => [h.point, h.matcher, h.code, h.runtime?.kind ?? "function"]).sort()).toEqual(pipeline.hooks.map((h) => [h.point, h.matcher, h.code, h.runtime?.kind ?? "function"]).sort());
    expect(back.warnings).toEqual([]);
  });

  it("Hookwright's run of it: each middleware is a card saying how it ended, and the trace keeps the contract", async () => {
    const { turn, events } = await hookwright(pipelineOf(claudeModsGuard));
    expect(turn.read).toEqual([
      ["<tool_use_error>rm -rf is not allowed here: delete the files you mean one by one</tool_use_error>", true],
      ["token is [redacted]", false],
    ]);
    const ends = events.flatMap((e) => (e.type === "hook.end" ? [{ hook: e.hookId, status: e.status, logs: e.logs }] : []));
    expect(ends).toEqual([
      { hook: "no-rm-rf", status: "claimed", logs: [{ level: "info", message: "$.ui.log: denied: rm -rf build" }] },
      { hook: "hide-token", status: "unchanged", logs: [] },
    ]);
    // The order a reader sees: the tool.call point, then the classic.PreToolUse point inside its next, then the tool.
    const second = events.filter((e) => e.seq > (events.find((x) => x.type === "model.response" && x.call === 2)?.seq ?? 0));
    expect(second.slice(0, 7).map((e) => (e.type === "point.start" || e.type === "point.end" ? `${e.type} ${e.point}` : e.type))).toEqual([
      "point.start tool.call",
      "point.end tool.call",
      "point.start classic.PreToolUse",
      "hook.start",
      "hook.end",
      "point.end classic.PreToolUse",
      "tool.call",
    ]);
  });
});

describe.skipIf(!isolated)("a whole turn of mods: the real engine (2.1.330, offline) and Hookwright agree", () => {
  it("the example 'Shell guard (mods)': rm -rf denied by tool.call, the token rewritten away by classic.PreToolUse", { timeout: 180_000 }, async () => {
    const pipeline = pipelineOf(claudeModsGuard);
    const real = await engine(pipeline, "guard");
    const ours = await hookwright(pipeline);
    expect(real.read).toEqual([
      ["<tool_use_error>rm -rf is not allowed here: delete the files you mean one by one</tool_use_error>", true],
      ["token is [redacted]", false],
    ]);
    expect(ours.turn.read).toEqual(real.read);
    expect(ours.turn.ran).toEqual(['echo "token is [redacted]"']);
    expect(ours.turn.final).toBe(real.final);
    // Each middleware is a card saying how it ended.
    const cards = ours.events.flatMap((e) => (e.type === "hook.end" ? [[e.hookId, e.decision]] : []));
    expect(cards).toEqual([
      ["no-rm-rf", 'answered: deny "rm -rf is not allowed here: delete the files you mean one by one"'],
      ["hide-token", "passed, then answered: updatedInput"],
    ]);
  });

  const VARIANTS: { name: string; hooks: VariantHook[]; commands: string[]; results: string[]; contexts?: string[] }[] = [
    {
      name: "rewrite then deny after next (withheld)",
      hooks: [
        { point: "tool.call", code: "export default async ($, e, next) => { await next(e); return { deny: \"kept back\" }; };" },
        // Both unfiltered: the exporter writes the second as on("tool.call", {}, …), which the engine takes (fact 39 refuses two without one).
        { point: "tool.call", code: "export default async ($, e, next) => next({ ...e, command: e.command + \"; echo m2 >> ran.log\" });" },
      ],
      commands: ["echo a >> ran.log; echo out-a"],
      results: ["out-a"],
    },
    {
      name: "a throwing mod is skipped, a classic deny reaches the model bare",
      hooks: [
        { point: "tool.call", code: "export default async () => { throw new Error(\"boom\"); };" },
        { point: "classic.PreToolUse", matcher: "{ command: /secret/ }", code: "export default async ($, e, next) => ({ deny: \"no secrets\" });" },
      ],
      commands: ["echo secret >> ran.log; echo s", "echo b >> ran.log; echo out-b"],
      results: ["out-b"],
    },
    {
      name: "next called twice runs the tool twice; the second result is read",
      hooks: [{ point: "tool.call", code: "export default async ($, e, next) => { await next(e); return next({ ...e, command: \"echo again >> ran.log; echo twice\" }); };" }],
      commands: ["echo once >> ran.log; echo first"],
      results: ["first", "twice"],
    },
    {
      name: "an answer in the tool's place: nothing runs",
      hooks: [{ point: "tool.call", matcher: "{ tool: \"Bash\", command: [\"echo c >> ran.log; echo c\", /zzz/] }", code: "export default async () => ({ result: { stdout: \"answered\", stderr: \"\", interrupted: false, isImage: false } });" }],
      commands: ["echo c >> ran.log; echo c", "echo d >> ran.log; echo out-d"],
      results: ["out-d"],
    },
    // Mods beside settings.json hooks (commands and a function hook exported as a node script), in one plugin: the settings hooks run beneath.
    {
      name: "settings beside mods: a command hook denies the command the mod rewrote; a function hook adds context; a classic mod reads and passes the deny",
      hooks: [
        { point: "tool.call", code: "export default async ($, e, next) => next({ ...e, command: e.command.replace(\"rm -rf\", \"rm -ri\") });" },
        { point: "classic.PreToolUse", code: "export default async ($, e, next) => { const r = await next(e); return r; };" },
        { point: "PreToolUse", matcher: "Bash", code: "", command: `grep -q 'rm -ri' && echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no rm, even -i"}}' || true` },
        {
          point: "PreToolUse",
          matcher: "Bash",
          code: "export default async (input: { tool_input: { command?: string } }) => ({ hookSpecificOutput: { hookEventName: \"PreToolUse\" as const, additionalContext: `saw ${input.tool_input.command ?? \"\"}` } });",
        },
      ],
      commands: ["rm -rf build; echo r >> ran.log", "echo e >> ran.log; echo out-e"],
      results: ["out-e"],
      // Also beside the deny (fact 49), and read by the hook after the mod's rewrite.
      contexts: ["PreToolUse:Bash hook additional context: saw rm -ri build; echo r >> ran.log", "PreToolUse:Bash hook additional context: saw echo e >> ran.log; echo out-e"],
    },
    {
      name: "settings beside mods: a settings updatedInput beats the mod's rewrite (fact 13); an exit 2 beneath the mod reaches the model",
      hooks: [
        { point: "tool.call", code: "export default async ($, e, next) => next({ ...e, command: e.command + \"; echo mod >> ran.log\" });" },
        { point: "PreToolUse", matcher: "Bash", code: "", command: `grep -q first && echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"echo upd >> ran.log; echo by-settings"}}}' || true` },
        { point: "PreToolUse", matcher: "Bash", code: "", command: "grep -q second && { echo 'second is refused' >&2; exit 2; } || true" },
      ],
      commands: ["echo first", "echo second"],
      results: ["by-settings"],
    },
    {
      name: "classic events beside their settings hooks in one plugin: the classic.PostToolUse mod extends the settings context",
      hooks: CLASSIC_HOOKS,
      commands: ["echo f >> ran.log; echo out-f"],
      results: ["out-f"],
      // The mod's own answer (not the settings hooks' unchanged): one text, its contexts joined by a newline.
      contexts: ["PostToolUse:Bash hook additional context: s-post\nm-out-f"],
    },
  ];

  for (const v of VARIANTS) {
    it(v.name, { timeout: 180_000 }, async () => {
      const pipeline = variant(v.name, v.hooks, v.commands, v.results);
      const real = await engine(pipeline, v.name.replace(/\W+/g, "-"));
      const ours = await hookwright(pipeline);
      // The one known difference (docs/claude-code-mods.md, as for the claude-code profile): a hook the
      // engine loaded from a plugin adds "This hook comes from the <plugin>@inline plugin." after its
      // exit-2 reason; Hookwright runs settings hooks as settings.json hooks, which do not.
      const fromPlugin = /\n\nThis hook comes from the [\w-]+@inline plugin\.$/;
      expect(ours.turn.read).toEqual(real.read.map(([text, isError]) => [text.replace(fromPlugin, "\n"), isError]));
      expect(loggedOf(ours.turn.ran)).toEqual(real.ran);
      expect(ours.turn.final).toBe(real.final);
      // The engine's last request carries the turn's contexts in one system text joined by blank
      // lines; Hookwright keeps one text after each call's result (where the host first sends it).
      expect(ours.turn.contexts.join("\n\n")).toBe(real.contexts.join("\n\n"));
      expect(real.contexts.join("\n\n")).toBe((v.contexts ?? []).join("\n\n"));
    });
  }
});
