import type { FilterValue, ModFilter } from "./filter";

/**
 * Running a mod's `register(on, options)` as the engine does, to collect its registrations in
 * order (the chain order, fact 10), with the engine's load-time refusals that can be decided from
 * the calls alone (fact 39: a second unfiltered registration of one event), and a refusal of its
 * own for events Hookwright does not simulate. A refusal refuses the whole module, as the engine's
 * do (fact 47). Plain JavaScript, so it can run inside the sandbox beside the mod.
 */

/** The events Hookwright simulates, each checked against the engine in claudeCodeMods.engine.test.ts. */
export const MOD_EVENTS = ["tool.call", "classic.PreToolUse", "classic.PostToolUse", "classic.UserPromptSubmit", "classic.Stop", "classic.*", "*"] as const;

export interface ModRegistration<H> {
  event: string;
  filter: ModFilter | null;
  hook: H;
  /** Position among the module's registrations (0-based), the order the chain nests them in. */
  index: number;
}

/** The module is refused at load, as a whole; `reason` in the engine's words where it has them. */
export class ModLoadRefused extends Error {
  override name = "ModLoadRefused";
}

/** A filter as the mod wrote it (RegExp objects and all) in its JSON form. @throws ModLoadRefused naming the key. */
export function filterOf(value: unknown, event: string): ModFilter {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new ModLoadRefused(`on("${event}"): the filter must be an object whose values are literals, RegExps or arrays of them`);
  const one = (v: unknown, key: string, inArray: boolean): FilterValue => {
    if (v instanceof RegExp) return { regex: v.source, flags: v.flags };
    if (Array.isArray(v) && !inArray) return { anyOf: v.map((item) => one(item, key, true)) };
    if (v === null || typeof v === "string" || typeof v === "number" || typeof v === "boolean") return { is: v };
    throw new ModLoadRefused(`on("${event}"): the filter's ${key} is neither a literal, a RegExp nor an array of them`);
  };
  return { has: Object.fromEntries(Object.entries(value).map(([k, v]) => [k, one(v, k, false)])) };
}

/**
 * Calls `register` with an `on` that records each registration.
 * @throws ModLoadRefused when the engine (or Hookwright) would refuse the module.
 */
export function collectRegistrations<H>(register: unknown, options: Readonly<Record<string, unknown>> = {}): ModRegistration<H>[] {
  if (typeof register !== "function") throw new ModLoadRefused("no export named register (export function register(on, options) {...})");
  const out: ModRegistration<H>[] = [];
  const unfiltered = new Set<string>();
  const on = (event: unknown, second: unknown, third?: unknown) => {
    const hook = third === undefined ? second : third;
    if (typeof event !== "string") throw new ModLoadRefused("on() takes the event's name first: on(\"<event>\", hook)");
    if (!(MOD_EVENTS as readonly string[]).includes(event)) throw new ModLoadRefused(`"${event}" is not an event Hookwright simulates (it runs ${MOD_EVENTS.join(", ")})`);
    if (typeof hook !== "function") throw new ModLoadRefused(`on("${event}"): the hook is not a function`);
    const filter = third === undefined ? null : filterOf(second, event);
    if (filter === null) {
      if (unfiltered.has(event)) throw new ModLoadRefused(`on("${event}") is registered twice without a matcher`);
      unfiltered.add(event);
    }
    out.push({ event, filter, hook: hook as H, index: out.length });
    // The engine's on() returns a registration with .catch; Hookwright runs every hook fail-open, so .catch is refused by name when used.
    return {
      catch() {
        throw new ModLoadRefused(`on("${event}").catch(…) is not simulated by Hookwright: it runs every hook fail-open`);
      },
    };
  };
  try {
    (register as (on: unknown, options: unknown) => unknown)(on, options);
  } catch (error) {
    if (error instanceof ModLoadRefused) throw error;
    throw new ModLoadRefused(`register threw: ${error instanceof Error ? error.message : String(error)}`);
  }
  return out;
}

/** The event names a registration on `pattern` hears among `event` (fact 24: `classic.*`; fact 37: `*` but never tool.run). */
export function hears(pattern: string, event: string): boolean {
  if (pattern === event) return true;
  if (event === "tool.run") return false;
  if (pattern === "*") return true;
  return pattern.endsWith(".*") && event.startsWith(pattern.slice(0, -1));
}
