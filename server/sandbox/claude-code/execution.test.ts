import { afterAll, describe, expect, it } from "vitest";
import type { ApprovalAnswer } from "../../../core/engine/approval";
import type { ScenarioInput } from "../../../core/profiles/scenarioTypes";
import { claudeCodeProfile } from "../../../core/profiles";
import { collectTrace, createSandboxSimulator, parseWithFirstScenario } from "../testing/simulateInSandbox";

/**
 * Claude Code's execution rules (semantics.md §3c, §3f) end to end: hooks written as users write
 * them, run in the QuickJS sandbox, folded by core/chain, applied by the profile's binding.
 */

interface HookDef {
  id: string;
  point?: string;
  matcher?: string;
  onFailure?: "continue" | "block";
  body: string;
}

const sandbox = createSandboxSimulator();
afterAll(() => sandbox.dispose());

const bashCall = (command: string, id = "toolu_1") => ({ content: [{ type: "tool_use", id, name: "Bash", input: { command } }], stopReason: "tool_use" });
const answer = (text: string) => ({ content: [{ type: "text", text }], stopReason: "end_turn" });

async function run(hooks: HookDef[], extra: Partial<ScenarioInput> & { responses?: unknown[] } = {}, gate?: ApprovalAnswer["decision"]) {
  const { responses = [bashCall("npm test"), answer("done")], ...scenarioExtra } = extra;
  const document = {
    format: "hookwright.pipeline/v1",
    name: "cc",
    profile: "claude-code",
    hooks: hooks.map((h) => ({
      id: h.id,
      point: h.point ?? "PreToolUse",
      name: h.id,
      matcher: h.matcher ?? null,
      ...(h.onFailure ? { onFailure: h.onFailure } : {}),
      code: `export default async (input: any) => {\n${h.body}\n};\n`,
    })),
    scenarios: [
      {
        name: "s",
        prompt: "go",
        model: { kind: "scripted", responses },
        tools: [{ name: "Bash", inputSchema: { type: "object" }, results: ["ok"] }],
        ...scenarioExtra,
      },
    ],
  };
  const trace = collectTrace();
  const approvals = gate ? { request: () => Promise.resolve({ decision: gate, by: "test", at: 0 }) } : undefined;
  const result = await sandbox.simulate({ ...parseWithFirstScenario(document), profile: claudeCodeProfile, emit: trace.emit, approvals });
  return { result, ...trace };
}

const deny = (reason: string) => `return { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: ${JSON.stringify(reason)} } };`;
const rewrite = (command: string, decision = "allow") => `return { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "${decision}", updatedInput: { command: ${JSON.stringify(command)} } } };`;

