import { describe, expect, it } from "vitest";
import { examplePipelines } from "~/core/examples";
import { parsePipeline } from "~/core/pipeline/parsePipeline";
import { PIPELINE_FORMAT, type Pipeline, type PipelineInput } from "~/core/pipeline/schema";
import { createSandboxRunner } from "~/server/sandbox";
import { checkByBehaviour, translateForHost } from "./crossHost";

/* Moving a pipeline between Claude Code and Codex: what the report says per hook, and what the runs of its scenarios on both hosts show. */

function parsed(input: PipelineInput): Pipeline {
  const p = parsePipeline(input);
  if (!p.ok) throw new Error(p.issues.map((i) => `${i.path}: ${i.message}`).join("\n"));
  return p.value;
}
const example = (name: string) => parsed(examplePipelines.find((p) => p.name === name) ?? { format: PIPELINE_FORMAT, name: "missing", profile: "x" });
const notesOf = (p: Pipeline, to: string) => translateForHost(p, to)?.notes.map((n) => `${n.kind} ${n.hookName ?? "(pipeline)"}: ${n.text}`);

const bash = { name: "Bash", description: "Runs a shell command.", inputSchema: { type: "object", properties: { command: { type: "string" } } }, results: ["ok", "ok", "ok"] };
const call = (id: string, command: string) => ({ content: [{ type: "tool_use" as const, id, name: "Bash", input: { command } }], stopReason: "tool_use" as const });
const hook = (id: string, point: string, code: string, extra: object = {}) => ({ id, point, name: id, enabled: true, code: `export default async (input: any) => { ${code} };`, ...extra });

/** Claude Code hooks whose meaning changes on Codex: a reasonless deny, an ask, a Stop hook that always blocks, a hook on an event Codex lacks. */
const divergent = parsed({
  format: PIPELINE_FORMAT,
  name: "divergent",
  profile: "claude-code",
  hooks: [
    hook("silent-deny", "PreToolUse", 'if (input.tool_input.command.includes("rm")) return { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny" } };', { matcher: "Bash" }),
    hook("ask-push", "PreToolUse", 'if (input.tool_input.command.includes("push")) return { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "ask", permissionDecisionReason: "pushing?" } };', { matcher: "Bash|Read" }),
    hook("never-done", "Stop", 'return { decision: "block", reason: "keep going" };'),
    hook("notify", "Notification", "return;"),
  ],
  scenarios: [
    {
      name: "three commands",
      prompt: "clean up and push",
      model: { kind: "scripted", responses: [call("t1", "ls"), call("t2", "rm -rf build"), call("t3", "git push"), ...Array.from({ length: 14 }, () => ({ content: [{ type: "text" as const, text: "Done." }], stopReason: "end_turn" as const }))] },
      tools: [bash],
      limits: { maxModelCalls: 16 },
    },
  ],
});

