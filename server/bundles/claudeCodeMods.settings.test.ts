import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Pipeline } from "~/core/pipeline/schema";
import { canIsolate, claudeEngineFixture } from "./testing/claudeEngine";
import { RAN_A, runMods, type ModSource } from "./testing/claudeMods";
import { modsPipeline, runInHookwright } from "./testing/modsPipeline";

/*
 * Mods beside settings.json PreToolUse command hooks, run by the REAL engine (2.1.330, offline,
 * the hooks in the project's .claude/settings.json) and by Hookwright (the same mods in QuickJS,
 * the same commands in the process sandbox, in one claude-code-mods pipeline). A tool.call mod and
 * a classic.PreToolUse mod each log what their next(e) resolved to: the settings hooks' fold as
 * the mods read it. Both sides must log the same, run the same, and give the model the same text.
 */

const isolated = canIsolate();
if (!isolated) console.warn("claudeCodeMods.settings.test.ts skipped: `unshare -rn` is not available here, so the real engine cannot run offline.");
const claude = claudeEngineFixture("claude-mods-settings", isolated);

const OUTER = `const r = await next(e);\n$.ui.log("tc " + JSON.stringify(r));\nreturn r;`;
const CLASSIC = `const r = await next(e);\n$.ui.log("cl " + JSON.stringify(r));\nreturn r;`;

function mod(name: string, event: string, body: string): ModSource {
  return { name, source: `async function hook($, e, next) {\n${body}\n}\nexport const register = (on) => {\n  on(${JSON.stringify(event)}, hook);\n};\n` };
}

/** A settings hook printing `output` as its JSON answer. */
const answer = (output: unknown) => `echo '${JSON.stringify(output)}'`;
const pre = (fields: Record<string, unknown>) => answer({ hookSpecificOutput: { hookEventName: "PreToolUse", ...fields } });

const CASES: { name: string; commands: string[] }[] = [
  { name: "deny with a reason", commands: [pre({ permissionDecision: "deny", permissionDecisionReason: "tk-sdeny" })] },
  { name: "deny without a reason", commands: [pre({ permissionDecision: "deny" })] },
  { name: "exit 2", commands: ["echo tk-exit2 >&2; exit 2"] },
  { name: "allow with updatedInput", commands: [pre({ permissionDecision: "allow", updatedInput: { command: "echo ran-u >> ran.log; echo ran-u" } })] },
  { name: "allow alone", commands: [pre({ permissionDecision: "allow" })] },
  { name: "updatedInput without a decision", commands: [pre({ updatedInput: { command: "echo ran-u >> ran.log; echo ran-u" } })] },
  { name: "ask with a reason (claude -p refuses it)", commands: [pre({ permissionDecision: "ask", permissionDecisionReason: "tk-ask" })] },
  { name: "ask without a reason", commands: [pre({ permissionDecision: "ask" })] },
  { name: "a deny beside another hook's context", commands: [pre({ permissionDecision: "deny", permissionDecisionReason: "tk-d" }), pre({ additionalContext: "tk-c" })] },
  { name: "a systemMessage only", commands: [answer({ systemMessage: "tk-sys" })] },
  { name: "nothing at all", commands: ["true"] },
];

interface Side {
  logs: string[];
  ran: string[];
  read: [string, boolean][];
}

async function engine(name: string, commands: string[]): Promise<Side> {
  const r = await runMods(claude.engine(), join(claude.folder(), name), {
    mods: [mod("outer", "tool.call", OUTER), mod("cl", "classic.PreToolUse", CLASSIC)],
    settingsHooks: { PreToolUse: [{ matcher: "Bash", hooks: commands.map((command) => ({ type: "command", command })) }] },
  });
  return { logs: r.uiLogs, ran: r.ran, read: r.toolResults.map((t) => [t.text, t.is_error]) };
}

function pipelineOf(commands: string[], ranResult: string): Pipeline {
  return modsPipeline({
    name: "mods-and-settings",
    hooks: [
      { id: "outer", point: "tool.call", code: `export default async ($, e, next) => {\n${OUTER}\n};` },
      { id: "cl", point: "classic.PreToolUse", code: `export default async ($, e, next) => {\n${CLASSIC}\n};` },
      ...commands.map((command, i) => ({ id: `s${i + 1}`, point: "PreToolUse", matcher: "Bash", command })),
    ],
    commands: [RAN_A],
    results: [ranResult],
  });
}

async function hookwright(commands: string[], ranResult: string): Promise<Side> {
  const pipeline = pipelineOf(commands, ranResult);
  const events = await runInHookwright(pipeline);
  // $.ui.log lines in the order the hooks logged them: the classic mod (inner) logs before the outer one.
  const logs = events
    .flatMap((e) => (e.type === "hook.end" && (e.hookId === "outer" || e.hookId === "cl") ? e.logs.map((l) => ({ seq: e.seq, hook: e.hookId, message: l.message })) : []))
    .sort((a, b) => (a.hook === b.hook ? a.seq - b.seq : a.hook === "cl" ? -1 : 1))
    .map((l) => `${l.hook}: ${l.message.replace(/^\$\.ui\.log: /, "")}`);
  const ran = events.flatMap((e) => (e.type === "tool.call" && !events.some((r) => r.type === "tool.result" && r.toolUseId === e.toolUseId && r.claimedBy) ? [String(e.input.command)] : []));
  const end = events.at(-1);
  const read = end?.type === "run.end" ? (end.messages ?? []).flatMap((m) => (Array.isArray(m.content) ? m.content.flatMap((b) => (b.type === "tool_result" ? [[typeof b.content === "string" ? b.content : JSON.stringify(b.content), b.is_error === true] as [string, boolean]] : [])) : [])) : [];
  return { logs, ran: ran.flatMap((c) => [...c.matchAll(/echo (\S+) >> ran\.log/g)].map((m) => m[1] as string)), read };
}

describe.skipIf(!isolated)("settings.json PreToolUse hooks beneath mods: the engine (2.1.330) and Hookwright read the same fold", () => {
  for (const c of CASES) {
    it(c.name, { timeout: 120_000 }, async () => {
      const real = await engine(c.name.replace(/\W+/g, "-"), c.commands);
      // The scripted tool prints what the real shell printed for the command that ran.
      const ours = await hookwright(c.commands, real.ran.length > 0 ? (real.ran.at(-1) as string) : "unused");
      expect(ours.logs).toEqual(real.logs);
      expect(ours.ran).toEqual(real.ran);
      expect(ours.read).toEqual(real.read);
    });
  }

  it("what the classic mod reads, pinned (the engine's words)", { timeout: 120_000 }, async () => {
    const deny = await engine("pinned-deny", [pre({ permissionDecision: "deny", permissionDecisionReason: "tk-sdeny" }), pre({ additionalContext: "tk-c" })]);
    expect(deny.logs[0]).toBe(`cl: cl {"deny":"PreToolUse:Bash hook error: tk-sdeny","additionalContext":["tk-c"]}`);
    const ask = await engine("pinned-ask", [pre({ permissionDecision: "ask" })]);
    expect(ask.logs[0]).toBe(`cl: cl {"ask":""}`);
    expect(ask.read).toEqual([["Hook PreToolUse:Bash asked for confirmation for this tool", true]]);
  });
});
