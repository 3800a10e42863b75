/**
 * The `$` a mod's hook receives, as far as Hookwright simulates it: `$.ui.log(text)` is recorded
 * (in a `-p` run the engine sends it to the host as a `ui_log` message, claude-code-mods.md §1).
 * Every other `$.<noun>.<event>(…)` — files, processes, HTTP, state, the store — touches the
 * machine or the session in the real engine; Hookwright refuses each by name when it is called,
 * never silently (the call throws, and the hook then fails open as the engine fails it open).
 * Plain JavaScript (a Proxy), so the sandbox can build it beside the mod.
 */

/** A `$` member Hookwright does not simulate was called. */
export class DollarNotSimulated extends Error {
  override name = "Error";
}

export interface DollarHost {
  /** `$.ui.log(text)`. */
  log(text: string): void;
}

export function createDollar(host: DollarHost): object {
  const simulated: Record<string, Record<string, (...args: unknown[]) => unknown>> = {
    ui: { log: (text: unknown) => host.log(String(text)) },
  };
  const noun = (name: string) =>
    new Proxy(
      {},
      {
        get(_target, event) {
          if (typeof event !== "string") return undefined;
          const fn = simulated[name]?.[event];
          if (fn) return fn;
          return () => {
            throw new DollarNotSimulated(`$.${name}.${event}() is not simulated by Hookwright (only $.ui.log is); in the engine it reaches the machine or the session`);
          };
        },
        set() {
          return false;
        },
      },
    );
  return new Proxy(
    {},
    {
      get(_target, name) {
        return typeof name === "string" ? noun(name) : undefined;
      },
      set() {
        return false;
      },
    },
  );
}
