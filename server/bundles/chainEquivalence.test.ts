import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { CHAIN_RUNTIME_PATH, CHAIN_RUNTIME_SOURCE } from "~/core/bundles/chainRuntime";
import { chainedHookPath, chainWrapperSource } from "~/core/bundles/wrapper";
import { loadModule } from "./testing/buildModule";
import { ensureVellumPackage, PACKAGE_TIMEOUT_MS } from "./testing/vellumPackage";

/**
 * The generated chain wrapper must make N hooks in one plugin behave exactly like N plugins
 * chained by the host. This runs the host's real `runHook` (V:src/plugins/pipeline.ts, bundled
 * with its hook registry and logger stubbed) both ways and compares everything observable.
 */

type HookFn = (ctx: Record<PropertyKey, unknown>) => Promise<unknown>;
type RunHook = (name: string, ctx: object) => Promise<Record<PropertyKey, unknown>>;
interface TestGlobals {
  __hostHooks: HookFn[];
  __hostLog: unknown[][];
  __seen: string[];
}
const g = globalThis as unknown as TestGlobals;

let runHook: RunHook;
beforeAll(async () => {
  const packageDir = await ensureVellumPackage();
  const host = await loadModule<{ runHook: RunHook }>({
    entry: join(packageDir, "src/plugins/pipeline.ts"),
    stubs: {
      "/hooks/registry.js": "export async function getHooksFor() { return (globalThis as any).__hostHooks; }",
      "/util/logger.js":
        "export function getLogger() { const log = (...a: unknown[]) => (globalThis as any).__hostLog.push(a); return { error: log, warn: log, info: log, debug: log }; }",
    },
  });
  runHook = host.runHook;
}, PACKAGE_TIMEOUT_MS);

/** Describes a value graph: key order, prototypes, aliasing, and which objects are the input's own. */
function canonical(value: unknown, own: Map<object, string>, ids = new Map<object, number>()): unknown {
  if (typeof value === "symbol") return { symbol: value.description };
  if (value === null || typeof value !== "object") return { [typeof value]: String(value) };
  const input = own.get(value);
  if (input !== undefined) return { input };
  const id = ids.get(value);
  if (id !== undefined) return { alias: id };
  ids.set(value, ids.size);
  const at = (v: unknown) => canonical(v, own, ids);
  if (Array.isArray(value)) return { array: value.map(at) };
  if (value instanceof Date) return { date: value.getTime() };
  if (value instanceof Map) return { map: [...value].map(([k, v]) => [at(k), at(v)]) };
  if (value instanceof Set) return { set: [...value].map(at) };
  const proto = Object.getPrototypeOf(value) as object | null;
  const keys = Reflect.ownKeys(value).map((k) => {
    const d = Object.getOwnPropertyDescriptor(value, k);
    return [at(k), d?.enumerable, "value" in (d ?? {}) ? at(d?.value) : "accessor"];
  });
  return { proto: proto === Object.prototype ? "Object" : proto === null ? "null" : "other", keys };
}

interface Case {
  name: string;
  hooks: string[];
}

const mark = Symbol.for("hookwright.test.mark");

function makeContext(): { ctx: Record<PropertyKey, unknown>; own: Map<object, string>; loggerCalls: unknown[][] } {
  const loggerCalls: unknown[][] = [];
  const record = (...a: unknown[]) => loggerCalls.push(a);
  const logger = { info: record, warn: record, error: record, debug: record };
  const error = new Error("provider said no");
  const messages = [{ role: "user", content: [{ type: "text", text: "hi" }] }];
  const nullProto = Object.assign(Object.create(null) as object, { a: 1 });
  const ctx: Record<PropertyKey, unknown> = {
    conversationId: "c1",
    systemPrompt: "Be kind.",
    originalMessages: messages,
    latestMessages: messages,
    error,
    logger,
    when: new Date(0),
    tags: new Set(["x"]),
    byId: new Map([["k", { n: 1 }]]),
    nullProto,
    extra: "drop me",
    [mark]: "symbol-keyed",
  };
  Object.defineProperty(ctx, "hidden", { value: "non-enumerable", enumerable: false });
  return { ctx, own: new Map<object, string>([[logger, "logger"], [error, "error"]]), loggerCalls };
}

