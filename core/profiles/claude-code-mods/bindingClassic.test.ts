import { describe, expect, it } from "vitest";
import { inProcessModsTurn } from "./testing/inProcessTurn";
import { checkClassicAnswer, classicFeedback } from "./classicEvents";

type Fn = ($: { ui: { log(t: string): void } }, e: Record<string, unknown>, next: (e?: unknown) => Promise<unknown>) => unknown;

/** A turn of one Bash call, then "done" (and "again" if sent back), through hooks given as in-process functions (mods and settings.json hooks). */
async function turn(hooks: { id: string; point: string; matcher?: string; fn: Fn | ((input: Record<string, unknown>) => unknown) }[]) {
  const events = await inProcessModsTurn({ hooks, command: "ls", replies: ["done", "again"], results: ["out-1"] });
  const end = events.at(-1);
  const messages = end?.type === "run.end" ? (end.messages ?? []) : [];
  // Hook texts the model read (the prompt "p" left out).
  const texts = messages.slice(1).flatMap((m) => (m.role === "user" && Array.isArray(m.content) ? m.content.flatMap((b) => (b.type === "text" ? [b.text] : [])) : []));
  const points = events.flatMap((e) => (e.type === "point.start" ? [e.point] : []));
  const systems = events.flatMap((e) => (e.type === "model.request" ? [e.system] : []));
  return { texts, points, systems, exit: end?.type === "run.end" ? end.exitReason : null, events };
}

describe("classic.PostToolUse, classic.UserPromptSubmit and classic.Stop in the loop (in-process hooks)", () => {
  it("classic.PostToolUse runs the settings PostToolUse hooks inside its next(e): handed back, the settings context reaches the model after the result", async () => {
    const seen: unknown[] = [];
    const r = await turn([
      { id: "post", point: "classic.PostToolUse", fn: async (_$, e, next) => { const a = await next(e); seen.push(a, e.tool_response); return a; } },
      { id: "s", point: "PostToolUse", matcher: "Bash", fn: () => ({ hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "ctx" } }) },
    ]);
    expect(seen).toEqual([{ additionalContext: ["ctx"] }, { stdout: "out-1", stderr: "", interrupted: false, isImage: false, noOutputExpected: false }]);
    expect(r.texts).toEqual(["PostToolUse:Bash hook additional context: ctx"]);
    // The settings point fired inside the classic one is written after it (points never nest).
    expect(r.points).toEqual(["classic.PostToolUse", "PostToolUse"]);
  });

  it("a tool.call mod's answer fires no classic.PostToolUse", async () => {
    const r = await turn([
      { id: "tc", point: "tool.call", fn: async () => ({ result: { stdout: "mine", stderr: "", interrupted: false, isImage: false } }) },
      { id: "post", point: "classic.PostToolUse", fn: async () => ({ additionalContext: ["never"] }) },
    ]);
    expect(r.texts).toEqual([]);
    expect(r.points).toEqual(["tool.call"]);
  });

  it("classic.UserPromptSubmit: a block ends the run before any model request; a context joins the system prompt", async () => {
    const blocked = await turn([{ id: "u", point: "classic.UserPromptSubmit", fn: async () => ({ block: "nope" }) }]);
    expect(blocked.exit).toBe("prompt_blocked");
    expect(blocked.systems).toEqual([]);
    const context = await turn([{ id: "u", point: "classic.UserPromptSubmit", fn: async (_$, e, next) => ({ ...((await next(e)) as object), additionalContext: ["a", "b"] }) }]);
    expect(context.systems).toEqual(["UserPromptSubmit hook additional context: a\nb", "UserPromptSubmit hook additional context: a\nb"]);
  });

  it("classic.Stop: a settings block sends the turn back once (stop_hook_active then true), with the feedback and the blocking error", async () => {
    const active: unknown[] = [];
    const r = await turn([
      { id: "stop", point: "classic.Stop", fn: async (_$, e, next) => { active.push(e.stop_hook_active); return next(e); } },
      { id: "s", point: "Stop", fn: (input: Record<string, unknown>) => (input.stop_hook_active ? undefined : { decision: "block", reason: "tests first" }) },
    ]);
    expect(active).toEqual([false, true]);
    // A function hook is named by the command its export runs (as in the claude-code profile).
    expect(r.texts).toEqual(["Stop hook feedback:\ntests first", 'Stop hook blocking error from command: "node "${CLAUDE_PLUGIN_ROOT}/hooks/s.mjs"": tests first']);
    expect(r.exit).toBe("no_tool_calls");
  });

  it("a classic answer of another shape is refused (the hook is skipped), and only an unchanged settings answer keeps each hook's own text", () => {
    expect(checkClassicAnswer("Stop")({ decision: "block", reason: "r" })).toBe('"decision", "reason" are not keys of a classic.Stop answer (block, additionalContext)');
    expect(checkClassicAnswer("PostToolUse")({ block: 5 })).toBe("block is not a string");
    expect(checkClassicAnswer("PostToolUse")({ block: "r", additionalContext: ["c"], updatedToolOutput: "x" })).toBeNull();
    const settings = { answer: { block: "b" }, feedback: [{ kind: "block" as const, text: "b", command: "cmd", exit2: false }], halt: null };
    expect(classicFeedback("PostToolUse", { block: "b" }, settings)).toEqual(settings.feedback);
    expect(classicFeedback("PostToolUse", { block: "b", additionalContext: ["x", "y"] }, settings)).toEqual([
      { kind: "block", text: "b", command: "classic.PostToolUse hook", exit2: false },
      { kind: "context", text: "x\ny", command: "classic.PostToolUse hook", exit2: false },
    ]);
  });
});
