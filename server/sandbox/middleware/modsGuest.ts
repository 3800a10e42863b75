/**
 * Guest code evaluated once in each mod's QuickJS context (a realm per mod, as the engine gives
 * each mod its own worker, claude-code-mods.md §1). It evaluates to the helpers the host calls:
 * - `collect(register)`: runs `register(on, {})` and returns its registrations (filters as JSON,
 *   RegExps as `{__regex, flags}`), `.catch` refused by name;
 * - `freeze(json)`: the event, frozen at every depth (fact 22);
 * - `dollar(log)`: `$` with `$.ui.log` and every other `$.noun.event()` refused by name
 *   (core/profiles/claude-code-mods/dollar.ts says the same in the host's terms);
 * - `makeNext(event, call)`: `next`, with `next.called` and `next.event`, handing the host the
 *   event as JSON;
 * - `stringify(value)`: an answer as JSON (undefined stays undefined).
 * `eval` throws as the engine's does (fact 23: code generation from strings is disallowed).
 * Plain ES2020 in a string: it runs inside QuickJS, never in Node.
 */
export const MODS_GUEST_SCRIPT = String.raw`(() => {
  const stringify = JSON.stringify;
  const parse = JSON.parse;
  globalThis.eval = function () { throw new EvalError("Code generation from strings disallowed for this context"); };
  const freeze = (v) => {
    if (v !== null && typeof v === "object") {
      for (const k of Object.keys(v)) freeze(v[k]);
      Object.freeze(v);
    }
    return v;
  };
  const filterJson = (v) => {
    if (v instanceof RegExp) return { __regex: v.source, flags: v.flags };
    if (Array.isArray(v)) return v.map(filterJson);
    if (v !== null && typeof v === "object") {
      const o = {};
      for (const k of Object.keys(v)) o[k] = filterJson(v[k]);
      return o;
    }
    return v;
  };
  const collect = (register) => {
    if (typeof register !== "function") throw new Error("no export named register (export function register(on, options) {...})");
    const out = [];
    const on = (event, a, b) => {
      const hook = b === undefined ? a : b;
      out.push({ event, filter: b === undefined ? undefined : stringify(filterJson(a)), hook });
      return { catch() { throw new Error("on(\"" + String(event) + "\").catch(…) is not simulated by Hookwright: it runs every hook fail-open"); } };
    };
    register(on, {});
    return out;
  };
  const dollar = (log) => {
    const simulated = { ui: { log: (text) => log(String(text)) } };
    const noun = (name) => new Proxy({}, {
      get(_t, event) {
        if (typeof event !== "string") return undefined;
        const fn = simulated[name] && simulated[name][event];
        if (fn) return fn;
        return () => { throw new Error("$." + name + "." + event + "() is not simulated by Hookwright (only $.ui.log is); in the engine it reaches the machine or the session"); };
      },
      set() { return false; },
    });
    return new Proxy({}, { get(_t, name) { return typeof name === "string" ? noun(name) : undefined; }, set() { return false; } });
  };
  const makeNext = (event, call) => {
    let called = false;
    const next = (e) => {
      called = true;
      return call(e === undefined ? undefined : stringify(e));
    };
    Object.defineProperty(next, "called", { get: () => called });
    Object.defineProperty(next, "event", { value: event });
    return next;
  };
  return {
    collect,
    freeze: (json) => freeze(parse(json)),
    parse: (json) => parse(json),
    dollar,
    makeNext,
    stringify: (v) => (v === undefined ? undefined : stringify(v)),
  };
})()`;
