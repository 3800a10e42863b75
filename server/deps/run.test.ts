import { afterEach, describe, expect, it } from "vitest";
import { callOf, chain, createHarness, pipelineOf, type TestPipeline } from "../sandbox/testHarness";

/**
 * A gate hook that parses a Bash command with the `shell-quote` npm package, declared in the
 * pipeline's Settings: installed from the registry (cached in .cache/deps), bundled, run in the sandbox.
 */

const harness = createHarness();
afterEach(() => harness.cleanup());

const GATE = `import { parse } from "shell-quote";
export default (ctx: { command: string }) => {
  const words = parse(ctx.command);
  const blocked = words.some((w) => typeof w === "string" && w === "rm");
  return { words, blocked };
};`;

const withDeps = (pipeline: TestPipeline, dependencies: { name: string; range: string }[]): TestPipeline => ({ ...pipeline, settings: { env: [], dependencies } });

describe("a hook importing a declared npm dependency", () => {
  it("runs shell-quote's parse on a Bash command", async () => {
    const runner = await harness.open(withDeps(pipelineOf({ gate: GATE }), [{ name: "shell-quote", range: "^1.8.1" }]));
    const call = callOf(await chain(runner, ["gate"], { command: `rm -rf "/tmp/a b" && echo 'hi there' | wc -l` }), "gate");
    expect(call.failure).toBeNull();
    expect(call.returned).toEqual({ words: ["rm", "-rf", "/tmp/a b", { op: "&&" }, "echo", "hi there", { op: "|" }, "wc", "-l"], blocked: true });
  }, 120_000);

  it("a default or namespace import sees module.exports", async () => {
    const code = `import sq from "shell-quote"; import * as ns from "shell-quote";
export default () => [sq.quote(["a b", "c"]), typeof ns.default.parse];`;
    const runner = await harness.open(withDeps(pipelineOf({ h: code }), [{ name: "shell-quote", range: "^1.8.1" }]));
    expect(callOf(await chain(runner, ["h"], { n: 1 }), "h").returned).toEqual(["'a b' c", "function"]);
  }, 120_000);

  it("a CommonJS package requiring a Node built-in gets the sandbox's (picomatch requires path)", async () => {
    const code = `import picomatch from "picomatch";\nexport default () => { const m = picomatch("src/**/*.ts"); return [m("src/a/b.ts"), m("src/a.js")]; };`;
    const runner = await harness.open(withDeps(pipelineOf({ h: code }), [{ name: "picomatch", range: "2.3.1" }]));
    const call = callOf(await chain(runner, ["h"], { n: 1 }), "h");
    expect(call.failure).toBeNull();
    expect(call.returned).toEqual([true, false]);
  }, 120_000);

  it("an undeclared package keeps its error and says to declare it", async () => {
    const runner = await harness.open(pipelineOf({ h: GATE }));
    const call = callOf(await chain(runner, ["h"], { command: "ls" }), "h");
    expect(call.failure?.message).toMatch(/^Error: Cannot import "shell-quote" from hooks\/h\.ts: it is not a dependency of the pipeline; declare the npm package in the pipeline's Settings \(Dependencies\)\./);
  });

  it("an install failure reaches the hook in words naming the dependency", async () => {
    const runner = await harness.open(withDeps(pipelineOf({ h: GATE }), [{ name: "shell-quote", range: "^99.0.0" }]));
    const call = callOf(await chain(runner, ["h"], { command: "ls" }), "h");
    expect(call.failure?.message).toBe('Error: Cannot import "shell-quote": dependency shell-quote: no published version matches ^99.0.0 (hooks/h.ts:1:23)');
  }, 60_000);

  it("a file: spec that skipped the schema is not installed", async () => {
    const runner = await harness.open(withDeps(pipelineOf({ h: GATE }), [{ name: "shell-quote", range: "file:/etc" }]));
    const call = callOf(await chain(runner, ["h"], { command: "ls" }), "h");
    expect(call.failure?.message).toBe(
      'Error: Cannot import "shell-quote": dependency shell-quote: a registry version range (^1.8.1, >=2 <3, 1.x) or tag (latest); file:, git and URLs are not allowed (hooks/h.ts:1:23)',
    );
  });
});
