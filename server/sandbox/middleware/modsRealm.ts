import type { QuickJSContext, QuickJSHandle, QuickJSRuntime } from "quickjs-emscripten-core";
import { dirnameOf, resolveRelative } from "../../../core/bundles/paths";
import type { MiddlewareInvoke, NextFn } from "../../../core/chain/middleware/onion";
import type { Json } from "../../../core/json";
import type { ModFilter } from "../../../core/profiles/claude-code-mods/filter";
import { collectRegistrations, ModLoadRefused } from "../../../core/profiles/claude-code-mods/registrations";
import { loadQuickJS, newGuardedMemory } from "../quickjs";
import { compileModule } from "../transpile";
import { MODS_GUEST_SCRIPT } from "./modsGuest";

/**
 * Claude Code mods, run as they are in QuickJS: each mod's hooks module (JavaScript or TypeScript,
 * its own files importable) is loaded in a context of its own, `register(on, options)` runs there,
 * and each registered hook is then called with `$`, the deeply frozen event and a `next` whose
 * answer the host supplies — so `core/chain/middleware/onion.ts` can nest hooks of different mods
 * (`invoke` is a {@link MiddlewareInvoke}). Like the engine's mod sandbox there is no `process`,
 * `require`, `fetch` or `Buffer`, and `eval` throws; unlike it there is no `setTimeout` yet.
 * A hook that does not settle within its budget fails (the engine skips it after 10 s, fact 19).
 */

/** One mod: its plugin name, its files (POSIX paths) and the hooks module among them. */
export interface ModFiles {
  plugin: string;
  entry: string;
  files: ReadonlyMap<string, string>;
}

/** A registration as loaded: `id` is what {@link ModsRealm.invoke} takes. */
export interface LoadedRegistration {
  id: string;
  plugin: string;
  /** Position in its mod's registrations. */
  index: number;
  event: string;
  filter: ModFilter | null;
}

export interface ModsRealm {
  /** Every loaded mod's registrations, mods in the order given, each mod's in registration order. */
  registrations: LoadedRegistration[];
  /** Mods refused at load, as a whole (fact 47), and why. */
  refused: { plugin: string; reason: string }[];
  invoke: MiddlewareInvoke;
  /** `$.ui.log` texts as `<plugin>: <text>`, in call order. */
  uiLogs: string[];
  /** `console.*` lines as `<plugin>: <text>` (the engine sends these to its debug log only). */
  consoleLogs: string[];
  dispose(): void;
}

interface Realm {
  plugin: string;
  ctx: QuickJSContext;
  api: QuickJSHandle;
}

