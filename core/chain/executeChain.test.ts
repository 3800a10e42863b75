import { describe, expect, it } from "vitest";
import type { JsonObject } from "../json";
import { applyPatch } from "../trace/jsonPatch";
import { executeChain, type ChainExecution, type ExecuteChainResult, type InvokeOutcome } from "./index";

/** A hook as tests write it: a plain function over the draft. */
type TestHook = (ctx: Record<string, any>) => unknown; // eslint-disable-line @typescript-eslint/no-explicit-any -- hooks poke at arbitrary fields

async function run(
  execution: ChainExecution,
  context: JsonObject,
  hooks: Record<string, TestHook>,
  aliases?: string[][],
): Promise<ExecuteChainResult> {
  const result = await executeChain({
    execution,
    hookIds: Object.keys(hooks),
    context,
    aliases,
    invoke: async (hookId, input): Promise<InvokeOutcome> => {
      const hook = hooks[hookId];
      if (!hook) throw new Error(`no hook ${hookId}`);
      try {
        return { returned: await hook(input) };
      } catch (error) {
        return { failure: { kind: "threw", message: String(error), location: null } };
      }
    },
  });
  // The invariant every trace relies on.
  let replayed: JsonObject = context;
  for (const call of result.calls) replayed = applyPatch(replayed, call.patch);
  expect(replayed).toEqual(result.context);
  return result;
}

