import { afterAll, describe, expect, it } from "vitest";
import { deputyRunner, done, rSkipReason, toolCall, type RHook } from "./testing";

/**
 * deputy.md §9, pinned by running R callbacks through Hookwright's deputy runtime: R in the
 * process sandbox, deputy's registry rules in R (deputyRuntime.ts), the deputy binding on the loop.
 */

const r = deputyRunner();
afterAll(() => r.dispose());

const pre = (id: string, body: string, extra: Partial<RHook> = {}): RHook => ({ id, code: `function(tool_name, tool_input, context) {\n${body}\n}\n`, ...extra });
const post = (id: string, body: string, extra: Partial<RHook> = {}): RHook => ({ id, point: "PostToolUse", code: `function(tool_name, tool_result, tool_error, context) {\n${body}\n}\n`, ...extra });
const DENY = 'HookResultPreToolUse("deny", reason = "no")';
const ALLOW = 'HookResultPreToolUse("allow")';

describe.skipIf(rSkipReason !== null)("deputy runtime (R)", () => {
  describe("chain: registration order, first non-NULL wins (§9.3)", () => {
    it("calls A (NULL), then B (allow), and never C (deny): the call runs", async () => {
      const run = await r.run([pre("A", "NULL"), pre("B", ALLOW), pre("C", DENY)]);
      expect(run.of("hook.end").map((e) => [e.hookId, e.decision ?? null])).toEqual([
        ["A", null],
        ["B", "allow"],
      ]);
      expect(run.of("point.end")[0]?.result).toEqual({
        winner: "B",
        value: { HookResultPreToolUse: { permission: "allow", reason: null, continue: true, additional_context: null, stop_reason: null } },
        notCalled: [{ hookId: "C", why: "not called: B returned allow first, and deputy calls no later hook (first non-NULL wins)", by: "B" }],
      });
      expect(run.of("hook.end")[1]?.logs).toEqual([{ level: "warn", message: "B returned allow first: C was not called (first non-NULL wins)." }]);
      expect(run.of("tool.result")[0]).toMatchObject({ content: "ran", isError: false });
    });

    it("a value that is not a deputy result also ends the chain, and is ignored: the call runs (§9.4)", async () => {
      for (const value of ['"deny"', 'list(permission = "deny")', "TRUE"]) {
        const run = await r.run([pre("odd", value), pre("C", DENY)]);
        expect(run.of("hook.end").map((e) => e.hookId)).toEqual(["odd"]);
        expect(run.of("hook.end")[0]?.decision).toBeUndefined();
        expect(run.of("tool.result")[0]).toMatchObject({ content: "ran", isError: false });
      }
      const run = await r.run([pre("odd", 'list(permission = "deny")'), pre("C", DENY)]);
      expect(run.of("hook.end")[0]?.output).toEqual({ permission: "deny" });
      expect(run.of("hook.end")[0]?.logs).toEqual([{ level: "warn", message: "odd returned a non-NULL value first: C was not called (first non-NULL wins); it is not a HookResultPreToolUse, so deputy ignores it (the call is allowed)." }]);
    });
  });

  describe("patterns: grepl on the tool name, TRE (§9.1, §9.2)", () => {
    it("^run_bash$ matches run_bash only; an unanchored pattern matches inside the name; case counts", async () => {
      const hooks = [pre("exact", DENY, { pattern: "^run_bash$" })];
      expect((await r.run(hooks)).of("hook.end").map((e) => e.hookId)).toEqual(["exact"]);
      for (const name of ["RUN_BASH", "xrun_bash"]) {
        const run = await r.run(hooks, { model: { kind: "scripted", responses: [toolCall(name, { command: "ls" }), done] }, tools: [{ name, inputSchema: { type: "object" }, results: ["ran"] }] });
        expect(run.of("hook.end")).toEqual([]);
        expect(run.of("point.end")[0]?.result).toEqual({ winner: null, value: null, notCalled: [{ hookId: "exact", why: `not called: pattern "^run_bash$" does not match tool "${name}" (grepl)` }] });
      }
      const unanchored = await r.run([pre("part", DENY, { pattern: "bash" }), pre("digits", DENY, { pattern: "^[a-z_]+\\d?$" })]);
      expect(unanchored.of("hook.end").map((e) => [e.hookId, e.decision])).toEqual([["part", "deny"]]);
    });

    it("a lookahead is refused at once, before the run, with deputy's message", async () => {
      await expect(r.run([pre("look", DENY, { pattern: "^(?!read)" })])).rejects.toThrow('hooks[0].matcher: Invalid hook pattern: "^(?!read)" (R\'s TRE regex engine has no lookarounds');
    });

    it("a pattern only R can tell TRE refuses is refused at registration with deputy's message; the others still run", async () => {
      const run = await r.run([pre("class", DENY, { pattern: "[[:foo:]]" }), pre("B", ALLOW)]);
      const [refused, b] = run.of("hook.end");
      expect(refused).toMatchObject({ hookId: "class", status: "threw", error: 'Invalid hook pattern: "[[:foo:]]"' });
      expect(refused?.logs).toEqual([{ level: "warn", message: "HookMatcher$new() refused this hook, so it was never added: in deputy the script registering the hooks stops with this error before the agent runs" }]);
      expect(b).toMatchObject({ hookId: "B", decision: "allow" });
    });

    it("a hook with a pattern on an event without a tool name never fires", async () => {
      const run = await r.run([{ id: "stop", point: "Stop", pattern: ".*", code: 'function(reason, context) stop("never")' }]);
      expect(run.of("hook.end")).toEqual([]);
      expect(run.of("point.end").find((e) => e.point === "Stop")?.result).toEqual({ winner: null, value: null, notCalled: [{ hookId: "stop", why: 'not called: it has pattern ".*", and Stop passes no tool name, so it never matches' }] });
    });
  });

  describe("signatures (HookMatcher$new, D:R/hook-validation.R)", () => {
    it("refuses a callback without the event's argument names, accepts ... and optional extras", async () => {
      const run = await r.run([
        { id: "bad", code: "function(name, input) NULL" },
        { id: "dots", code: "function(...) NULL" },
        { id: "extra", code: "function(tool_name, tool_input, context, verbose = FALSE) NULL" },
        { id: "notfn", code: "42" },
      ]);
      expect(run.of("hook.end").map((e) => [e.hookId, e.error])).toEqual([
        ["bad", 'Invalid callback for "PreToolUse" hook. Expected signature: function(tool_name, tool_input, context) or a callback accepting `...`.'],
        ["dots", null],
        ["extra", null],
        ["notfn", "`callback` must be a function"],
      ]);
    });
  });

  describe("errors and timeouts (§9.5)", () => {
    it("a PreToolUse error denies with Hook error: <message> and ends the chain; the model reads ellmer's rejection (§9.6)", async () => {
      const run = await r.run([pre("boom", '  stop("boom")'), pre("later", ALLOW)]);
      expect(run.of("hook.end").map((e) => [e.hookId, e.error])).toEqual([["boom", "boom"]]);
      expect(run.of("hook.end")[0]?.errorLocation).toEqual({ file: "hooks/boom.R", line: 2, column: 1 });
      expect(run.of("point.end")[0]?.result).toMatchObject({ winner: "boom", value: { HookResultPreToolUse: { permission: "deny", reason: "Hook error: boom" } } });
      const refused = { type: "tool_result", tool_use_id: "call_1", content: "Tool calling failed with error Tool call rejected. Hook error: boom", is_error: true };
      expect(run.of("model.request")[1]?.messages.at(-1)?.content).toEqual([refused]);
      expect(run.of("tool.call").length).toBe(1);
      expect(run.result.exitReason).toBe("no_tool_calls");
    });

    it("a deny without a reason reads Denied by hook; PostToolUse still fires with the rejection", async () => {
      const run = await r.run([pre("deny", 'HookResultPreToolUse("deny")'), post("log", "  message(tool_error); NULL")]);
      expect(run.of("tool.result")[0]?.content).toBe("Tool calling failed with error Tool call rejected. Denied by hook");
      expect(run.of("hook.end")[1]).toMatchObject({ hookId: "log", logs: [{ level: "info", message: "Tool call rejected. Denied by hook" }] });
      expect(run.of("hook.end")[1]?.logs.length).toBe(1);
      expect(run.of("point.start").find((e) => e.point === "PostToolUse")?.context).toMatchObject({ tool_name: "run_bash", tool_result: null, tool_error: "Tool call rejected. Denied by hook" });
    });

    it("permission must be allow or deny: ask fails in match.arg, which denies", async () => {
      const run = await r.run([pre("ask", 'HookResultPreToolUse("ask")')]);
      expect(run.of("tool.result")[0]?.content).toBe("Tool calling failed with error Tool call rejected. Hook error: 'arg' should be one of “allow”, “deny”");
    });

    it("elsewhere an error is logged and the next hook is called", async () => {
      const run = await r.run([post("boom", '  stop("audit down")'), post("next", "  message(\"still here\"); NULL")], { hostContext: { permission_mode: "full" } });
      expect(run.of("hook.end").map((e) => [e.hookId, e.error, e.logs.map((l) => l.message)])).toEqual([
        ["boom", "audit down", ["PostToolUse hook failed: logged in registry$last_errors(), the next hook is called"]],
        ["next", null, ["still here"]],
      ]);
      expect(run.of("tool.result")[0]?.content).toBe("ran");
    });

    it("a looping PreToolUse callback is stopped and denies (callr's timeout message), while this process answers", async () => {
      let ticks = 0;
      const timer = setInterval(() => ticks++, 20);
      const started = Date.now();
      const run = await r.run([pre("spin", "  repeat {}", { timeout: 1 })]);
      clearInterval(timer);
      expect(run.of("hook.end")[0]).toMatchObject({ hookId: "spin", status: "timeout", error: "callr timed out" });
      expect(run.of("tool.result")[0]?.content).toBe("Tool calling failed with error Tool call rejected. Hook error: callr timed out");
      // The callback's limit is the run's 1 s; the event loop kept turning all along.
      expect(Date.now() - started).toBeLessThan(8000);
      expect(ticks).toBeGreaterThan((Date.now() - started) / 20 / 3);
    });

    it("with timeout = 0 deputy sets no limit: Hookwright stops it at the run's limit and says so", async () => {
      const run = await r.run([pre("spin", "  repeat {}", { timeout: 0 })]);
      expect(run.of("hook.end")[0]).toMatchObject({ hookId: "spin", status: "timeout", error: "reached elapsed time limit" });
      expect(run.of("hook.end")[0]?.logs.map((l) => l.message)).toEqual([
        "Hookwright stopped the callback at its 1 s limit; with timeout = 0 deputy sets no limit and the agent would hang here",
        "PreToolUse hook failed - denying tool for safety",
      ]);
    });
  });

  describe("the timeout = 30 trap: callbacks run in a fresh R process (§9.15)", () => {
    it("an unqualified HookResultPreToolUse() is not found there: every call is denied, and the card shows the cause", async () => {
      const run = await r.run([pre("trap", "  HookResultPreToolUse(\"allow\")", { timeout: null })]);
      expect(run.of("hook.end")[0]).toMatchObject({ hookId: "trap", status: "threw", error: 'in callr subprocess. Caused by: could not find function "HookResultPreToolUse"' });
      expect(run.of("tool.result")[0]?.content).toBe("Tool calling failed with error Tool call rejected. Hook error: in callr subprocess.");
      const qualified = await r.run([pre("ok", '  deputy::HookResultPreToolUse("allow")', { timeout: null })]);
      expect(qualified.of("tool.result")[0]).toMatchObject({ content: "ran", isError: false });
    });

    it("state a callback changes is lost with timeout > 0 and kept with timeout = 0", async () => {
      const counter = (id: string, timeout: number | null): RHook => ({ id, point: "PostToolUse", timeout, code: 'local({ n <- 0; function(tool_name, tool_result, tool_error, context) { n <<- n + 1; message("call ", n); NULL } })\n' });
      const twice = { model: { kind: "scripted", responses: [toolCall("read_file", { path: "a" }, "c1"), toolCall("read_file", { path: "b" }, "c2"), done] } };
      const kept = await r.run([counter("kept", 0)], twice);
      expect(kept.of("hook.end").map((e) => e.logs[0]?.message)).toEqual(["call 1", "call 2"]);
      const lost = await r.run([counter("lost", 30)], twice);
      expect(lost.of("hook.end").map((e) => e.logs[0]?.message)).toEqual(["call 1", "call 1"]);
    });
  });

  describe("permissions come before hooks (§9.10)", () => {
    it("standard permissions reject run_bash with no PreToolUse; full mode reaches it", async () => {
      const gate = pre("gate", DENY, { pattern: "^run_bash$" });
      const standard = await r.run([gate], { hostContext: { permission_mode: "standard" } });
      expect(standard.of("point.start").map((e) => e.point)).toEqual([]);
      expect(standard.of("tool.result")[0]).toMatchObject({ content: "Tool calling failed with error Tool call rejected. Bash command execution is not allowed", isError: true, claimedBy: "" });
      const enabled = await r.run([gate], { hostContext: { permission_mode: "standard", permissions: { bash: true } } });
      expect(enabled.of("hook.end").map((e) => e.decision)).toEqual(["deny"]);
    });
  });

  describe("results deputy reads, and those it ignores (§9.7, §9.8, §9.11)", () => {
    it("PreToolUse continue = FALSE with allow: the tool runs, then the run stops (stop_reason)", async () => {
      const run = await r.run([pre("halt", '  HookResultPreToolUse("allow", continue = FALSE, stop_reason = "budget")')]);
      expect(run.of("tool.result")[0]).toMatchObject({ content: "ran" });
      expect(run.result.exitReason).toBe("budget");
      expect(run.of("model.request").length).toBe(1);
    });

    it("PostToolUse continue = FALSE ends the run before the model sees the result", async () => {
      const run = await r.run([post("halt", "  HookResultPostToolUse(continue = FALSE)")]);
      expect(run.result.exitReason).toBe("hook_requested_stop");
      expect(run.of("model.request").length).toBe(1);
      expect(run.of("point.start").map((e) => e.point)).toEqual(["PostToolUse"]);
    });

    it("Stop, SessionStart and SessionEnd returns are ignored; Stop gets deputy's reason", async () => {
      const run = await r.run([
        { id: "start", point: "SessionStart", code: 'function(context) list(stop = TRUE)' },
        { id: "stop", point: "Stop", code: 'function(reason, context) { message(reason); "continue please" }' },
        { id: "end", point: "SessionEnd", code: "function(reason, context) TRUE" },
      ]);
      expect(run.result.exitReason).toBe("no_tool_calls");
      expect(run.of("hook.end").map((e) => [e.hookId, e.output])).toEqual([
        ["start", { stop: true }],
        ["stop", "continue please"],
        ["end", true],
      ]);
      expect(run.of("hook.end")[1]?.logs[0]).toEqual({ level: "info", message: "complete" });
    });
  });

  describe("PreCompact: only on agent$compact() (§9.13)", () => {
    const compact = (summary: string | null) => ({ hostContext: { permission_mode: "full", compact: { keep_last: 2, summary } } });
    it("continue = FALSE cancels the compaction", async () => {
      const run = await r.run([{ id: "keep", point: "PreCompact", code: "function(turns_to_compact, turns_to_keep, context) HookResultPreCompact(continue = FALSE)" }], compact(null));
      expect(run.of("hook.end")[0]?.decision).toBe("cancel");
      expect(run.of("run.end")[0]?.messages?.length).toBe(4);
    });
    it("the hook's summary is used when the caller gives none, and the caller's wins over it", async () => {
      const hook: RHook = { id: "sum", point: "PreCompact", code: 'function(turns_to_compact, turns_to_keep, context) HookResultPreCompact(summary = paste(length(turns_to_compact), "turns, compact_count", context$compact_count))' };
      const own = await r.run([hook], compact(null));
      expect(own.of("point.start")[0]?.context).toMatchObject({ context: { total_turns: 4, compact_count: 2 } });
      expect(own.of("run.end")[0]?.messages?.length).toBe(2);
      expect(own.of("hook.end")[0]?.output).toEqual({ HookResultPreCompact: { continue: true, summary: "2 turns, compact_count 2" } });
      const callers = await r.run([hook], compact("the caller's"));
      expect(callers.of("run.end")[0]?.messages?.length).toBe(2);
    });
    it("does not fire without a compact() call", async () => {
      const run = await r.run([{ id: "sum", point: "PreCompact", code: "function(turns_to_compact, turns_to_keep, context) NULL" }]);
      expect(run.of("point.start")).toEqual([]);
    });
  });
});