describe("Claude Code execution through the sandbox", () => {
  it("a deny blocks the call: the model receives an is_error tool_result with the reason; the other hooks still ran", async () => {
    const { of } = await run([
      { id: "allow", body: rewrite("echo allowed") },
      { id: "gate", body: deny("no tests today") },
    ]);
    expect(of("tool.result")).toMatchObject([{ content: "PreToolUse:Bash hook error: no tests today", isError: true, claimedBy: "gate" }]);
    expect(of("hook.end").map((e) => [e.hookId, e.decision])).toEqual([
      ["allow", "allow"],
      ["gate", "deny"],
    ]);
    const request = of("model.request")[1];
    expect(request?.messages.at(-1)?.content).toEqual([{ type: "tool_result", tool_use_id: "toolu_1", content: "PreToolUse:Bash hook error: no tests today", is_error: true }]);
  });

  it("updatedInput: the hook completing last wins; completionOrder decides which", async () => {
    const hooks = [
      { id: "h1", body: rewrite("one") },
      { id: "h2", body: rewrite("two") },
    ];
    expect((await run(hooks)).of("tool.call")[0]?.input).toEqual({ command: "two" });
    expect((await run(hooks, { completionOrder: "reverse" })).of("tool.call")[0]?.input).toEqual({ command: "one" });
    const end = (await run(hooks, { completionOrder: "reverse" })).of("point.end")[0];
    expect(end?.result).toMatchObject({ decision: "allow", updatedInput: { command: "one" }, updatedBy: "h1" });
  });

  it("throw new BlockingError(reason) is exit 2: the call is denied with the reason, over an allow", async () => {
    const { of } = await run([
      { id: "allow", body: 'return { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow" } };' },
      { id: "exit2", body: 'class BlockingError extends Error { name = "BlockingError"; }\nthrow new BlockingError("tests are red");' },
    ]);
    // The host names the command before an exit 2's stderr; a function hook's command is its plugin export's (3f).
    expect(of("tool.result")).toMatchObject([{ content: 'PreToolUse:Bash hook error: [node "${CLAUDE_PLUGIN_ROOT}/hooks/exit2.mjs"]: tests are red', isError: true, claimedBy: "exit2" }]);
    expect(of("tool.call")).toHaveLength(1);
  });

  it("a failing hook does not block by default; with onFailure block it denies with the failure", async () => {
    const body = 'throw new Error("boom");';
    const open = await run([{ id: "crash", body }]);
    expect(open.of("tool.result")).toMatchObject([{ content: "ok", isError: false }]);
    expect(open.of("point.end")[0]?.result).toMatchObject({ decision: null, failures: [{ hookId: "crash", blocked: false }] });
    const closed = await run([{ id: "crash", body, onFailure: "block" }]);
    const content = closed.of("tool.result")[0]?.content;
    expect(content).toMatch(/^PreToolUse:Bash hook error: Error: boom \(hooks\/crash\.ts:\d+:\d+\)$/);
  });

  it("a hookSpecificOutput naming another event is ignored: the tool runs and the trace says why", async () => {
    const { of } = await run([{ id: "wrong", body: 'return { hookSpecificOutput: { hookEventName: "PostToolUse", permissionDecision: "deny" } };' }]);
    expect(of("tool.result")).toMatchObject([{ content: "ok", isError: false }]);
    expect(of("point.end")[0]?.result).toMatchObject({
      decision: null,
      rejected: [{ hookId: "wrong", reason: 'hookSpecificOutput.hookEventName is "PostToolUse", not "PreToolUse": the host ignores its whole hookSpecificOutput' }],
    });
  });

  it("matchers are case-sensitive: a hook on `bash` never sees Bash; Bash|Write does", async () => {
    const { of } = await run([
      { id: "lower", matcher: "bash", body: deny("x") },
      { id: "alt", matcher: "Bash|Write", body: "return;" },
    ]);
    expect(of("hook.start").map((e) => e.hookId)).toEqual(["alt"]);
  });

  it("ask goes to the approval gate: allow-always runs the call, deny gives the denial, no surface denies with the reason", async () => {
    const ask = [{ id: "asker", body: 'return { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "ask", permissionDecisionReason: "touches prod" } };' }];
    const allowed = await run(ask, {}, "allow-always");
    expect(allowed.of("approval.request")).toHaveLength(1);
    expect(allowed.of("tool.result")).toMatchObject([{ content: "ok", isError: false }]);
    const denied = await run(ask, {}, "deny");
    expect(denied.of("tool.result")).toMatchObject([{ content: "Permission to use Bash has been denied.", isError: true }]);
    const headless = await run(ask);
    expect(headless.of("tool.result")).toMatchObject([{ content: "PreToolUse:Bash hook error: touches prod", isError: true }]);
  });

  it("a PermissionRequest hook answers the ask before anyone is asked", async () => {
    const { of } = await run([
      { id: "asker", body: 'return { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "ask" } };' },
      { id: "perm", point: "PermissionRequest", matcher: "Bash", body: 'return { hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "allow", updatedInput: { command: "npm test -- --ci" } } } };' },
    ]);
    expect(of("approval.request")).toHaveLength(0);
    expect(of("tool.call")[0]?.input).toEqual({ command: "npm test -- --ci" });
  });

  it("defer ends the run: the tool does not run and no tool_result is sent", async () => {
    const { result, of } = await run([{ id: "later", body: 'return { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "defer" } };' }]);
    expect(result.exitReason).toBe("tool_deferred");
    expect(of("tool.call")).toHaveLength(0);
  });

  it("continue:false on PreToolUse lets the tool run, then the run ends before the next model request", async () => {
    const { result, of } = await run([{ id: "halt", body: 'return { continue: false, stopReason: "budget spent" };' }]);
    expect(of("tool.result")).toMatchObject([{ content: "ok", isError: false }]);
    expect([result.exitReason, result.error]).toEqual(["stopped_by_hook", "a PreToolUse hook returned continue: false: budget spent"]);
    expect(of("model.request")).toHaveLength(1);
  });

  it("Stop block feeds the reason back once when the hook checks stop_hook_active", async () => {
    const { result, of } = await run(
      [{ id: "tests", point: "Stop", body: 'if (input.stop_hook_active) return;\nreturn { decision: "block", reason: "run the tests" };' }],
      { responses: [answer("done"), answer("tests pass")] },
    );
    expect(result.exitReason).toBe("no_tool_calls");
    expect(of("point.start").map((e) => (e.context.input as { stop_hook_active: boolean }).stop_hook_active)).toEqual([false, true]);
    expect(of("model.request")[1]?.messages.at(-1)).toEqual({
      role: "user",
      content: [
        { type: "text", text: "Stop hook feedback:\nrun the tests" },
        { type: "text", text: 'Stop hook blocking error from command: "node "${CLAUDE_PLUGIN_ROOT}/hooks/tests.mjs"": run the tests' },
      ],
    });
  });

  const cmd = (id: string) => `node "\${CLAUDE_PLUGIN_ROOT}/hooks/${id}.mjs"`;
  const exit2 = (reason: string) => `class BlockingError extends Error { name = "BlockingError"; }\nthrow new BlockingError(${JSON.stringify(reason)});`;
  const context = (event: string, text: string) => `return { hookSpecificOutput: { hookEventName: "${event}", additionalContext: ${JSON.stringify(text)} } };`;
  const texts = (message: { content: { type: string; text?: string }[] } | undefined) => (message?.content ?? []).flatMap((b) => (b.type === "text" ? [b.text] : []));

  it("PreToolUse contexts from a silent hook and from the denying hook reach the model after the denial, in completion order (3f)", async () => {
    const hooks = [
      { id: "note", body: context("PreToolUse", "pre one") },
      { id: "gate", body: 'return { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no way", additionalContext: "from the gate" } };' },
      { id: "more", body: context("PreToolUse", "pre two") },
    ];
    const { of } = await run(hooks);
    const request = of("model.request")[1];
    expect(request?.messages.at(-1)).toEqual({
      role: "user",
      content: [
        { type: "tool_result", tool_use_id: "toolu_1", content: "PreToolUse:Bash hook error: no way", is_error: true },
        { type: "text", text: "PreToolUse:Bash hook additional context: pre one\nfrom the gate\npre two" },
      ],
    });
    // Reversed completion: the same texts, the other way round; an allowed call gets them after its result too.
    const reversed = await run([hooks[0] as HookDef, hooks[2] as HookDef], { completionOrder: "reverse" });
    expect(reversed.of("model.request")[1]?.messages.at(-1)).toEqual({
      role: "user",
      content: [
        { type: "tool_result", tool_use_id: "toolu_1", content: "ok", is_error: false },
        { type: "text", text: "PreToolUse:Bash hook additional context: pre two\npre one" },
      ],
    });
  });

  it("PostToolUse: a block, a context, an exit 2 and a second block each give their own entry, in completion order (3f)", async () => {
    const { of } = await run([
      { id: "lint", point: "PostToolUse", body: 'return { decision: "block", reason: "reason A" };' },
      { id: "note", point: "PostToolUse", body: context("PostToolUse", "context one") },
      { id: "strict", point: "PostToolUse", body: exit2("stderr two") },
      { id: "style", point: "PostToolUse", body: 'return { decision: "block", reason: "reason B" };' },
    ]);
    expect(texts(of("model.request")[1]?.messages.at(-1) as never)).toEqual([
      [
        `PostToolUse:Bash hook blocking error from command: "${cmd("lint")}": reason A`,
        "PostToolUse:Bash hook additional context: context one",
        `PostToolUse:Bash hook blocking error from command: "${cmd("strict")}": [${cmd("strict")}]: stderr two`,
        `PostToolUse:Bash hook blocking error from command: "${cmd("style")}": reason B`,
      ].join("\n\n"),
    ]);
  });

  it("three Stop hooks blocking at once: one feedback per hook in completion order and the decision blocks listed; next stop, one per hook still blocking (3f)", async () => {
    const { result, of } = await run(
      [
        { id: "always", point: "Stop", body: 'return { decision: "block", reason: "stop A" };' },
        { id: "once-exit", point: "Stop", body: `if (input.stop_hook_active) return;\n${exit2("stop B")}` },
        { id: "once", point: "Stop", body: 'if (input.stop_hook_active) return;\nreturn { decision: "block", reason: "stop C" };' },
      ],
      { responses: [answer("one"), answer("two"), ...Array.from({ length: 10 }, () => answer("more"))] },
    );
    const requests = of("model.request");
    expect(texts(requests[1]?.messages.at(-1) as never)).toEqual([
      "Stop hook feedback:\nstop A\n",
      `Stop hook feedback:\n[${cmd("once-exit")}]: stop B\n`,
      "Stop hook feedback:\nstop C",
      `Stop hook blocking error from command: "${cmd("always")}": stop A\n\nStop hook blocking error from command: "${cmd("once")}": stop C`,
    ]);
    expect(texts(requests[2]?.messages.at(-1) as never)).toEqual(["Stop hook feedback:\nstop A", `Stop hook blocking error from command: "${cmd("always")}": stop A`]);
    // The hook that always blocks is capped as in the engine: 9 model requests in all.
    expect([result.exitReason, requests.length]).toEqual(["stop_hook_cap", 9]);
  });

  it("continue:false beside a deny or an exit 2 ends the run after the hooks with no denial; beside an ask the ask is answered and the run goes on (3f)", async () => {
    const halt = { id: "halt", body: 'return { continue: false, stopReason: "budget spent" };' };
    for (const other of [{ id: "gate", body: deny("no way") }, { id: "strict", body: exit2("red") }]) {
      const { result, of } = await run([halt, other]);
      expect([result.exitReason, of("model.request").length, of("tool.result").length]).toEqual(["stopped_by_hook", 1, 0]);
    }
    const asked = await run([halt, { id: "asker", body: 'return { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "ask", permissionDecisionReason: "touches prod" } };' }]);
    expect(asked.of("tool.result")).toMatchObject([{ content: "PreToolUse:Bash hook error: touches prod", isError: true }]);
    expect([asked.result.exitReason, asked.of("model.request").length]).toEqual(["no_tool_calls", 2]);
  });

  it("a Stop hook that ignores stop_hook_active is stopped after 9 blocks in a row, and the run says which hook", async () => {
    const { result, of } = await run([{ id: "nag", point: "Stop", body: 'return { decision: "block", reason: "again" };' }], { responses: Array.from({ length: 12 }, () => answer("done")), limits: { maxModelCalls: 50 } });
    expect(result.exitReason).toBe("stop_hook_cap");
    expect(result.error).toBe(
      'the Stop hook "nag" blocked 9 times in a row, so the host ended the turn (its limit, CLAUDE_CODE_STOP_HOOK_BLOCK_CAP). The hook ignores stop_hook_active: return nothing when input.stop_hook_active is true.',
    );
    expect(of("model.request")).toHaveLength(9);
  });

  it("onFailure block is ignored on Stop: a crashing Stop hook never keeps the loop going", async () => {
    const { result, of } = await run([{ id: "crash", point: "Stop", onFailure: "block", body: 'throw new Error("x");' }], { responses: [answer("done")] });
    expect(result.exitReason).toBe("no_tool_calls");
    expect(of("model.request")).toHaveLength(1);
  });
});

describe("race flag on the examples", () => {
  it("appears on the updatedInput race example (every scenario) and on no other Claude Code example", async () => {
    const { examplePipelines } = await import("../../../core/examples");
    const flagged: string[] = [];
    for (const example of examplePipelines.filter((p) => p.profile === "claude-code")) {
      const { pipeline } = parseWithFirstScenario(example);
      for (const scenario of pipeline.scenarios) {
        const { events, emit } = collectTrace();
        await sandbox.simulate({ pipeline, scenario, profile: claudeCodeProfile, emit });
        for (const e of events) {
          const race = e.type === "point.end" && e.result && typeof e.result === "object" && !Array.isArray(e.result) ? e.result.orderDependent : null;
          if (race && typeof race === "object" && !Array.isArray(race)) flagged.push(`${example.name} / ${scenario.name}: ${String(race.message)}`);
        }
      }
    }
    expect(flagged).toEqual([
      "Claude Code updatedInput race / declared order: the tool input depends on which hook finishes last: add-timeout and ci-env both rewrite `command`",
      "Claude Code updatedInput race / reverse order: the tool input depends on which hook finishes last: add-timeout and ci-env both rewrite `command`",
    ]);
  });
});
