import { afterEach, describe, expect, it } from "vitest";
import { callOf, chain, createHarness, pipelineOf } from "./testHarness";

/**
 * The pino-like `ctx.logger` (Vellum's PluginLogger) prints Errors readably: first as
 * `Name: message` like the sandbox's console.log, and inside the fields object the way the
 * Vellum host's `err` serializer writes them (never `{}`).
 */

const harness = createHarness();
afterEach(() => harness.cleanup());

async function logsOf(body: string) {
  const runner = await harness.open(pipelineOf({ h: `export default (ctx: any) => {\n${body}\n};` }));
  return callOf(await chain(runner, ["h"], {}), "h").logs;
}

describe("ctx.logger and Errors", () => {
  it("an Error nested in the fields object: name, message, stack (the hook's frames), as image-fallback logs it", async () => {
    const logs = await logsOf(`  const err = new Error("caption timed out");\n  ctx.logger.warn({ plugin: "image-fallback", err }, "Vision captioning call failed");`);
    expect(logs).toEqual([
      {
        level: "warn",
        message:
          'Vision captioning call failed {"plugin":"image-fallback","err":{"name":"Error","message":"caption timed out","stack":"Error: caption timed out\\n    at h_default (hooks/h.ts:2:24)"}}',
      },
    ]);
  });

  it("keeps a string code, the cause chain and other own fields, and a TypeError's name", async () => {
    const logs = await logsOf(
      `  const cause = new TypeError("bad url");\n  const err = Object.assign(new Error("fetch failed", { cause }), { code: "E_NET", status: 502 });\n  ctx.logger.error({ err, list: [cause] });`,
    );
    expect(logs).toHaveLength(1);
    expect(JSON.parse(logs[0]?.message ?? "")).toEqual({
      err: {
        name: "Error",
        message: "fetch failed",
        code: "E_NET",
        stack: "Error: fetch failed\n    at h_default (hooks/h.ts:3:38)",
        cause: { name: "TypeError", message: "bad url", stack: "TypeError: bad url\n    at h_default (hooks/h.ts:2:30)" },
        status: 502,
      },
      list: [{ name: "TypeError", message: "bad url", stack: "TypeError: bad url\n    at h_default (hooks/h.ts:2:30)" }],
    });
  });

  it("stack frames are in the hook's own TypeScript lines, also in a logged err.stack", async () => {
    const logs = await logsOf(
      `  type Shape = {\n    a: number;\n  };\n  const s: Shape = { a: 1 };\n  const err = new Error("late " + s.a);\n  ctx.logger.warn({ err });\n  console.log(err.stack.split("\\n")[0]);`,
    );
    expect(logs).toEqual([
      { level: "warn", message: '{"err":{"name":"Error","message":"late 1","stack":"Error: late 1\\n    at h_default (hooks/h.ts:6:24)"}}' },
      { level: "log", message: "    at h_default (hooks/h.ts:6:24)" },
    ]);
  });

  it("an Error as the only argument reads the same as console.log prints it", async () => {
    const logs = await logsOf(`  const err = new RangeError("too many");\n  ctx.logger.error(err);\n  console.log(err);`);
    expect(logs).toEqual([
      { level: "error", message: "RangeError: too many" },
      { level: "log", message: "RangeError: too many" },
    ]);
  });
});
