import { describe, expect, it } from "vitest";
import { getProfile } from "../profiles";
import { runHarness, type HarnessScenario } from "./testing/harness";
import type { TestContext, TestHook } from "./testing/inProcessRunner";
import { createRandom, type Random } from "./testing/random";

/**
 * Property: over random pipelines (random hooks on random points, random model scripts),
 * applying each hook.end patch in order to its point.start snapshot reproduces exactly the
 * context every next hook received, and the trace follows the contract. runHarness checks
 * both on every run (assertTraceContract with the runner's record of what hooks received).
 */

function randomHook(r: Random): TestHook {
  const ops = Array.from({ length: 1 + r.int(3) }, () => ({ kind: r.int(7), pick: r.int(100), value: r.json(2) }));
  const ending = r.int(6);
  return (ctx: TestContext) => {
    for (const op of ops) {
      const keys = Object.keys(ctx);
      const key = keys[op.pick % Math.max(1, keys.length)] ?? "extra";
      const target = ctx[key];
      switch (op.kind) {
        case 0:
          ctx[key] = structuredClone(op.value);
          break;
        case 1:
          if (Array.isArray(target)) target.push(structuredClone(op.value));
          break;
        case 2:
          if (Array.isArray(target) && target.length > 0) target.splice(op.pick % target.length, 1);
          break;
        case 3:
          if (Array.isArray(ctx.messages)) ctx.messages.push({ role: "user", content: [{ type: "text", text: `note ${op.pick}` }] });
          break;
        case 4:
          if (typeof ctx.systemPrompt === "string" || ctx.systemPrompt === null) ctx.systemPrompt = `${ctx.systemPrompt ?? ""} +${op.pick}`;
          break;
        case 5:
          if ("decision" in ctx) ctx.decision = op.pick % 2 ? "continue" : "stop";
          break;
        default:
          delete ctx[key];
      }
    }
    if (ending === 0) throw new Error("random failure");
    if (ending === 1) return { [`k${ops.length}`]: structuredClone(ops[0]?.value ?? null) };
    if (ending === 2) return { handled: ops.length % 2 === 0, error: "blocked by random hook" };
    return undefined;
  };
}

function randomScenario(r: Random): HarnessScenario {
  const responses = Array.from({ length: 1 + r.int(5) }, () => {
    const k = r.int(5);
    if (k === 0) return { error: "overloaded" };
    if (k === 1) return { content: [{ type: "text" as const, text: "cut" }], stopReason: "max_tokens" as const };
    if (k === 2) return { content: [], stopReason: "end_turn" as const };
    return { content: [{ type: "tool_use" as const, id: `t${r.int(1000)}`, name: r.pick(["search", "terminal"]), input: { q: r.pick(["a", "rm -rf /"]) } }], stopReason: "tool_use" as const };
  });
  return {
    system: r.pick([null, "Be helpful."]),
    model: { kind: "scripted", maxInputTokens: 1000, responses },
    tools: [
      { name: "search", results: ["r1", { content: "failed", isError: true }] },
      { name: "terminal", results: ["ok"] },
    ],
    limits: { maxModelCalls: 1 + r.int(8), maxToolCalls: 1 + r.int(6), compactAtChars: r.pick([null, 40, 200]) },
  };
}

describe("trace (property)", () => {
  for (const profile of ["vellum", "registry"] as const) {
    it(`replays every hook's received context from snapshots and patches (${profile}, random pipelines)`, async () => {
      const points = getProfile(profile)?.points.map((p) => p.id) ?? [];
      const exits = new Set<string>();
      for (let seed = 1; seed <= 150; seed++) {
        const r = createRandom(seed * 7919);
        const hooks: Record<string, TestHook[]> = {};
        for (let i = r.int(7); i > 0; i--) (hooks[r.pick(points)] ??= []).push(randomHook(r));
        const run = await runHarness({ profile, hooks, scenario: randomScenario(r) }).catch((e: unknown) => {
          throw new Error(`seed ${seed}: ${String(e)}`);
        });
        exits.add(run.exitReason);
        expect(run.of("run.end")).toHaveLength(1);
      }
      expect(exits.size).toBeGreaterThan(3);
    });
  }
});
