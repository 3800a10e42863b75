import { describe, expect, it } from "vitest";
import { inProcessModsTurn } from "./testing/inProcessTurn";

/** A turn of one Bash call (`rm -rf build`) through mods given as in-process functions `($, e, next)`. */
async function turn(
  hooks: { id: string; point: string; matcher?: string; fn: ($: { ui: { log(t: string): void } }, e: Record<string, unknown>, next: (e?: unknown) => Promise<unknown>) => unknown }[],
  /** settings.json PreToolUse hooks (matcher Bash), as in-process functions of the hook input. */
  settings: { id: string; matcher?: string; fn: (input: { tool_input: { command?: string } }) => unknown }[] = [],
) {
  const events = await inProcessModsTurn({
    hooks: [...hooks, ...settings.map((h) => ({ ...h, point: "PreToolUse", matcher: h.matcher ?? "Bash" }))],
    command: "rm -rf build",
    replies: ["ok"],
    results: ["out-1", "out-2"],
  });
  const cards = events.flatMap((e) => (e.type === "hook.end" ? [{ hook: e.hookId, status: e.status, decision: e.decision, patch: e.patch, error: e.error }] : []));
  const ran = events.flatMap((e) => (e.type === "tool.result" && !e.claimedBy ? [e.content] : []));
  const end = events.at(-1);
  const read = end?.type === "run.end" ? (end.messages ?? []).flatMap((m) => (Array.isArray(m.content) ? m.content.filter((b) => b.type === "tool_result") : [])).map((b) => (b.type === "tool_result" ? b.content : "")) : [];
  const texts = end?.type === "run.end" ? (end.messages ?? []).flatMap((m) => (m.role === "user" && Array.isArray(m.content) ? m.content.flatMap((b) => (b.type === "text" ? [b.text] : [])) : [])) : [];
  return { cards, ran, read, texts, exit: end?.type === "run.end" ? end.exitReason : null };
}

describe("claude-code-mods in the loop (in-process hooks)", () => {
  it("an answer stops the chain: the hook beneath is a card 'not reached', the tool never runs, the model reads the deny", async () => {
    const r = await turn([
      { id: "gate", point: "tool.call", fn: async () => ({ deny: "no" }) },
      { id: "below", point: "tool.call", fn: async (_$, e, next) => next(e) },
    ]);
    expect(r.cards).toEqual([
      { hook: "gate", status: "claimed", decision: 'answered: deny "no"', patch: [], error: null },
      { hook: "below", status: "unchanged", decision: "not reached: gate answered above it", patch: [], error: null },
    ]);
    expect(r.ran).toEqual([]);
    expect(r.read).toEqual(["<tool_use_error>no</tool_use_error>"]);
  });

  it("a rewrite is the card's patch and the tool runs with it; a throwing hook is skipped", async () => {
    const r = await turn([
      { id: "boom", point: "tool.call", fn: async () => { throw new Error("bad"); } },
      { id: "safe", point: "tool.call", matcher: "{ command: /rm -rf/ }", fn: async (_$, e, next) => next({ ...e, command: String(e.command).replace("rm -rf", "rm -ri") }) },
      { id: "unmatched", point: "tool.call", matcher: "{ tool: \"Read\" }", fn: async () => ({ deny: "never" }) },
    ]);
    expect(r.cards).toEqual([
      { hook: "boom", status: "threw", decision: "failed, skipped", patch: [], error: "threw Error: bad" },
      { hook: "safe", status: "changed", decision: "rewrote", patch: [{ op: "replace", path: "/command", value: "rm -ri build" }], error: null },
    ]);
    expect(r.ran).toEqual(["out-1"]);
    expect(r.read).toEqual(["out-1"]);
  });

  it("next twice runs the tool twice (the model reads what the hook returns); a classic deny reaches the model bare", async () => {
    const twice = await turn([{ id: "again", point: "tool.call", fn: async (_$, e, next) => { await next(e); return next(e); } }]);
    expect(twice.ran).toEqual(["out-1", "out-2"]);
    expect(twice.read).toEqual(["out-2"]);
    expect(twice.cards[0]?.decision).toBe("passed (next called 2 times)");
    const classic = await turn([{ id: "c", point: "classic.PreToolUse", fn: async () => ({ deny: "bare reason" }) }]);
    expect(classic.ran).toEqual([]);
    expect(classic.read).toEqual(["bare reason"]);
  });

  it("settings.json hooks run beneath the mods: they read the mods' rewrite, their deny reaches the classic mod and the model in their own words, their context after the result", async () => {
    const seen: string[] = [];
    const r = await turn(
      [
        { id: "safe", point: "tool.call", fn: async (_$, e, next) => next({ ...e, command: String(e.command).replace("rm -rf", "rm -ri") }) },
        {
          id: "reader",
          point: "classic.PreToolUse",
          fn: async (_$, e, next) => {
            const answer = await next(e);
            seen.push(JSON.stringify(answer));
            return answer;
          },
        },
      ],
      [
        { id: "gate", fn: (input) => (input.tool_input.command?.startsWith("rm -ri") ? { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no rm at all" } } : {}) },
        { id: "note", fn: () => ({ hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: "rm was asked for" } }) },
      ],
    );
    expect(seen).toEqual([JSON.stringify({ deny: "PreToolUse:Bash hook error: no rm at all", additionalContext: ["rm was asked for"] })]);
    expect(r.ran).toEqual([]);
    expect(r.read).toEqual(["PreToolUse:Bash hook error: no rm at all"]);
    expect(r.texts).toContain("PreToolUse:Bash hook additional context: rm was asked for");
    expect(r.cards.map((c) => [c.hook, c.status])).toEqual([
      ["safe", "changed"],
      ["reader", "unchanged"],
      ["gate", "unchanged"],
      ["note", "unchanged"],
    ]);
  });

  it("a settings updatedInput beats the mods' rewrite (fact 13); a mod's deny means the settings hooks never run (fact 14)", async () => {
    const updated = await turn(
      [{ id: "safe", point: "tool.call", fn: async (_$, e, next) => next({ ...e, command: "echo mod" }) }],
      [{ id: "upd", fn: () => ({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow", updatedInput: { command: "echo settings" } } }) }],
    );
    expect(updated.ran).toEqual(["out-1"]);
    expect(updated.exit).toBe("no_tool_calls");
    let called = false;
    const denied = await turn(
      [{ id: "gate", point: "tool.call", fn: async () => ({ deny: "mods first" }) }],
      [{ id: "never", fn: () => { called = true; return {}; } }],
    );
    expect(called).toBe(false);
    expect(denied.read).toEqual(["<tool_use_error>mods first</tool_use_error>"]);
  });

  it("a settings ask is refused as claude -p refuses it (the engine's sentence without a reason); a defer ends the run", async () => {
    const asked = await turn([], [{ id: "ask", fn: () => ({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "ask" } }) }]);
    expect(asked.read).toEqual(["Hook PreToolUse:Bash asked for confirmation for this tool"]);
    expect(asked.ran).toEqual([]);
    const deferred = await turn([], [{ id: "defer", fn: () => ({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "defer" } }) }]);
    expect(deferred.exit).toBe("tool_deferred");
    expect(deferred.ran).toEqual([]);
  });
});
