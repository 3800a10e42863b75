import { afterAll, describe, expect, it } from "vitest";
import type { ScenarioInput } from "../../../core/profiles/scenarioTypes";
import { codexProfile } from "../../../core/profiles";
import { collectTrace, createSandboxSimulator, parseWithFirstScenario } from "../testing/simulateInSandbox";

/**
 * Codex CLI 0.169.0's hook rules (../shared/reference/codex.md §6, fact numbers below) end to end:
 * hooks written as users write them, run in the QuickJS sandbox, folded by core/chain (variant
 * "codex"), applied by the profile's binding.
 */

interface HookDef {
  id: string;
  point?: string;
  matcher?: string;
  body: string;
}

const sandbox = createSandboxSimulator();
afterAll(() => sandbox.dispose());

const shell = (cmd: string, id = "call_1") => ({ content: [{ type: "tool_use", id, name: "exec_command", input: { cmd } }], stopReason: "tool_use" });
const answer = (text: string) => ({ content: [{ type: "text", text }], stopReason: "end_turn" });

async function run(hooks: HookDef[], extra: Partial<ScenarioInput> & { responses?: unknown[] } = {}) {
  const { responses = [shell("npm test"), answer("done")], ...scenarioExtra } = extra;
  const document = {
    format: "hookwright.pipeline/v1",
    name: "codex",
    profile: "codex",
    hooks: hooks.map((h) => ({ id: h.id, point: h.point ?? "PreToolUse", name: h.id, matcher: h.matcher ?? null, code: `export default async (input: any) => {\n${h.body}\n};\n` })),
    scenarios: [{ name: "s", prompt: "go", model: { kind: "scripted", responses }, tools: [{ name: "exec_command", inputSchema: { type: "object" }, results: ["ran"] }], ...scenarioExtra }],
  };
  const trace = collectTrace();
  const result = await sandbox.simulate({ ...parseWithFirstScenario(document), profile: codexProfile, emit: trace.emit });
  return { result, ...trace };
}

const deny = (reason?: string) =>
  `return { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny"${reason === undefined ? "" : `, permissionDecisionReason: ${JSON.stringify(reason)}`} } };`;
const rewrite = (command: string, decision: string | null = "allow") =>
  `return { hookSpecificOutput: { hookEventName: "PreToolUse", ${decision ? `permissionDecision: "${decision}", ` : ""}updatedInput: { command: ${JSON.stringify(command)} } } };`;
const exit2 = (stderr: string) => `class BlockingError extends Error { name = "BlockingError"; }\nthrow new BlockingError(${JSON.stringify(stderr)});`;