/** Opens the mods. @param options.budgetMs per hook call (default 10 000, the engine's). */
export async function openModsRealm(mods: readonly ModFiles[], options: { budgetMs?: number; memoryBytes?: number } = {}): Promise<ModsRealm> {
  const budgetMs = options.budgetMs ?? 10_000;
  const sources = new Map<string, string>();
  const compileErrors = new Map<string, string>();
  for (const mod of mods) {
    for (const [path, code] of mod.files) {
      if (!/\.(m?[jt]sx?)$/.test(path)) continue;
      const compiled = await compileModule(`${mod.plugin}/${path}`, code);
      if (compiled.ok) sources.set(`${mod.plugin}/${path}`, compiled.module.code);
      else compileErrors.set(`${mod.plugin}/${path}`, compiled.error.message);
    }
  }
  const quickjs = await loadQuickJS(newGuardedMemory(options.memoryBytes ?? 256 * 1024 * 1024).memory);
  const rt: QuickJSRuntime = quickjs.newRuntime();
  let deadline = 0;
  rt.setInterruptHandler(() => deadline > 0 && Date.now() > deadline);
  rt.setModuleLoader(
    (name) => sources.get(name) ?? { error: new Error(`${name} is not one of the mod's files`) },
    (base, requested) => resolveRelative(dirnameOf(base), requested) ?? requested,
  );
  const guarded = <T>(fn: () => T): T => {
    deadline = Date.now() + budgetMs;
    try {
      return fn();
    } finally {
      deadline = 0;
    }
  };
  const pump = () => guarded(() => rt.executePendingJobs());

  const realms: Realm[] = [];
  const hooks = new Map<string, { realm: Realm; fn: QuickJSHandle }>();
  const registrations: LoadedRegistration[] = [];
  const refused: { plugin: string; reason: string }[] = [];
  const uiLogs: string[] = [];
  const consoleLogs: string[] = [];

  for (const mod of mods) {
    const ctx = rt.newContext();
    const realm: Realm = { plugin: mod.plugin, ctx, api: ctx.unwrapResult(ctx.evalCode(MODS_GUEST_SCRIPT, "hookwright:mods.js", { type: "global" })) };
    realms.push(realm);
    installConsole(ctx, (text) => consoleLogs.push(`${mod.plugin}: ${text}`));
    const entry = `${mod.plugin}/${mod.entry}`;
    try {
      const problem = compileErrors.get(entry);
      if (problem !== undefined) throw new ModLoadRefused(problem);
      if (!sources.has(entry)) throw new ModLoadRefused(`${mod.entry} is not one of the mod's files`);
      const exports = await settle(ctx, guarded(() => ctx.evalCode(sources.get(entry) ?? "", entry, { type: "module" })), pump, budgetMs);
      const register = ctx.getProp(exports, "register");
      exports.dispose();
      const listed = callApi(realm, "collect", guarded, register);
      register.dispose();
      if (listed.error) {
        const text = errorText(ctx, listed.error);
        listed.error.dispose();
        throw new ModLoadRefused(text);
      }
      // The guest's list is re-read through core's collector, so the engine's load-time checks live in one place.
      const guestHooks: QuickJSHandle[] = [];
      try {
        const items: { event: unknown; filter: unknown; isFunction: boolean }[] = [];
        const list = listed.value;
        const length = Number(dumpProp(ctx, list, "length"));
        for (let i = 0; i < length; i++) {
          const item = ctx.getProp(list, i);
          const hook = ctx.getProp(item, "hook");
          items.push({ event: dumpProp(ctx, item, "event"), filter: dumpProp(ctx, item, "filter"), isFunction: ctx.typeof(hook) === "function" });
          guestHooks.push(hook);
          item.dispose();
        }
        list.dispose();
        const regs = collectRegistrations<{ guestIndex: number }>((on: (event: unknown, a: unknown, b?: unknown) => unknown) => {
          items.forEach((item, i) => {
            const token = item.isFunction ? Object.assign(() => i, { guestIndex: i }) : undefined;
            if (typeof item.filter === "string") on(item.event, withRegExps(JSON.parse(item.filter) as unknown), token);
            else on(item.event, token);
          });
        });
        for (const r of regs) {
          const id = `${mod.plugin}#${r.index}`;
          hooks.set(id, { realm, fn: (guestHooks[r.hook.guestIndex] as QuickJSHandle).dup() });
          registrations.push({ id, plugin: mod.plugin, index: r.index, event: r.event, filter: r.filter });
        }
      } finally {
        for (const h of guestHooks) h.dispose();
      }
    } catch (error) {
      refused.push({ plugin: mod.plugin, reason: error instanceof Error ? error.message : String(error) });
      for (const [id, hook] of hooks) {
        if (!id.startsWith(`${mod.plugin}#`)) continue;
        hook.fn.dispose();
        hooks.delete(id);
      }
      for (let i = registrations.length - 1; i >= 0; i--) if (registrations[i]?.plugin === mod.plugin) registrations.splice(i, 1);
    }
  }

  const invoke: MiddlewareInvoke = async (hookId, event, next) => {
    const hook = hooks.get(hookId);
    if (!hook) throw new Error(`${hookId} is not a loaded hook`);
    const { ctx, plugin } = hook.realm;
    const call = (name: string, ...args: QuickJSHandle[]) => ctx.unwrapResult(callApi(hook.realm, name, guarded, ...args));
    const log = ctx.newFunction("log", (text) => void uiLogs.push(`${plugin}: ${ctx.getString(text)}`));
    const $ = call("dollar", log);
    log.dispose();
    const json = ctx.newString(JSON.stringify(event));
    const e = call("freeze", json);
    json.dispose();
    const bridge = ctx.newFunction("next", (arg) => nextFromGuest(hook.realm, arg, next, pump));
    const name = ctx.newString(next.event);
    const guestNext = call("makeNext", name, bridge);
    name.dispose();
    bridge.dispose();
    const started = guarded(() => ctx.callFunction(hook.fn, ctx.undefined, $, e, guestNext));
    for (const h of [$, e, guestNext]) h.dispose();
    const value = await settle(ctx, started, pump, budgetMs);
    const stringified = callApi(hook.realm, "stringify", guarded, value);
    value.dispose();
    if (stringified.error) {
      const problem = errorText(ctx, stringified.error);
      stringified.error.dispose();
      throw guestError(problem);
    }
    const text = stringified.value;
    const out = ctx.dump(text) as unknown;
    text.dispose();
    return typeof out === "string" ? (JSON.parse(out) as Json) : null;
  };

  return {
    registrations,
    refused,
    invoke,
    uiLogs,
    consoleLogs,
    dispose() {
      for (const { fn } of hooks.values()) if (fn.alive) fn.dispose();
      for (const r of realms) {
        r.api.dispose();
        r.ctx.dispose();
      }
      rt.dispose();
    },
  };
}