describe("executeChain: chain (Vellum runHook)", () => {
  it("commits in-place edits when a hook returns nothing", async () => {
    const r = await run("chain", { systemPrompt: "Be nice.", n: 1 }, {
      a: (ctx) => {
        ctx.systemPrompt += "\nBe concise.";
      },
    });
    expect(r.context).toEqual({ systemPrompt: "Be nice.\nBe concise.", n: 1 });
    expect(r.calls[0]?.patch).toEqual([{ op: "replace", path: "/systemPrompt", value: "Be nice.\nBe concise." }]);
  });

  it("discards the draft of a hook that throws after mutating; the next hook sees the last commit", async () => {
    let seen: unknown;
    const r = await run("chain", { systemPrompt: "S", tags: ["x"] }, {
      a: (ctx) => {
        ctx.systemPrompt = "A";
      },
      b: (ctx) => {
        ctx.systemPrompt = "B";
        ctx.tags.push("y");
        throw new Error("boom");
      },
      c: (ctx) => {
        seen = { systemPrompt: ctx.systemPrompt, tags: [...ctx.tags] };
      },
    });
    expect(seen).toEqual({ systemPrompt: "A", tags: ["x"] });
    expect(r.context).toEqual({ systemPrompt: "A", tags: ["x"] });
    expect(r.calls[1]?.patch).toEqual([]);
    expect(r.calls[1]?.failure?.message).toBe("Error: boom");
    expect(r.calls[1]?.droppedWrites).toEqual([
      { path: "/systemPrompt", reason: "discarded: the hook threw" },
      { path: "/tags/1", reason: "discarded: the hook threw" },
    ]);
    expect(r.aborted).toBeNull();
  });

  it("merges a returned partial over in-place edits; returned keys win", async () => {
    const r = await run("chain", { a: 1, b: 2, c: 3 }, {
      h: (ctx) => {
        ctx.a = 10;
        ctx.b = 20;
        return { b: 200, d: 4 };
      },
    });
    expect(r.context).toEqual({ a: 10, b: 200, c: 3, d: 4 });
    expect(r.calls[0]?.patch).toEqual([
      { op: "replace", path: "/a", value: 10 },
      { op: "replace", path: "/b", value: 200 },
      { op: "add", path: "/d", value: 4 },
    ]);
  });

  it("treats a returned null as merging nothing, and a returned null value as setting null", async () => {
    const r1 = await run("chain", { x: "keep", y: 1 }, {
      h: (ctx) => {
        ctx.y = 2;
        return null;
      },
    });
    expect(r1.context).toEqual({ x: "keep", y: 2 });
    const r2 = await run("chain", { x: "keep", y: 1 }, { h: () => ({ x: null }) });
    expect(r2.context).toEqual({ x: null, y: 1 });
    expect(r2.calls[0]?.patch).toEqual([{ op: "replace", path: "/x", value: null }]);
  });

  it("clears a key returned as undefined ({ error: undefined })", async () => {
    const r = await run("chain", { error: "rejected", stopReason: null }, { h: () => ({ error: undefined }) });
    expect(r.context).toEqual({ stopReason: null });
    expect("error" in r.context).toBe(false);
    expect(r.calls[0]?.patch).toEqual([{ op: "remove", path: "/error" }]);
    expect(r.calls[0]?.returned).toEqual({});
  });

  it("spreads a returned string's characters as keys, like the real host", async () => {
    const r = await run("chain", { a: 1 }, { h: () => "hi" });
    expect(r.context).toEqual({ a: 1, "0": "h", "1": "i" });
    expect(r.calls[0]?.returned).toBe("hi");
  });

  it("keeps originalMessages aliased to latestMessages inside a draft, and later hooks see it", async () => {
    const messages = [{ role: "user", content: [{ type: "text", text: "hi" }] }];
    let laterOriginalLength = 0;
    let sameArray = false;
    const r = await run(
      "chain",
      { originalMessages: messages, latestMessages: structuredClone(messages) },
      {
        a: (ctx) => {
          sameArray = ctx.originalMessages === ctx.latestMessages;
          ctx.latestMessages.push({ role: "user", content: [{ type: "text", text: "remember: be brief" }] });
        },
        b: (ctx) => {
          laterOriginalLength = ctx.originalMessages.length;
        },
      },
      [["/latestMessages", "/originalMessages"]],
    );
    expect(sameArray).toBe(true);
    expect(laterOriginalLength).toBe(2);
    const added = { role: "user", content: [{ type: "text", text: "remember: be brief" }] };
    expect(r.calls[0]?.patch).toEqual([
      { op: "add", path: "/originalMessages/1", value: added },
      { op: "add", path: "/latestMessages/1", value: added },
    ]);
  });

  it("lets later hooks see writes to read-only fields (the host only ignores them afterwards)", async () => {
    let seen = "";
    await run("chain", { conversationId: "c1" }, {
      a: (ctx) => {
        ctx.conversationId = "hacked";
      },
      b: (ctx) => {
        seen = ctx.conversationId;
      },
    });
    expect(seen).toBe("hacked");
  });

  it("hands hooks drafts that behave like plain objects and never mutates the input", async () => {
    const input = { list: [1, 2, 3], nested: { deep: { v: 1 } }, untouched: { big: [1, 2] } };
    const frozen = structuredClone(input);
    const observed: unknown[] = [];
    const r = await run("chain", input, {
      h: (ctx) => {
        observed.push(Array.isArray(ctx.list), JSON.stringify(ctx.nested), { ...ctx.nested.deep });
        const items: number[] = [];
        for (const x of ctx.list) items.push(x);
        observed.push(items, Object.keys(ctx), ctx.list.map((x: number) => x * 2));
        ctx.nested.deep.v = 2;
        ctx.list.splice(1, 1);
      },
    });
    expect(observed).toEqual([true, '{"deep":{"v":1}}', { v: 1 }, [1, 2, 3], ["list", "nested", "untouched"], [2, 4, 6]]);
    expect(input).toEqual(frozen);
    expect(r.context).toEqual({ list: [1, 3], nested: { deep: { v: 2 } }, untouched: { big: [1, 2] } });
    expect(r.context.untouched).toBe(input.untouched);
    expect(r.calls[0]?.patch).toEqual([
      { op: "remove", path: "/list/1" },
      { op: "replace", path: "/nested/deep/v", value: 2 },
    ]);
  });

  it("commits stored values the way JSON.stringify would", async () => {
    const r = await run("chain", { a: 1 }, {
      h: (ctx) => {
        ctx.when = new Date(Date.UTC(2026, 0, 1));
        ctx.nan = Number.NaN;
        ctx.fn = () => 1;
        ctx.list = [undefined, 1];
      },
    });
    expect(r.context).toEqual({ a: 1, when: "2026-01-01T00:00:00.000Z", nan: null, list: [null, 1] });
  });

  it("fails a hook that leaves a circular structure and keeps the last commit", async () => {
    const r = await run("chain", { a: 1 }, {
      h: (ctx) => {
        ctx.self = ctx;
      },
    });
    expect(r.context).toEqual({ a: 1 });
    expect(r.calls[0]?.failure?.message).toBe("DraftValueError: the context has a circular reference at /self");
  });
});

