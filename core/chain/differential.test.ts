import { describe, expect, it } from "vitest";
import { createRandom, type Random } from "../engine/testing/random";
import type { Json, JsonObject } from "../json";
import { applyPatch } from "../trace/jsonPatch";
import { diffJson } from "./diff";
import { Draft } from "./draft";
import { executeChain, runChainInProcess } from "./index";

/**
 * Property: for random contexts and random hook programs, the copy-on-write executor commits
 * exactly what the real host's clone-per-hook design commits (compared as JSON), and the
 * patches replay to every intermediate context.
 */

type Ctx = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- programs poke at arbitrary fields
type Step = (ctx: Ctx) => void;

const WRITE_KEYS = ["a", "b", "c", "messages", "x/y", "t~1", "0"];

/** Walks to an existing container by choosing children modulo their count. */
function container(ctx: Ctx, choices: number[]): Ctx {
  let cur: Ctx = ctx;
  for (const choice of choices) {
    const keys = Object.keys(cur).filter((k) => typeof cur[k] === "object" && cur[k] !== null);
    if (keys.length === 0) break;
    cur = cur[keys[choice % keys.length] as string] as Ctx;
  }
  return cur;
}

function reaches(from: unknown, target: unknown): boolean {
  if (from === target) return true;
  if (typeof from !== "object" || from === null) return false;
  return Object.values(from).some((v) => reaches(v, target));
}

function randomStep(r: Random): Step {
  const choices = Array.from({ length: r.int(4) }, () => r.int(10));
  const value = r.json(2);
  const fresh = (): Json => structuredClone(value);
  const key = r.pick(WRITE_KEYS);
  const n = r.int(5);
  switch (r.int(9)) {
    case 0:
      return (ctx) => {
        container(ctx, choices)[key] = fresh();
      };
    case 1:
      return (ctx) => {
        const c = container(ctx, choices);
        if (Array.isArray(c)) c.push(fresh());
        else delete c[key];
      };
    case 2:
      return (ctx) => {
        const c = container(ctx, choices);
        if (Array.isArray(c)) c.splice(n % (c.length + 1), 1, fresh(), fresh());
      };
    case 3:
      return (ctx) => {
        const c = container(ctx, choices);
        if (Array.isArray(c)) c.unshift(fresh());
        else c[key] = [fresh()];
      };
    case 4:
      return (ctx) => {
        const c = container(ctx, choices);
        if (Array.isArray(c)) c.reverse();
      };
    case 5: // place a top-level node somewhere else: creates sharing the next hooks must honour
      return (ctx) => {
        const keys = Object.keys(ctx).filter((k) => typeof ctx[k] === "object" && ctx[k] !== null);
        const src = keys[n % Math.max(1, keys.length)];
        if (src === undefined) return;
        const target = container(ctx, choices);
        if (!reaches(ctx[src], target)) target[key] = ctx[src]; // no cycles: JSON cannot hold them
      };
    case 6:
      return (ctx) => {
        const c = container(ctx, choices);
        if (Array.isArray(c)) c.length = Math.min(c.length, n);
      };
    case 7:
      return (ctx) => {
        const c = container(ctx, choices);
        if (!Array.isArray(c)) c[key] = { nested: [fresh()] };
      };
    default:
      return (ctx) => {
        ctx.counter = (typeof ctx.counter === "number" ? ctx.counter : 0) + 1;
      };
  }
}

function randomHook(r: Random): (ctx: Ctx) => unknown {
  const steps = Array.from({ length: 1 + r.int(4) }, () => randomStep(r));
  const ending = r.int(8);
  const partial = { [r.pick(WRITE_KEYS)]: r.json(2) };
  return (ctx) => {
    for (const step of steps) step(ctx);
    switch (ending) {
      case 0:
        throw new Error("hook failed");
      case 1:
        return null;
      case 2:
        return structuredClone(partial);
      case 3:
        return { error: undefined, b: ctx.messages };
      case 4:
        return "ok";
      default:
        return undefined;
    }
  };
}

describe("executeChain (property)", () => {
  it("commits what the real host's clone-per-hook chain commits, and its patches replay", async () => {
    for (let seed = 1; seed <= 400; seed++) {
      const r = createRandom(seed);
      const messages = [{ role: "user", text: "hi" }, r.json(2)];
      const base = { ...(r.json(3) as object), messages } as JsonObject;
      const hooks = Array.from({ length: 1 + r.int(5) }, () => randomHook(r));

      // The real host sees the same array under both names (Vellum user-prompt-submit).
      const hostInput = structuredClone(base) as Ctx;
      hostInput.original = hostInput.messages;
      const expected = await runChainInProcess({ context: hostInput, hooks });

      const input = { ...structuredClone(base), original: structuredClone(messages) } as JsonObject;
      let last = input;
      const result = await executeChain({
        execution: "chain",
        hookIds: hooks.map((_, i) => String(i)),
        context: input,
        aliases: [["/messages", "/original"]],
        invoke: async (id, ctx) => {
          try {
            return { returned: await (hooks[Number(id)] as (c: Ctx) => unknown)(ctx) };
          } catch (error) {
            return { failure: { kind: "threw", message: String(error) } };
          }
        },
      });
      expect(result.context, `seed ${seed}`).toEqual(JSON.parse(JSON.stringify(expected.context)));
      expect(result.calls.filter((c) => c.failure).map((c) => Number(c.hookId)), `seed ${seed}`).toEqual(expected.errors.map((e) => e.index));
      for (const call of result.calls) {
        last = applyPatch(last, call.patch);
      }
      expect(last, `seed ${seed}`).toEqual(result.context);
      expect(input, `seed ${seed}: input untouched`).toEqual({ ...base, original: messages });
    }
  });

  it("a draft's own patch is exactly diffJson from its base to its result", () => {
    let writes = 0;
    for (let seed = 1; seed <= 400; seed++) {
      const r = createRandom(seed);
      const messages = [{ role: "user", text: "hi" }, r.json(2)];
      const base = { ...(r.json(3) as object), messages, original: messages } as JsonObject;
      const draft = new Draft(base, [[["messages"], ["original"]]]);
      try {
        randomHook(r)(draft.root);
      } catch {
        // a failing hook's writes still have a patch (reported as dropped writes)
      }
      const after = draft.finalize();
      const expected = diffJson(base, after);
      if (expected.length > 0) writes++;
      expect(draft.patch(), `seed ${seed}`).toEqual(expected);
    }
    expect(writes).toBeGreaterThan(200);
  });
});