/** The guest called `next(json?)`: runs the links beneath on the host and answers with a guest promise. */
function nextFromGuest(realm: Realm, arg: QuickJSHandle | undefined, next: NextFn, pump: () => unknown): QuickJSHandle {
  const { ctx } = realm;
  const deferred = ctx.newPromise();
  const passed = arg && ctx.typeof(arg) === "string" ? (JSON.parse(ctx.getString(arg)) as unknown) : undefined;
  next(passed).then(
    (result) => {
      if (!ctx.alive) return;
      const json = ctx.newString(JSON.stringify(result));
      const handle = ctx.unwrapResult(callApi(realm, "parse", (fn) => fn(), json));
      json.dispose();
      deferred.resolve(handle);
      handle.dispose();
      pump();
    },
    (error: unknown) => {
      if (!ctx.alive) return;
      const handle = ctx.newError({ name: error instanceof Error ? error.name : "Error", message: error instanceof Error ? error.message : String(error) });
      deferred.reject(handle);
      handle.dispose();
      pump();
    },
  );
  return deferred.handle;
}

/** Waits for a guest call's promise (running its jobs), within `budgetMs`. @throws Error with the guest's error text. */
async function settle(ctx: QuickJSContext, started: { value?: QuickJSHandle; error?: QuickJSHandle }, pump: () => unknown, budgetMs: number): Promise<QuickJSHandle> {
  if (started.error) {
    const text = errorText(ctx, started.error);
    started.error.dispose();
    throw guestError(text);
  }
  const handle = started.value as QuickJSHandle;
  const native = ctx.resolvePromise(handle);
  handle.dispose();
  pump();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const budget = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`ran past its ${budgetMs / 1000}s budget`)), budgetMs);
  });
  try {
    const result = await Promise.race([native, budget]);
    if (result.error) {
      const text = errorText(ctx, result.error);
      result.error.dispose();
      throw guestError(text);
    }
    return result.value;
  } finally {
    clearTimeout(timer);
  }
}

/** Calls one of the guest helpers (modsGuest.ts) by name. */
function callApi(realm: Realm, name: string, guarded: <T>(fn: () => T) => T, ...args: QuickJSHandle[]): ReturnType<QuickJSContext["callFunction"]> {
  const fn = realm.ctx.getProp(realm.api, name);
  try {
    return guarded(() => realm.ctx.callFunction(fn, realm.ctx.undefined, ...args));
  } finally {
    fn.dispose();
  }
}

/** A property's value as the host reads it (dumped), its handle released. */
function dumpProp(ctx: QuickJSContext, object: QuickJSHandle, key: string): unknown {
  const handle = ctx.getProp(object, key);
  try {
    return ctx.dump(handle) as unknown;
  } finally {
    handle.dispose();
  }
}

function errorText(ctx: QuickJSContext, error: QuickJSHandle): string {
  const dumped = ctx.dump(error) as unknown;
  if (typeof dumped === "object" && dumped !== null && "message" in dumped) return `${String((dumped as { name?: unknown }).name ?? "Error")}: ${String((dumped as { message: unknown }).message)}`;
  return String(dumped);
}

/** An Error whose name and message are the guest's (`TypeError: …`), so the onion reports it in the guest's words. */
function guestError(text: string): Error {
  const at = text.indexOf(": ");
  const error = new Error(at < 0 ? text : text.slice(at + 2));
  error.name = at < 0 ? "Error" : text.slice(0, at);
  return error;
}

/** A filter's JSON with the guest's RegExps (`{__regex, flags}`) made RegExps again, for core's collector. */
function withRegExps(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withRegExps);
  if (typeof value === "object" && value !== null) {
    const v = value as Record<string, unknown>;
    if (typeof v.__regex === "string") return new RegExp(v.__regex, typeof v.flags === "string" ? v.flags : "");
    return Object.fromEntries(Object.entries(v).map(([k, item]) => [k, withRegExps(item)]));
  }
  return value;
}

function installConsole(ctx: QuickJSContext, sink: (text: string) => void): void {
  const console = ctx.newObject();
  for (const level of ["log", "info", "warn", "error", "debug"]) {
    const fn = ctx.newFunction(level, (...args) => void sink(args.map((a) => (ctx.typeof(a) === "string" ? ctx.getString(a) : JSON.stringify(ctx.dump(a)))).join(" ")));
    ctx.setProp(console, level, fn);
    fn.dispose();
  }
  ctx.setProp(ctx.global, "console", console);
  console.dispose();
}
