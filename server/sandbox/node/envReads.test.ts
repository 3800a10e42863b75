import { afterEach, describe, expect, it } from "vitest";
import { envReadsText } from "../../../core/sandbox/envRead";
import { callOf, chain, createHarness, pipelineOf } from "../testHarness";

/** What a hook or tool handler read of process.env is recorded by name, never by value (issue 15). */

const harness = createHarness();
afterEach(() => harness.cleanup());

const settings = {
  env: [
    { name: "API_BASE", value: "https://api.example.com", secret: false },
    { name: "API_TOKEN", value: "tok-98765", secret: true },
  ],
  dependencies: [],
};

describe("process.env reads", () => {
  it("are recorded on the hook's call in first-read order, once each: declared, undeclared, secret, enumeration", async () => {
    const code = `export default () => {
  const base = process.env.API_BASE;
  const debug = process.env.DEBUG;
  const again = process.env.API_BASE;
  const hasToken = "API_TOKEN" in process.env;
  const names = Object.keys(process.env);
  const token = process.env.API_TOKEN;
  return { base, debug: debug ?? null, again, hasToken, names, tokenLength: token?.length };
};`;
    const runner = await harness.open({ ...pipelineOf({ h: code, quiet: "export default () => {};" }), settings });
    const result = await chain(runner, ["h", "quiet"], { n: 1 });
    const call = callOf(result, "h");
    expect(call.returned).toEqual({ base: "https://api.example.com", debug: null, again: "https://api.example.com", hasToken: true, names: ["API_BASE", "API_TOKEN"], tokenLength: 9 });
    expect(call.env).toEqual([
      { name: "API_BASE", declared: true },
      { name: "DEBUG", declared: false },
      { name: "API_TOKEN", declared: true, secret: true },
      { name: "*", declared: true },
    ]);
    expect(JSON.stringify(call)).not.toContain("tok-98765");
    expect(envReadsText(call.env ?? [])).toBe("API_BASE, DEBUG (not declared), API_TOKEN (secret), every name (listed)");
    // A hook that reads nothing has no env list.
    expect(callOf(result, "quiet").env).toBeUndefined();
  });

  it("are recorded on a tool handler's result", async () => {
    const runner = await harness.open({
      ...pipelineOf({}, {}, { lookup: `export default () => "at " + (process.env.REGION ?? "nowhere") + " " + process.env.API_BASE;` }),
      settings,
    });
    expect(await runner.runTool("lookup", {})).toEqual({
      content: "at nowhere https://api.example.com",
      isError: false,
      logs: [],
      failure: null,
      env: [
        { name: "REGION", declared: false },
        { name: "API_BASE", declared: true },
      ],
    });
  });
});