describe("executeChain: registry models", () => {
  it("modifying: the first non-null value per key wins and later hooks cannot override it", async () => {
    const r = await run("modifying", { prompt: "p", additionalContext: null }, {
      a: () => ({ additionalContext: null, systemPrompt: "S1" }),
      b: () => ({ additionalContext: "Today is Monday.", systemPrompt: "S2" }),
      c: (ctx) => {
        ctx.prompt = "edited in place";
        return { additionalContext: "late" };
      },
    });
    expect(r.context).toEqual({ prompt: "p", additionalContext: "Today is Monday.", systemPrompt: "S1" });
    expect(r.calls.map((c) => c.patch)).toEqual([
      [{ op: "add", path: "/systemPrompt", value: "S1" }],
      [{ op: "replace", path: "/additionalContext", value: "Today is Monday." }],
      [],
    ]);
    expect(r.calls[1]?.droppedWrites).toEqual([{ path: "/systemPrompt", reason: '"a" already set this key; the first non-null value wins' }]);
    expect(r.calls[2]?.droppedWrites.map((w) => w.path)).toEqual(["/prompt", "/additionalContext"]);
  });

  it("modifying: every hook receives the original input", async () => {
    const seen: unknown[] = [];
    await run("modifying", { v: 0 }, {
      a: (ctx) => {
        seen.push(ctx.v);
        return { v: 1 };
      },
      b: (ctx) => {
        seen.push(ctx.v);
      },
    });
    expect(seen).toEqual([0, 0]);
  });

  it("modifying: a failure propagates and stops the chain", async () => {
    const r = await run("modifying", { v: 0 }, {
      a: () => ({ w: 1 }),
      b: () => {
        throw new Error("bad");
      },
      c: () => ({ x: 1 }),
    });
    expect(r.calls.map((c) => c.hookId)).toEqual(["a", "b"]);
    expect(r.aborted).toEqual({ hookId: "b", failure: { kind: "threw", message: "Error: bad", location: null } });
    expect(r.context).toEqual({ v: 0, w: 1 });
  });

  it("claiming: stops at the first { handled: true } and never changes the context", async () => {
    const ran: string[] = [];
    const r = await run("claiming", { toolName: "terminal", args: { command: "rm -rf /" } }, {
      a: () => {
        ran.push("a");
        return { handled: false };
      },
      b: (ctx) => {
        ran.push("b");
        ctx.args.command = "ls";
        return { handled: true, error: `Blocked: '${ctx.args.command}'` };
      },
      c: () => {
        ran.push("c");
      },
    });
    expect(ran).toEqual(["a", "b"]);
    expect(r.calls.map((c) => c.claimed)).toEqual([false, true]);
    expect(r.calls[1]?.returned).toEqual({ handled: true, error: "Blocked: 'ls'" });
    expect(r.calls[1]?.droppedWrites.map((w) => w.path)).toEqual(["/args/command"]);
    expect(r.context).toEqual({ toolName: "terminal", args: { command: "rm -rf /" } });
  });

  it("void: all hooks start before any finishes and all run even when one throws", async () => {
    const events: string[] = [];
    const gate = Promise.resolve();
    const r = await run("void", { sessionId: "s1" }, {
      a: async (ctx) => {
        events.push("a:start");
        await gate;
        ctx.sessionId = "changed";
        events.push("a:end");
      },
      b: async () => {
        events.push("b:start");
        await gate;
        throw new Error("analytics down");
      },
      c: async () => {
        events.push("c:start");
        await gate;
        events.push("c:end");
      },
    });
    expect(events.slice(0, 3)).toEqual(["a:start", "b:start", "c:start"]);
    expect(events).toContain("c:end");
    expect(r.calls.map((c) => [c.hookId, c.failure?.message ?? null])).toEqual([
      ["a", null],
      ["b", "Error: analytics down"],
      ["c", null],
    ]);
    expect(r.calls.every((c) => c.patch.length === 0)).toBe(true);
    expect(r.calls[0]?.droppedWrites).toEqual([
      { path: "/sessionId", reason: "void hooks run on their own copy of the input; the host ignores their changes" },
    ]);
    expect(r.context).toEqual({ sessionId: "s1" });
    expect(r.aborted).toBeNull();
  });
});

