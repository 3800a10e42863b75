import { afterEach, describe, expect, it } from "vitest";
import { executeChain } from "../../core/chain";
import type { ChainExecution } from "../../core/chain/types";
import type { JsonObject } from "../../core/json";
import { createHarness, pipelineOf } from "./testHarness";

/**
 * The sandbox runs core/chain inside QuickJS; here the same semantic cases run through the
 * sandbox and through executeChain in this process, and must give identical records and
 * contexts (failure messages compared without the sandbox's "(file:line:col)" suffix).
 */

const harness = createHarness();
afterEach(() => harness.cleanup());

interface Case {
  name: string;
  execution: ChainExecution;
  context: JsonObject;
  /** hook id -> a JavaScript function expression `(ctx) => …` */
  hooks: Record<string, string>;
  aliases?: string[][];
}

const CASES: Case[] = [
  { name: "in-place edit, nothing returned", execution: "chain", context: { systemPrompt: "Be nice." }, hooks: { a: `(ctx) => { ctx.systemPrompt += "\\nBe concise."; }` } },
  {
    name: "throw after mutating discards the draft; the next hook sees the last commit",
    execution: "chain",
    context: { systemPrompt: "S", tags: ["x"] },
    hooks: {
      a: `(ctx) => { ctx.systemPrompt = "A"; }`,
      b: `(ctx) => { ctx.systemPrompt = "B"; ctx.tags.push("y"); throw new Error("boom"); }`,
      c: `(ctx) => { ctx.seen = ctx.systemPrompt + ctx.tags.join(); }`,
    },
  },
  {
    name: "a returned partial merges over in-place edits",
    execution: "chain",
    context: { a: 1, b: 2, c: 3 },
    hooks: { h: `(ctx) => { ctx.a = 10; ctx.b = 20; return { b: 200, d: 4 }; }` },
  },
  {
    name: "null, strings and undefined values in returns",
    execution: "chain",
    context: { x: "keep", error: "rejected", n: 1 },
    hooks: { nul: `() => null`, str: `() => "hi"`, clear: `() => ({ error: undefined, n: null })` },
  },
  { name: "returning the draft itself", execution: "chain", context: { list: [1, 2] }, hooks: { h: `(ctx) => { ctx.list.reverse(); return ctx; }` } },
  {
    name: "aliased originalMessages/latestMessages",
    execution: "chain",
    context: { originalMessages: [{ role: "user", content: [] }], latestMessages: [{ role: "user", content: [] }] },
    aliases: [["/originalMessages", "/latestMessages"]],
    hooks: {
      push: `(ctx) => { ctx.latestMessages.push({ role: "assistant", content: [{ type: "text", text: "hi" }] }); }`,
      read: `(ctx) => { ctx.count = ctx.originalMessages.length; }`,
    },
  },
  {
    name: "values stored the way JSON.stringify stores them",
    execution: "chain",
    context: { a: 1 },
    hooks: {
      h: `(ctx) => { ctx.when = new Date(Date.UTC(2026, 0, 1)); ctx.nan = NaN; ctx.fn = () => 1; ctx.u = undefined; ctx.list = [undefined, () => 2, 3]; ctx.boxed = new String("s"); }`,
    },
  },
  {
    name: "boxed primitives next to arrays (the chain realm answers instanceof by brand)",
    execution: "chain",
    context: { a: 1 },
    hooks: {
      h: `(ctx) => { ctx.list = [new Number(2), new Boolean(false), [new String("x"), []], Object("y")]; return new Number(7); }`,
      r: `() => [new Boolean(true), { n: new Number(1) }]`,
    },
  },
  {
    name: "boxed primitives with their own Symbol.toStringTag, and plain objects tagged like them",
    execution: "chain",
    context: { a: 1 },
    hooks: {
      h: `(ctx) => { const n = new Number(3); n[Symbol.toStringTag] = "Other"; const s = new String("t"); Object.defineProperty(s, Symbol.toStringTag, { get() { return "Tagged"; } }); ctx.list = [n, s, { [Symbol.toStringTag]: "Number", v: 1 }, Object.assign(Object.create({ [Symbol.toStringTag]: "Boolean" }), { w: 2 })]; }`,
    },
  },
  { name: "a circular structure fails the hook", execution: "chain", context: { a: 1 }, hooks: { h: `(ctx) => { const o = { self: null }; o.self = o; ctx.o = o; }` } },
  {
    name: "array surgery and deletes",
    execution: "chain",
    context: { list: [1, 2, 3, 4, 5], obj: { keep: true, drop: 1, nested: { deep: [1] } }, "a/b": { "c~d": 1 } },
    hooks: {
      h: `(ctx) => { ctx.list.splice(1, 2, "x"); ctx.list.unshift(0); ctx.list.sort(); delete ctx.obj.drop; ctx.obj.nested.deep.push(2); ctx["a/b"]["c~d"]++; }`,
    },
  },
  { name: "async hooks", execution: "chain", context: { n: 1 }, hooks: { h: `async (ctx) => { await null; ctx.n = (await Promise.resolve(ctx.n)) + 1; return { done: true }; }` } },
  {
    name: "void: every hook runs on the input, changes are dropped, failures swallowed",
    execution: "void",
    context: { sessionId: "s1" },
    hooks: { a: `(ctx) => { ctx.sessionId = "changed"; }`, b: `() => { throw new TypeError("nope"); }`, c: `(ctx) => ({ ignored: ctx.sessionId })` },
  },
  {
    name: "modifying: first non-null value per key wins",
    execution: "modifying",
    context: { prompt: "p", additionalContext: null },
    hooks: {
      a: `() => ({ additionalContext: null, extra: undefined })`,
      b: `(ctx) => { ctx.prompt = "edited in place (ignored)"; return { additionalContext: "from b", prompt: "b" }; }`,
      c: `() => ({ additionalContext: "from c", system: "c" })`,
    },
  },
  {
    name: "modifying: a failure propagates",
    execution: "modifying",
    context: { v: 0 },
    hooks: { a: `() => ({ v: 1 })`, b: `() => { throw new Error("stop here"); }`, c: `() => ({ w: 2 })` },
  },
  {
    name: "claiming: stops at the first handled: true",
    execution: "claiming",
    context: { toolName: "terminal", args: { command: "rm -rf /" } },
    hooks: {
      a: `(ctx) => { ctx.args.command = "ls"; return { handled: false }; }`,
      b: `(ctx) => (ctx.args.command.includes("rm") ? { handled: true, error: "blocked" } : undefined)`,
      c: `() => ({ handled: true })`,
    },
  },
  { name: "claiming: a failure propagates", execution: "claiming", context: { t: 1 }, hooks: { a: `() => { throw new Error("gate down"); }`, b: `() => ({ handled: true })` } },
];

