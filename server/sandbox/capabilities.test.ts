import { afterEach, describe, expect, it } from "vitest";
import type { HookCallResult } from "../../core/engine/ports";
import { callOf, chain, createHarness, pipelineOf } from "./testHarness";

/**
 * User code gets no ambient capability: each test tries one and asserts exactly how it fails
 * (or that the thing is simply not there).
 */

const harness = createHarness();
afterEach(() => harness.cleanup());

async function run(code: string, modules: Record<string, string> = {}): Promise<HookCallResult> {
  const runner = await harness.open(pipelineOf({ h: code }, modules));
  return callOf(await chain(runner, ["h"], { n: 1 }), "h");
}

const IMPORT_RULE =
  'it is not a dependency of the pipeline; declare the npm package in the pipeline\'s Settings (Dependencies). Without that the sandbox has only the Node built-in modules it simulates (e.g. "node:path") and the pipeline\'s own modules by relative path (e.g. "../src/util"); type-only imports are removed before the code runs';

describe("sandbox capabilities", () => {
  it("has no require", async () => {
    const call = await run(`export default () => { require("fs"); };`);
    expect(call.failure).toEqual({
      kind: "threw",
      message: "ReferenceError: 'require' is not defined (hooks/h.ts:1:24)",
      location: { file: "hooks/h.ts", line: 1, column: 24 },
    });
  });

  it('refuses import("child_process") at run time, naming the module and why', async () => {
    const call = await run(`export default async () => {\n  await import("child_process");\n};`);
    expect(call.failure).toEqual({
      kind: "threw",
      message: `Error: Cannot import "child_process" from hooks/h.ts: the sandbox cannot start processes (hooks/h.ts:2:16)`,
      location: { file: "hooks/h.ts", line: 2, column: 16 },
    });
  });

  it("refuses a static value import of a package, naming it, before the hook runs", async () => {
    const call = await run(`import { merge } from "lodash";\nexport default (ctx: any) => { ctx.n = merge(1); };`);
    expect(call.failure).toEqual({
      kind: "threw",
      message: `Error: Cannot import "lodash" from hooks/h.ts: ${IMPORT_RULE} (hooks/h.ts:1:23)`,
      location: { file: "hooks/h.ts", line: 1, column: 23 },
    });
    expect(call.patch).toEqual([]);
  });

  it("refuses the node: built-ins that would reach outside, saying why", async () => {
    const call = await run(`import { execSync } from "node:child_process";\nexport default () => execSync("id");`);
    expect(call.failure?.message).toBe(`Error: Cannot import "node:child_process" from hooks/h.ts: the sandbox cannot start processes (hooks/h.ts:1:26)`);
  });

  it("accepts a type-only import of the host's types module", async () => {
    const call = await run(
      `import type { PreModelCallContext } from "@vellumai/plugin-api";\nexport default (ctx: PreModelCallContext & { n: number }) => { ctx.n = 2; };`,
    );
    expect(call.failure).toBeNull();
    expect(call.patch).toEqual([{ op: "replace", path: "/n", value: 2 }]);
  });

  it("has only a simulated process: none of the server's environment variables, no native layer", async () => {
    const call = await run(`export default () => ({ home: process.env.HOME ?? null, keys: Object.keys(process.env), pid: process.pid, cwd: process.cwd() });`);
    expect(call.returned).toEqual({ home: null, keys: [], pid: 4242, cwd: "/workspace/plugins/plugin" });
    const probe = await run(`export default () => ({ process: typeof (globalThis as any).process, env: typeof (globalThis as any).env });`);
    expect(probe.returned).toEqual({ process: "object", env: "undefined" });
  });

  it("has no network: fetch is answered only by the scenario's HTTP fixtures", async () => {
    const call = await run(`export default async () => { await globalThis.fetch("https://example.com"); };`);
    expect(call.failure?.message).toBe("TypeError: no fixture for GET https://example.com: add one in the scenario's HTTP fixtures (hooks/h.ts:1:52)");
  });

  it("has no XMLHttpRequest", async () => {
    const call = await run(`export default () => { new XMLHttpRequest(); };`);
    expect(call.failure?.message).toBe("ReferenceError: 'XMLHttpRequest' is not defined (hooks/h.ts:1:28)");
  });

  it("has no WebSocket", async () => {
    const call = await run(`export default () => { new WebSocket("wss://example.com"); };`);
    expect(call.failure?.message).toBe("ReferenceError: 'WebSocket' is not defined (hooks/h.ts:1:28)");
  });

  it("has no host objects: no Deno, Bun, CommonJS globals, window or WebAssembly (Node's globals are simulated)", async () => {
    const call = await run(
      `export default () => ({ Deno: typeof Deno, Bun: typeof Bun, global: typeof global, window: typeof window, self: typeof self,
        Buffer: typeof Buffer, module: typeof module, exports: typeof exports, __dirname: typeof __dirname, WebAssembly: typeof WebAssembly });`,
    );
    expect(call.returned).toEqual({
      Deno: "undefined",
      Bun: "undefined",
      global: "object",
      window: "undefined",
      self: "undefined",
      Buffer: "function",
      module: "undefined",
      exports: "undefined",
      __dirname: "undefined",
      WebAssembly: "undefined",
    });
  });

  it("exposes only the language's globals plus the sandbox's deterministic console, clock, timers, crypto and simulated Node globals", async () => {
    const call = await run(`export default () => ({ globals: Object.getOwnPropertyNames(globalThis).sort() });`);
    expect(call.returned).toEqual({
      globals: [
        "AbortController", "AbortSignal", "AggregateError", "Array", "ArrayBuffer", "BigInt", "BigInt64Array", "BigUint64Array",
        "Boolean", "Buffer", "DOMException", "DataView", "Date", "Error", "EvalError", "Event", "EventTarget", "FinalizationRegistry",
        "Float16Array", "Float32Array", "Float64Array", "Function", "Headers", "Infinity", "Int16Array", "Int32Array", "Int8Array",
        "InternalError", "Iterator", "JSON", "Map", "Math", "NaN", "Number", "Object", "Promise", "Proxy", "RangeError",
        "ReferenceError", "Reflect", "RegExp", "Request", "Response", "Set", "SharedArrayBuffer", "String", "Symbol", "SyntaxError", "TextDecoder",
        "TextEncoder", "TypeError", "URIError", "URL", "URLSearchParams", "Uint16Array", "Uint32Array", "Uint8Array",
        "Uint8ClampedArray", "WeakMap", "WeakRef", "WeakSet", "atob", "btoa", "clearImmediate", "clearInterval", "clearTimeout",
        "console", "crypto", "decodeURI", "decodeURIComponent", "encodeURI", "encodeURIComponent", "escape", "eval", "fetch", "global",
        "globalThis", "isFinite", "isNaN", "parseFloat", "parseInt", "performance", "process", "queueMicrotask", "setImmediate",
        "setInterval", "setTimeout", "structuredClone", "undefined", "unescape",
      ],
    });
  });

  it("lets eval and Function run, inside the same sandbox", async () => {
    const call = await run(`export default () => ({ e: eval("typeof Deno"), f: new Function("return typeof require")() });`);
    expect(call.returned).toEqual({ e: "undefined", f: "undefined" });
  });

  it("never runs a timer after the call that set it ended", async () => {
    const runner = await harness.open(
      pipelineOf({ h: `let fired = 0;\nexport default (ctx: any) => {\n  setTimeout(() => { fired++; ctx.leaked = true; }, 10);\n  return { fired };\n};` }),
    );
    const first = callOf(await chain(runner, ["h"], {}), "h");
    const second = callOf(await chain(runner, ["h"], {}), "h");
    expect(first.returned).toEqual({ fired: 0 });
    expect(second.returned).toEqual({ fired: 0 });
    expect(second.patch).toEqual([{ op: "add", path: "/fired", value: 0 }]);
    expect(first.logs).toEqual([
      { level: "warn", message: "1 timer was still pending when the call ended and was cancelled: timers never outlive a hook call" },
    ]);
  });

  it("refuses string timer callbacks", async () => {
    const call = await run(`export default () => { setTimeout("globalThis.x = 1", 1); };`);
    expect(call.failure?.message).toBe(
      "TypeError: setTimeout: the callback must be a function (the sandbox never evaluates strings as code) (hooks/h.ts:1:24)",
    );
  });

  it("does not let a hook reach the chain realm's global scope through the context", async () => {
    const call = await run(
      `export default (ctx: any) => {\n  const F = Object.getPrototypeOf(ctx).constructor.constructor;\n  return { F: typeof F };\n};`,
    );
    expect(call.returned).toEqual({ F: "undefined" });
  });
});

describe("tampering", () => {
  it("keeps collecting a hook's logs after it replaces its own JSON and console plumbing", async () => {
    const call = await run(`export default () => {\n  console.log("before");\n  JSON.stringify = () => "garbage";\n  JSON.parse = () => ({});\n  console.log("after");\n};`);
    expect(call.failure).toBeNull();
    expect(call.logs).toEqual([
      { level: "log", message: "before" },
      { level: "log", message: "after" },
    ]);
  });

  it("does not let a hook change the built-ins the chain's bookkeeping uses", async () => {
    const runner = await harness.open(
      pipelineOf({
        tamper: `export default (ctx: any) => {\n  const ChainObject = Object.getPrototypeOf(ctx).constructor;\n  ChainObject.keys = () => [];\n};`,
        next: `export default (ctx: any) => { ctx.n = 2; };`,
      }),
    );
    const result = await chain(runner, ["tamper", "next"], { n: 1 });
    expect(callOf(result, "tamper").failure).toEqual({
      kind: "threw",
      message: "TypeError: 'keys' is read-only (hooks/tamper.ts:3:3)",
      location: { file: "hooks/tamper.ts", line: 3, column: 3 },
    });
    expect(result.context).toEqual({ n: 2 });
  });
});