describe("Codex execution through the sandbox (codex.md §6)", () => {
  it("fact 1: hooks see the shell tool exec_command as Bash with tool_input.command", async () => {
    const { of } = await run([{ id: "seen", matcher: "Bash", body: "return;" }]);
    expect(of("point.start")[0]).toMatchObject({ point: "PreToolUse", context: { input: { tool_name: "Bash", tool_input: { command: "npm test" }, tool_use_id: "call_1", permission_mode: "bypassPermissions" } } });
  });

  it("fact 2: a deny with a reason blocks; the model gets 'Command blocked by PreToolUse hook: <reason>. Command: <cmd>'", async () => {
    const { of } = await run([{ id: "gate", body: deny("tk-deny") }]);
    expect(of("tool.result")).toMatchObject([{ content: "Command blocked by PreToolUse hook: tk-deny. Command: npm test", isError: false, claimedBy: "gate" }]);
  });

  it("fact 3 / 35: exit 2 blocks with the trimmed stderr as the reason", async () => {
    const { of } = await run([{ id: "gate", body: exit2("tk-exit\n") }]);
    expect(of("tool.result")[0]?.content).toBe("Command blocked by PreToolUse hook: tk-exit. Command: npm test");
  });

  it("facts 4, 5: a deny without a reason, ask, allow without updatedInput, exit 2 with empty stderr and continue:false fail open: the command runs", async () => {
    for (const body of [deny(), 'return { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "ask", permissionDecisionReason: "r" } };', 'return { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow" } };', exit2(""), 'return { continue: false, stopReason: "r" };', 'return { decision: "approve" };']) {
      const { of } = await run([{ id: "h", body }]);
      expect(of("tool.call").map((e) => e.input), body).toEqual([{ cmd: "npm test" }]);
      expect(of("tool.result").map((e) => e.content), body).toEqual(["ran"]);
    }
  });

  it("fact 6: a legacy decision block with a reason blocks with the same text", async () => {
    const { of } = await run([{ id: "legacy", body: 'return { decision: "block", reason: "tk-legacy" };' }]);
    expect(of("tool.result")[0]?.content).toBe("Command blocked by PreToolUse hook: tk-legacy. Command: npm test");
  });

  it("fact 7: updatedInput applies only with permissionDecision allow; PostToolUse sees the rewritten command", async () => {
    const allowed = await run([
      { id: "rw", body: rewrite("echo safe") },
      { id: "post", point: "PostToolUse", body: "return;" },
    ]);
    expect(allowed.of("tool.call")[0]?.input).toEqual({ cmd: "echo safe" });
    expect(allowed.of("point.start").find((e) => e.point === "PostToolUse")).toMatchObject({ context: { input: { tool_input: { command: "echo safe" } } } });
    const ignored = await run([{ id: "rw", body: rewrite("echo safe", null) }]);
    expect(ignored.of("tool.call")[0]?.input).toEqual({ cmd: "npm test" });
  });

  it("facts 8, 9: two rewrites: the last hook to complete wins", async () => {
    const hooks = [
      { id: "h1", body: rewrite("one") },
      { id: "h2", body: rewrite("two") },
    ];
    expect((await run(hooks)).of("tool.call")[0]?.input).toEqual({ cmd: "two" });
    expect((await run(hooks, { completionOrder: "reverse" })).of("tool.call")[0]?.input).toEqual({ cmd: "one" });
  });

  it("facts 10, 11: two denies: the reason of the first hook in config order, whichever completes first", async () => {
    const hooks = [
      { id: "first", body: deny("tk-first") },
      { id: "second", body: deny("tk-second") },
    ];
    for (const completionOrder of ["declared", "reverse"] as const) {
      const { of } = await run(hooks, { completionOrder });
      expect(of("tool.result")[0]?.content, completionOrder).toBe("Command blocked by PreToolUse hook: tk-first. Command: npm test");
    }
  });

  it("fact 34: a fail-open answer configured first does not count; exit 2 configured first beats a deny", async () => {
    const { of } = await run([
      { id: "no-reason", body: deny() },
      { id: "exit2", body: exit2("tk-x") },
      { id: "deny", body: deny("tk-d") },
    ]);
    expect(of("tool.result")[0]?.content).toBe("Command blocked by PreToolUse hook: tk-x. Command: npm test");
  });

  it("fact 12: a deny beats another hook's allow + updatedInput", async () => {
    const { of } = await run([
      { id: "rw", body: rewrite("echo safe") },
      { id: "gate", body: deny("tk-d") },
    ]);
    expect(of("tool.result")[0]?.content).toBe("Command blocked by PreToolUse hook: tk-d. Command: npm test");
  });

  it("facts 13, 39: only [A-Za-z0-9_|] is an exact name list; anything else is an unanchored regex", async () => {
    const matches = async (matcher: string) => (await run([{ id: "m", matcher, body: deny("tk") }])).of("tool.result")[0]?.content !== "ran";
    const results: Record<string, boolean> = {};
    for (const m of ["exec_command", "^ba", "Edit|Write", "bash", "Bas", "^Ba.*", "a.h", "Bash|Edit", "*", "B-a|Bash"]) results[m] = await matches(m);
    expect(results).toEqual({ exec_command: false, "^ba": false, "Edit|Write": false, bash: false, Bas: false, "^Ba.*": true, "a.h": true, "Bash|Edit": true, "*": true, "B-a|Bash": true });
  });

  it("fact 14: a matcher is ignored on UserPromptSubmit and Stop", async () => {
    const { of } = await run([
      { id: "ups", point: "UserPromptSubmit", matcher: "NOPE", body: "return;" },
      { id: "stop", point: "Stop", matcher: "Bash", body: "return;" },
    ]);
    expect(of("hook.start").map((e) => e.hookId)).toEqual(["ups", "stop"]);
  });

  it("facts 17, 33: PostToolUse replacements replace the output the model sees, joined by a blank line in config order; the loop goes on", async () => {
    const hooks = [
      { id: "p1", point: "PostToolUse", body: 'return { decision: "block", reason: "R1" };' },
      { id: "p2", point: "PostToolUse", body: "return { continue: false };" },
      { id: "p3", point: "PostToolUse", body: 'return { decision: "block" };' },
    ];
    for (const completionOrder of ["declared", "reverse"] as const) {
      const { of, result } = await run(hooks, { completionOrder });
      expect(of("model.request")[1]?.messages.at(-1)?.content, completionOrder).toEqual([{ type: "tool_result", tool_use_id: "call_1", content: "R1\n\nPostToolUse hook stopped execution", is_error: false }]);
      expect(result.exitReason).toBe("no_tool_calls");
    }
  });

  it("facts 20-22: a Stop block sends the reasons back as one user message of <hook_prompt>s; an always-blocking hook is never capped", async () => {
    const responses = Array.from({ length: 12 }, (_, i) => answer(`answer ${i}`));
    const { of, result } = await run([{ id: "always", point: "Stop", body: 'return { decision: "block", reason: "tk-sb" };' }], { responses });
    // 12 scripted answers, each blocked: the 13th request finds the script exhausted; no cap ended it.
    expect(of("model.request")).toHaveLength(13);
    expect(of("model.request")[1]?.messages.at(-1)).toEqual({ role: "user", content: [{ type: "text", text: '<hook_prompt hook_run_id="stop:0:/home/user/project/.codex/hooks.json">tk-sb</hook_prompt>' }] });
    expect(result.exitReason).toBe("script_exhausted");
    const active = of("point.start").filter((e) => e.point === "Stop").map((e) => (e.context as { input: { stop_hook_active: boolean } }).input.stop_hook_active);
    expect(active.slice(0, 3)).toEqual([false, true, true]);
  });

  it("fact 25: a UserPromptSubmit block is silent: no model request, no reply, the reason nowhere", async () => {
    const { of, result } = await run([{ id: "ups", point: "UserPromptSubmit", body: 'return { decision: "block", reason: "tk-ub" };' }]);
    expect(of("model.request")).toEqual([]);
    expect(result.exitReason).toBe("prompt_blocked");
    expect(JSON.stringify(of("run.end"))).not.toContain("tk-ub");
  });

  it("facts 23, 24: a crashing hook does not block", async () => {
    const { of } = await run([{ id: "crash", body: 'throw new Error("boom");' }]);
    expect(of("tool.result").map((e) => e.content)).toEqual(["ran"]);
  });
});

describe("Codex matchers explained (the hook panel's tester)", () => {
  it("reads B-a|Bash as a regex under Codex's rules and as names under Claude Code's", async () => {
    const { testMatchers } = await import("../../../core/pipeline/matcherGroups");
    const hooks = [{ id: "h", name: "h", matcher: "B-a|Bash", enabled: true }];
    expect(testMatchers(hooks, "xBashx", "codex")).toEqual([{ hookId: "h", name: "h", runs: true, why: "the regular expression /B-a|Bash/ matches" }]);
    expect(testMatchers(hooks, "xBashx")).toEqual([{ hookId: "h", name: "h", runs: false, why: "not one of B-a, Bash (case-sensitive)" }]);
  });
});