/** The user's function as an in-process hook (this is test data, not user input). */
function inProcess(source: string): (ctx: unknown) => unknown {
  return new Function(`return (${source});`)() as (ctx: unknown) => unknown;
}

function withoutLocation(message: string): string {
  return message.replace(/ \((?:hooks|src|tools)\/[^()]*:\d+:\d+\)$/, "");
}

describe("sandbox conformance with the in-process executor", () => {
  for (const c of CASES) {
    it(c.name, async () => {
      const hookIds = Object.keys(c.hooks);
      const expected = await executeChain({
        execution: c.execution,
        hookIds,
        context: c.context,
        aliases: c.aliases,
        invoke: async (hookId, input) => {
          try {
            return { returned: await inProcess(c.hooks[hookId] ?? "")(input) };
          } catch (error) {
            const e = error as Error;
            return { failure: { kind: "threw", message: `${e.name}: ${e.message}`, location: null } };
          }
        },
      });
      const code = Object.fromEntries(Object.entries(c.hooks).map(([id, fn]) => [id, `export default ${fn};`]));
      const runner = await harness.open(pipelineOf(code));
      const actual = await runner.runChain({ point: "p", execution: c.execution, hookIds, context: c.context, aliases: c.aliases });

      const shape = (calls: { hookId: string; patch: unknown; returned?: unknown; claimed?: boolean; droppedWrites?: unknown; failure: { kind: string; message: string } | null }[]) =>
        calls.map((call) => ({
          hookId: call.hookId,
          patch: call.patch,
          returned: call.returned,
          claimed: call.claimed ?? false,
          droppedWrites: call.droppedWrites ?? [],
          failure: call.failure ? { kind: call.failure.kind, message: withoutLocation(call.failure.message) } : null,
        }));
      expect(shape(actual.calls)).toEqual(shape(expected.calls));
      expect(actual.context).toEqual(expected.context);
      expect(actual.aborted ? { hookId: actual.aborted.hookId, message: withoutLocation(actual.aborted.failure.message) } : null).toEqual(
        expected.aborted ? { hookId: expected.aborted.hookId, message: expected.aborted.failure.message } : null,
      );
    });
  }
});
