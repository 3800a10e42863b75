import { callOf, chain, type Harness, pipelineOf } from "../testHarness";

/**
 * Test helper: runs the same plain-JavaScript function body in Node itself and in the
 * sandbox's simulated Node surface, and returns both results as JSON, so a test can assert
 * the sandbox answers exactly as Node does (and what that answer is).
 */
export async function inBoth(harness: Harness, body: string, timeoutMs = 5000): Promise<{ node: unknown; sandbox: unknown; failure: string | null }> {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the test's own code, run in Node for reference
  const node = JSON.parse(JSON.stringify(await (new Function(`return (async () => { ${body} })();`) as () => Promise<unknown>)())) as unknown;
  // A generous limit: these compare answers, and a loaded machine must not turn them into timeouts.
  const runner = await harness.open(pipelineOf({ h: `export default async () => { ${body} };` }), { limits: { timeoutMs, memoryBytes: 64 * 1024 * 1024 } });
  const call = callOf(await chain(runner, ["h"], { n: 1 }), "h");
  return { node, sandbox: call.returned ?? null, failure: call.failure?.message ?? null };
}
