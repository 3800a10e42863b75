import { describe, expect, it } from "vitest";
import type { Json, JsonObject } from "../../json";
import { runMiddleware, MiddlewareFailedClosed, type MiddlewareInvoke, type NextFn } from "./onion";

type Hook = (e: Readonly<JsonObject>, next: NextFn) => Promise<unknown>;

function run(hooks: Record<string, Hook>, options: { failure?: "fail-open" | "fail-closed"; checkAnswer?: (a: Json) => string | null } = {}) {
  const log: string[] = [];
  const inner = async (e: JsonObject): Promise<Json> => {
    log.push(`inner ${String(e.command)}`);
    return { text: `ran ${String(e.command)}` };
  };
  const invoke: MiddlewareInvoke = (id, e, next) => (hooks[id] as Hook)(e, next);
  return runMiddleware({ event: "tool.call", hookIds: Object.keys(hooks), input: { tool: "Bash", command: "ls" }, invoke, inner, reservedKeys: ["tool"], failure: options.failure ?? "fail-open", checkAnswer: options.checkAnswer }).then((r) => ({ ...r, log }));
}

describe("runMiddleware: an onion of hooks around the host", () => {
  it("nests the hooks outermost first, each seeing the rewrite above it, and records pass/rewrite with the diff", async () => {
    const order: string[] = [];
    const r = await run({
      outer: async (e, next) => {
        order.push("pre-outer");
        const out = await next({ ...e, command: `${String(e.command)} -l` });
        order.push("post-outer");
        return out;
      },
      inner: async (e, next) => {
        order.push(`pre-inner ${String(e.command)}`);
        const out = await next(e);
        order.push("post-inner");
        return out;
      },
    });
    expect(order).toEqual(["pre-outer", "pre-inner ls -l", "post-inner", "post-outer"]);
    expect(r.result).toEqual({ text: "ran ls -l" });
    expect(r.records.map((c) => [c.hookId, c.outcome, c.patch])).toEqual([
      ["outer", "rewrote", [{ op: "replace", path: "/command", value: "ls -l" }]],
      ["inner", "passed", []],
    ]);
    expect(r.innerCalls).toEqual([{ tool: "Bash", command: "ls -l" }]);
  });

  it("an answer settles the call: nothing beneath runs, and those hooks say which hook stopped them", async () => {
    const r = await run({
      a: async (e, next) => next(e),
      b: async () => ({ deny: "no" }),
      c: async (e, next) => next(e),
    });
    expect(r.result).toEqual({ deny: "no" });
    expect(r.log).toEqual([]);
    expect(r.records.map((c) => [c.hookId, c.outcome, c.stoppedBy])).toEqual([
      ["a", "passed", null],
      ["b", "answered", null],
      ["c", "not-reached", "b"],
    ]);
  });

  it("events are frozen at every depth, and each hook gets its own copy", async () => {
    const r = await run({
      a: async (e, next) => {
        expect(Object.isFrozen(e)).toBe(true);
        expect(() => {
          (e as JsonObject).command = "rm";
        }).toThrow(TypeError);
        return next({ ...e, nested: { deep: [1] } });
      },
      b: async (e, next) => {
        expect(Object.isFrozen(e.nested)).toBe(true);
        expect(Object.isFrozen((e.nested as JsonObject).deep)).toBe(true);
        return next(e);
      },
    });
    expect(r.innerCalls).toEqual([{ tool: "Bash", command: "ls", nested: { deep: [1] } }]);
  });

  it("fail-open: a throw before next runs what is beneath with the event it got; after next, that result stands and nothing runs twice", async () => {
    const before = await run({ a: async (e, next) => next({ ...e, command: "pwd" }), b: async () => Promise.reject(new Error("boom")) });
    expect(before.result).toEqual({ text: "ran pwd" });
    expect(before.records[1]).toMatchObject({ outcome: "failed", failure: "threw Error: boom" });
    const after = await run({
      a: async (e, next) => {
        await next(e);
        throw new TypeError("late");
      },
    });
    expect(after.log).toEqual(["inner ls"]);
    expect(after.result).toEqual({ text: "ran ls" });
  });

  it("a rewrite of a reserved key fails the hook and the original call runs", async () => {
    const r = await run({ a: async (e, next) => next({ ...e, tool: "Read", command: "x" }) });
    expect(r.log).toEqual(["inner ls"]);
    expect(r.records[0]?.failure).toBe("threw Error: a: next() passed an argument with a changed tool (the envelope is the engine's; a rewrite keeps tool)");
  });

  it("an answer the host refuses is skipped like a throw; next called twice runs the host twice", async () => {
    const shape = await run({ a: async () => ({ nonsense: 1 }) }, { checkAnswer: (a) => (typeof a === "object" && a !== null && "deny" in a ? null : "not a deny") });
    expect(shape.records[0]).toMatchObject({ outcome: "failed", failure: "returned the wrong shape (not a deny)" });
    expect(shape.log).toEqual(["inner ls"]);
    const twice = await run({
      a: async (e, next) => {
        await next(e);
        return next({ ...e, command: "pwd" });
      },
    });
    expect(twice.log).toEqual(["inner ls", "inner pwd"]);
    expect(twice.records[0]?.nextCalls).toBe(2);
  });

  it("next.called and next.event are readable; fail-closed throws naming the hook", async () => {
    let seen: [boolean, string] | null = null;
    await run({
      a: async (e, next) => {
        const out = await next(e);
        seen = [next.called, next.event];
        return out;
      },
    });
    expect(seen).toEqual([true, "tool.call"]);
    await expect(run({ a: async () => Promise.reject(new Error("no")) }, { failure: "fail-closed" })).rejects.toThrow(MiddlewareFailedClosed);
  });
});