const cases: Case[] = [
  {
    name: "in-place edits, partial returns and deletes",
    hooks: [
      "export default async (ctx: any) => { ctx.systemPrompt += ' A'; (ctx.byId.get('k')).n = 2; }",
      "export default async (ctx: any) => ({ systemPrompt: ctx.systemPrompt + ' B', added: [1, 2] })",
      "export default async (ctx: any) => { delete ctx.extra; ctx.tags.add('y'); }",
    ],
  },
  {
    name: "a throwing hook's draft is dropped but by-reference side effects stay",
    hooks: [
      "export default async (ctx: any) => { ctx.systemPrompt = 'kept'; }",
      "export default async (ctx: any) => { ctx.systemPrompt = 'lost'; ctx.latestMessages.push('lost'); ctx.error.message = 'leaked'; throw new Error('boom'); }",
      "export default async (ctx: any) => { (globalThis as any).__seen.push(ctx.systemPrompt + '|' + ctx.latestMessages.length); }",
    ],
  },
  {
    name: "aliased fields stay aliased in every draft",
    hooks: [
      "export default async (ctx: any) => { ctx.latestMessages.push({ role: 'user', content: [] }); }",
      "export default async (ctx: any) => { (globalThis as any).__seen.push(String(ctx.latestMessages === ctx.originalMessages) + ctx.originalMessages.length); }",
    ],
  },
  {
    name: "odd return values: null, a string, undefined keys",
    hooks: [
      "export default async () => null",
      "export default async () => 'ab'",
      "export default async () => ({ error: undefined })",
    ],
  },
  {
    name: "the first hook throws and the next one commits",
    hooks: [
      "export default async (ctx: any) => { ctx.nullProto.b = 2; throw new RangeError('first'); }",
      "export default async (ctx: any) => { (globalThis as any).__seen.push(Object.keys(ctx.nullProto).join()); }",
    ],
  },
  {
    name: "every hook throws",
    hooks: ["export default async () => { throw new Error('one'); }", "export default async () => { throw new TypeError('two'); }"],
  },
];

async function buildHooks(point: string, c: Case): Promise<{ separate: HookFn[]; wrapper: HookFn }> {
  const chained = c.hooks.map((_, i) => ({ name: `hook ${i + 1}`, file: chainedHookPath(point, i, `hook ${i + 1}`) }));
  const files = new Map<string, string>([[CHAIN_RUNTIME_PATH, CHAIN_RUNTIME_SOURCE]]);
  c.hooks.forEach((code, i) => files.set(chained[i]?.file ?? "", code));
  files.set(`hooks/${point}.ts`, chainWrapperSource({ point, mode: "chain", contextType: "PreModelCallContext", typesModule: "@vellumai/plugin-api", hooks: chained }));
  const separate = await Promise.all(chained.map(async (h) => (await loadModule<{ default: HookFn }>({ entry: h.file, files })).default));
  const wrapper = (await loadModule<{ default: HookFn }>({ entry: `hooks/${point}.ts`, files })).default;
  return { separate, wrapper };
}

async function runThroughHost(hooks: HookFn[]) {
  g.__hostHooks = hooks;
  g.__hostLog = [];
  g.__seen = [];
  const { ctx, own, loggerCalls } = makeContext();
  const result = await runHook("pre-model-call", ctx);
  return { result: canonical(result, own), error: (ctx.error as Error).message, seen: g.__seen, hostLog: g.__hostLog, loggerCalls };
}

describe("generated chain wrapper", () => {
  for (const c of cases) {
    it(`behaves like separate plugins in the host: ${c.name}`, async () => {
      const { separate, wrapper } = await buildHooks("pre-model-call", c);
      const asPlugins = await runThroughHost(separate);
      const asWrapper = await runThroughHost([wrapper]);
      expect(asWrapper.result).toEqual(asPlugins.result);
      expect(asWrapper.error).toBe(asPlugins.error);
      expect(asWrapper.seen).toEqual(asPlugins.seen);
      // The host logs each failure itself; inside the wrapper they go to ctx.logger instead.
      const hostFailures = asPlugins.hostLog.map((a) => [(a[0] as { err: Error }).err.message, a[1]]);
      const wrapperFailures = asWrapper.loggerCalls.map((a) => [(a[0] as { err: Error }).err.message, a[1]]);
      expect(wrapperFailures).toEqual(hostFailures);
      // When every hook threw, the wrapper throws so the host keeps its committed context.
      const allFailed = hostFailures.length === c.hooks.length;
      expect(asWrapper.hostLog.map((a) => String((a[0] as { err: Error }).err))).toEqual(
        allFailed ? [`Error: all ${c.hooks.length} hooks of pre-model-call failed; their errors are logged above`] : [],
      );
    });
  }

  it("logs a failing hook with its name and the hook point", async () => {
    const { wrapper } = await buildHooks("pre-model-call", cases[5] ?? { name: "", hooks: [] });
    const { loggerCalls } = await runThroughHost([wrapper]);
    expect(loggerCalls.map((a) => ({ ...(a[0] as object), err: String((a[0] as { err: Error }).err) }))).toEqual([
      { err: "Error: one", hookName: "pre-model-call", hook: "hook 1" },
      { err: "TypeError: two", hookName: "pre-model-call", hook: "hook 2" },
    ]);
  });
});
