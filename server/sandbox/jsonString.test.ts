import { afterEach, describe, expect, it } from "vitest";
import type { JsonObject } from "../../core/json";
import { createHarness, pipelineOf } from "./testHarness";

/**
 * The whole context crosses into the chain realm as JSON text written straight into QuickJS's
 * heap (jsonString.ts): hooks must see every character the caller sent.
 */

const harness = createHarness();
afterEach(() => harness.cleanup());

/** A void hook that reports the context it saw, as JSON text, and one string of it character by character. */
const SEE = {
  see: `export default (ctx: any) => ({ seen: JSON.stringify(ctx), codes: Array.from({ length: ctx.text.length }, (_, i) => ctx.text.charCodeAt(i)) });`,
};

describe("newJsonString", () => {
  it("carries non-ASCII text, lone surrogates, escapes and NUL characters into the sandbox unchanged", async () => {
    const text = "plain é ü ß 中文 日本語 😀 👩‍💻 \u{10FFFF} \uD800 lone \uDFFF end \u0000 nul \u2028\u2029 \"quoted\" \\ \n\t";
    const context: JsonObject = { text, [`ключ 🔑`]: ["Ωmega", { "\uD83D": "half a pair" }], n: 1.5 };
    const runner = await harness.open(pipelineOf(SEE));
    const result = await runner.runChain({ point: "p", execution: "void", hookIds: ["see"], context });
    expect(result.calls[0]?.failure).toBeNull();
    expect(result.calls[0]?.returned).toEqual({ seen: JSON.stringify(context), codes: Array.from({ length: text.length }, (_, i) => text.charCodeAt(i)) });
  });

  it("carries a context of several megabytes whole", async () => {
    const block = "ünïcödé ✓ 😀 ".repeat(40_000);
    const context: JsonObject = { text: "short", messages: Array.from({ length: 8 }, (_, i) => ({ role: "user", content: `${i} ${block}` })) };
    const runner = await harness.open(pipelineOf(SEE));
    const result = await runner.runChain({ point: "p", execution: "void", hookIds: ["see"], context });
    expect(result.calls[0]?.failure).toBeNull();
    const returned = result.calls[0]?.returned as { seen: string };
    expect(returned.seen.length).toBe(JSON.stringify(context).length);
    expect(returned.seen === JSON.stringify(context)).toBe(true);
    expect(runner.stats.contextsWhole).toBe(1);
  });
});
