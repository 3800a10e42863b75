import { afterEach, describe, expect, it } from "vitest";
import { createRandom, type Random } from "../../core/engine/testing/random";
import type { Json, JsonObject } from "../../core/json";
import { createHarness, pipelineOf } from "./testHarness";

/**
 * A chain's context crosses into the sandbox whole, or as a patch against the previous chain's
 * input when that is much smaller. Either way the hooks must see exactly the caller's context.
 */

const harness = createHarness();
afterEach(() => harness.cleanup());

/** A void hook that reports the context it saw, as JSON text (key order included). */
const SEE = { see: `export default (ctx: any) => ({ seen: JSON.stringify(ctx) });` };

function containers(value: Json, out: (JsonObject | Json[])[] = []): (JsonObject | Json[])[] {
  if (typeof value === "object" && value !== null) {
    out.push(value);
    for (const child of Object.values(value)) containers(child, out);
  }
  return out;
}

function define(obj: JsonObject, key: string, value: Json): void {
  Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
}

/** A conversation large enough that a few edits make a small patch. */
function history(r: Random): Json[] {
  return Array.from({ length: 40 }, (_, i) => ({ role: i % 2 ? "assistant" : "user", content: [{ type: "text", text: `turn ${i} ${r.int(1000)}` }] }));
}

/** The next context: a copy of `prev` with a few random edits (including reordered keys), or a new one. */
function evolve(r: Random, prev: JsonObject): JsonObject {
  if (r.int(10) === 0) return { fresh: r.json(3), history: history(r) };
  const next = structuredClone(prev);
  for (let edits = 1 + r.int(3); edits > 0; edits--) {
    const target = r.pick(containers(next));
    if (Array.isArray(target)) {
      if (r.int(2) === 0 || target.length === 0) target.push(r.json(2));
      else target.splice(r.int(target.length), 1);
    } else if (r.int(4) === 0) {
      const entries = Object.entries(target).reverse();
      for (const [k] of entries) delete target[k];
      for (const [k, v] of entries) define(target, k, v);
    } else if (r.int(3) === 0) {
      const keys = Object.keys(target);
      if (keys.length > 0) delete target[r.pick(keys)];
    } else {
      define(target, r.key(), r.json(2));
    }
  }
  return next;
}

/** Paths (as keys) of every container in `value`. */
function containerPaths(value: Json, path: string[] = [], out: string[][] = []): string[][] {
  if (typeof value === "object" && value !== null) {
    out.push(path);
    for (const [k, child] of Object.entries(value)) containerPaths(child, [...path, k], out);
  }
  return out;
}

/** A shallow copy of a container, keeping its key order. */
function shallow(value: JsonObject | Json[]): JsonObject | Json[] {
  if (Array.isArray(value)) return value.slice();
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(value)) define(out, k, v);
  return out;
}

/**
 * The next context as the engine builds it: containers along the edited path are copied and
 * everything else is shared with `prev` by reference (which the sandbox diffs by identity).
 */
function evolveShared(r: Random, prev: JsonObject): JsonObject {
  let next = prev;
  for (let edits = 1 + r.int(3); edits > 0; edits--) {
    const path = r.pick(containerPaths(next));
    const root = shallow(next) as JsonObject;
    let target: JsonObject | Json[] = root;
    for (const key of path) {
      const child = shallow((target as Record<string, Json>)[key] as JsonObject | Json[]);
      (target as Record<string, Json>)[key] = child;
      target = child;
    }
    if (Array.isArray(target)) {
      if (r.int(2) === 0 || target.length === 0) target.push(r.json(2));
      else target.splice(r.int(target.length), 1);
    } else if (r.int(3) === 0) {
      const keys = Object.keys(target);
      if (keys.length > 0) delete target[r.pick(keys)];
    } else {
      define(target, r.key(), r.json(2));
    }
    next = root;
  }
  return next;
}

describe("context transfer", () => {
  it("shows hooks exactly the caller's context when consecutive contexts share most of their objects", async () => {
    const runner = await harness.open(pipelineOf(SEE));
    const r = createRandom(20260102);
    let context: JsonObject = { history: history(r), systemPrompt: "S", n: 1 };
    const seen: JsonObject[] = [];
    for (let step = 0; step < 80; step++) {
      context = evolveShared(r, context);
      seen.push(context);
      const result = await runner.runChain({ point: "p", execution: "void", hookIds: ["see"], context });
      expect(result.calls[0]?.returned, `step ${step}`).toEqual({ seen: JSON.stringify(context) });
    }
    // The caller's contexts were only read: each still is what it was when it was sent.
    expect(seen.every((c, i) => i === 0 || c !== seen[i - 1])).toBe(true);
    expect(runner.stats.contextsPatched).toBeGreaterThan(60);
  });


  it("shows hooks exactly the caller's context over a random sequence of related contexts", async () => {
    const runner = await harness.open(pipelineOf(SEE));
    const r = createRandom(20260101);
    let context: JsonObject = { history: history(r), systemPrompt: "S", n: 1 };
    for (let step = 0; step < 60; step++) {
      context = evolve(r, context);
      const result = await runner.runChain({ point: "p", execution: "void", hookIds: ["see"], context });
      expect(result.calls[0]?.returned, `step ${step}`).toEqual({ seen: JSON.stringify(context) });
    }
    expect(runner.stats.contextsPatched).toBeGreaterThan(20);
    expect(runner.stats.contextsWhole).toBeGreaterThan(0);
  });

  it("sends a growing conversation as patches, and the result matches a fresh sandbox's", async () => {
    const hooks = { add: `export default (ctx: any) => { ctx.messages.push({ role: "user", content: [{ type: "text", text: "more" }] }); };` };
    const warm = await harness.open(pipelineOf(hooks));
    const messages: Json[] = Array.from({ length: 50 }, (_, i) => ({ role: i % 2 ? "assistant" : "user", content: [{ type: "text", text: `turn ${i}` }] }));
    for (let i = 0; i < 5; i++) {
      messages.push({ role: "assistant", content: [{ type: "text", text: `reply ${i}` }] });
      const context = { systemPrompt: `S${i}`, messages: [...messages] };
      const viaPatch = await warm.runChain({ point: "p", execution: "chain", hookIds: ["add"], context });
      const fresh = await (await harness.open(pipelineOf(hooks))).runChain({ point: "p", execution: "chain", hookIds: ["add"], context });
      expect(viaPatch).toEqual({ ...fresh, calls: fresh.calls.map((c, k) => ({ ...c, durationMs: viaPatch.calls[k]?.durationMs })) });
    }
    expect(warm.stats).toMatchObject({ contextsPatched: 4, contextsWhole: 1 });
  });
});