describe("executeChain: extras", () => {
  it("shows host objects such as a logger on the root without committing them", async () => {
    const logs: string[] = [];
    const result = await executeChain({
      execution: "chain",
      hookIds: ["h"],
      context: { a: 1 },
      extras: (hookId) => ({ logger: { info: (m: string) => logs.push(`${hookId}: ${m}`) } }),
      invoke: async (_id, ctx) => {
        const c = ctx as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- reads the logger extra
        c.logger.info(`keys ${Object.keys(c).join(",")}, has logger ${"logger" in c}`);
        c.a = 2;
        return { returned: undefined };
      },
    });
    expect(logs).toEqual(["h: keys a, has logger true"]);
    expect(result.context).toEqual({ a: 2 });
  });
});

describe("executeChain: arrays written in place", () => {
  const messages = () => Array.from({ length: 40 }, (_, i) => ({ role: i % 2 ? "assistant" : "user", content: [{ type: "text", text: `m${i}` }] }));

  it("commits a write deep inside one message of a long history, leaving every other message as it was", async () => {
    const context = { messages: messages() };
    const r = await run("chain", context, {
      a: (ctx) => {
        ctx.messages[37].content[0].text = "cut";
      },
    });
    expect((r.context.messages as JsonObject[])[37]).toEqual({ role: "assistant", content: [{ type: "text", text: "cut" }] });
    expect((r.context.messages as JsonObject[])[36]).toBe(context.messages[36]);
    expect(r.calls[0]?.patch).toEqual([{ op: "replace", path: "/messages/37/content/0/text", value: "cut" }]);
  });

  it("keeps pushes, shortened and re-grown lengths, deletions and reorders exact", async () => {
    const r = await run("chain", { a: [1, 2, 3, 4, 5], b: [1, 2, 3], c: ["x", "y", "z"], d: [3, 1, 2], e: [{ n: 1 }, { n: 2 }] }, {
      h: (ctx) => {
        ctx.a.push(6);
        ctx.a.length = 2;
        ctx.a.length = 4;
        ctx.a[3] = "last";
        delete ctx.b[1];
        ctx.c.unshift("w");
        ctx.c.splice(2, 1);
        ctx.d.sort();
        ctx.e.reverse();
        ctx.e[1].n = 10;
      },
    });
    expect(r.context).toEqual({ a: [1, 2, null, "last"], b: [1, null, 3], c: ["w", "x", "z"], d: [1, 2, 3], e: [{ n: 2 }, { n: 10 }] });
  });

  it("updates an object shared by two arrays through whichever one a hook wrote", async () => {
    const shared = { text: "same" };
    const r = await run("chain", { first: [shared, { text: "a" }], second: [{ text: "b" }, shared] }, {
      place: (ctx) => {
        // Storing a node where another one is creates sharing the next hook's draft must keep.
        ctx.second[0] = ctx.first[1];
      },
      write: (ctx) => {
        ctx.first[1].text = "changed";
        ctx.second.push({ text: "new" });
      },
    });
    expect(r.context).toEqual({
      first: [{ text: "same" }, { text: "changed" }],
      second: [{ text: "changed" }, { text: "same" }, { text: "new" }],
    });
  });
});