describe("translateForHost", () => {
  it("lists what each Claude Code example keeps, changes or does differently on Codex", () => {
    expect(notesOf(example("Claude Code Bash gate"), "codex")).toEqual([
      'differs dangerous-command-gate: a deny reaches the model as "Command blocked by PreToolUse hook: <reason>. Command: <command>" (Claude Code: "PreToolUse:Bash hook error: <reason>")',
    ]);
    expect(notesOf(example("Claude Code formatter context"), "codex")).toEqual(["changed format-after-write: its matcher's Edit and Write are apply_patch in Codex: the hook sees that tool's input, shaped as Codex shapes it"]);
    expect(notesOf(example("Claude Code Stop hook: tests first"), "codex")).toEqual([
      'differs tests-before-done: Stop hook: Codex has no cap on re-prompts (Claude Code stops after 9 blocks in a row); the reason reaches the model inside <hook_prompt> instead of "Stop hook feedback:"',
    ]);
    expect(notesOf(example("Claude Code updatedInput race"), "codex")).toEqual([]);
    expect(notesOf(example("Codex shell gate"), "claude-code")).toEqual(['differs dangerous-command-gate: a deny reaches the model as "PreToolUse:Bash hook error: <reason>" (Codex: "Command blocked by PreToolUse hook: …")']);
  });

  it("rewrites the scenarios, matchers and type imports for the target, and leaves out what cannot run there", () => {
    const moved = translateForHost(divergent, "codex");
    expect(moved?.pipeline.profile).toBe("codex");
    expect(moved?.pipeline.hooks.map((h) => [h.id, h.point, h.matcher])).toEqual([
      ["silent-deny", "PreToolUse", "Bash"],
      ["ask-push", "PreToolUse", "Bash"],
      ["never-done", "Stop", null],
    ]);
    expect(moved?.pipeline.scenarios[0]?.model.kind === "scripted" && moved.pipeline.scenarios[0].model.responses[1]).toEqual({ content: [{ type: "tool_use", id: "t2", name: "exec_command", input: { cmd: "rm -rf build" } }], stopReason: "tool_use" });
    expect(moved?.pipeline.scenarios[0]?.tools.map((t) => t.name)).toEqual(["exec_command"]);
    expect(notesOf(divergent, "codex")).toEqual([
      "changed ask-push: Codex has no Read tool: left out of the matcher",
      "dropped notify: Codex 0.169.0 has no Notification event: the hook would never run there",
      'differs silent-deny: a deny reaches the model as "Command blocked by PreToolUse hook: <reason>. Command: <command>" (Claude Code: "PreToolUse:Bash hook error: <reason>")',
      "differs silent-deny: a deny without a reason: Codex lets the command run (Claude Code blocks it)",
      'differs ask-push: "ask": Codex does not support it and runs the command (Claude Code asks, and without anyone to ask, denies)',
      'differs never-done: Stop hook: Codex has no cap on re-prompts (Claude Code stops after 9 blocks in a row); the reason reaches the model inside <hook_prompt> instead of "Stop hook feedback:"',
    ]);
    const typed = parsed({ ...divergent, hooks: [hook("typed", "PreToolUse", "return;", { code: 'import type { PreToolUseHookInput } from "@anthropic-ai/claude-agent-sdk";\nexport default async (input: PreToolUseHookInput) => {};' })] });
    expect(translateForHost(typed, "codex")?.pipeline.hooks[0]?.code).toBe('import type { PreToolUseHookInput } from "codex-hooks";\nexport default async (input: PreToolUseHookInput) => {};');
  });

  it("is undefined between profiles no table joins", () => {
    expect(translateForHost(divergent, "openclaw")).toBeUndefined();
  });
});

describe("checkByBehaviour", () => {
  it("finds the same outcomes for the examples that carry over", async () => {
    for (const [name, to] of [
      ["Claude Code Bash gate", "codex"],
      ["Claude Code Stop hook: tests first", "codex"],
      ["Claude Code updatedInput race", "codex"],
      ["Codex shell gate", "claude-code"],
    ] as const) {
      const p = example(name);
      const moved = translateForHost(p, to);
      if (!moved) throw new Error(name);
      const checks = await checkByBehaviour(p, moved, createSandboxRunner);
      expect(checks.map((c) => [c.scenario, c.comparison?.same, c.comparison?.differences])).toEqual(p.scenarios.map((s) => [s.name, true, []]));
    }
  }, 60_000);

  it("names each call and ending that differs when what a hook does does not carry over", async () => {
    const moved = translateForHost(divergent, "codex");
    if (!moved) throw new Error("no translation");
    const [check] = await checkByBehaviour(divergent, moved, createSandboxRunner);
    expect(check?.comparison).toEqual({
      same: false,
      agreed: "1 allowed",
      differences: [
        { index: 1, call: 'Bash {"command":"rm -rf build"}', text: "Claude Code: blocked (silent-deny); Codex: allowed" },
        { index: 2, call: 'Bash {"command":"git push"}', text: "Claude Code: blocked (ask-push); Codex: allowed" },
      ],
      ending: `Claude Code's run ends "stop_hook_cap" after 12 model calls; Codex's "max_model_calls" after 16`,
    });
  }, 60_000);
});
