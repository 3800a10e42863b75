import { describe, expect, it } from "vitest";
import type { MomentView } from "../../engine/binding";
import type { ChainResult } from "../../engine/ports";
import type { Json } from "../../json";
import { codexBinding } from "./binding";

/** The fold's result for one event, as the binding reads it back. */
const chain = (result: Record<string, unknown>): ChainResult => ({ calls: [], context: {}, result: { decision: null, additionalContexts: [], feedback: [], continue: true, ...result } as Json });
const prompt = { role: "user" as const, content: [{ type: "text" as const, text: "Run the checks." }] };
const view = { messages: [prompt], scenario: { prompt: "Run the checks." }, ids: { sessionId: "s" }, host: {} } as unknown as MomentView;

describe("codex binding, as the real Codex 0.169.0 binary showed (docs/codex.md, Verified against the real binary)", () => {
  it("SessionStart's additionalContext goes just before the prompt", () => {
    const stage = codexBinding.at?.runStart?.[0];
    expect(stage?.readBack({}, view, chain({ additionalContexts: ["session note"] })).value).toEqual({
      messages: [{ role: "user", content: [{ type: "text", text: "session note" }, { type: "text", text: "Run the checks." }] }],
    });
  });

  it("UserPromptSubmit continue:false ends the turn silently, as a block does", () => {
    const stage = codexBinding.at?.turnStart?.[0];
    const ended = { end: { exitReason: "prompt_blocked", error: null, reply: [] } };
    expect(stage?.readBack({}, view, chain({ continue: false, stopReason: "halt" })).value).toEqual(ended);
    expect(stage?.readBack({}, view, chain({ decision: "block", reason: "no" })).value).toEqual(ended);
    expect(stage?.readBack({}, view, chain({ additionalContexts: ["note"] })).value).toEqual({ messages: [{ role: "user", content: [{ type: "text", text: "Run the checks." }, { type: "text", text: "note" }] }] });
  });
});
