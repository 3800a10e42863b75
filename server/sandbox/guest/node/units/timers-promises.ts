import type { UnitEnv } from "../unitEnv";

/**
 * Guest unit `timers/promises`: promise forms of the virtual timers. `setTimeout(ms, value)`
 * resolves after `ms` of the run's virtual clock (no real time passes), honouring `signal`;
 * `setInterval` is an async iterator; `scheduler.wait` / `scheduler.yield` as in Node.
 * `ref: false` unrefs the timer (it still fires while the call awaits it, and ends silently).
 */

type Timer = (fn: () => void, ms?: number) => { unref?: () => unknown };
interface Options {
  signal?: Signal;
  ref?: boolean;
}
interface Signal {
  aborted: boolean;
  reason: unknown;
  addEventListener(type: string, fn: () => void, options?: unknown): void;
  removeEventListener(type: string, fn: () => void): void;
}

export function create(_env: UnitEnv): Record<string, unknown> {
  const g = globalThis as unknown as { setTimeout: Timer; clearTimeout(id: unknown): void; setInterval: Timer; clearInterval(id: unknown): void };
  const setT = g.setTimeout;
  const clearT = g.clearTimeout;
  const abortError = (signal: Signal) => Object.assign(new Error("The operation was aborted"), { name: "AbortError", code: "ABORT_ERR", cause: signal.reason });

  function delay<T>(ms: unknown, value?: T, options: Options = {}): Promise<T> {
    const signal = options.signal;
    if (signal?.aborted) return Promise.reject(abortError(signal));
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        clearT(id);
        reject(abortError(signal as Signal));
      };
      const id = setT(() => {
        signal?.removeEventListener("abort", onAbort);
        resolve(value as T);
      }, Number(ms) || 0);
      if (options.ref === false) id.unref?.();
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  }

  async function* interval<T>(ms: unknown, value?: T, options: Options = {}): AsyncGenerator<T> {
    const signal = options.signal;
    let ticks = 0;
    let wake: (() => void) | null = null;
    const id = g.setInterval(() => {
      ticks++;
      wake?.();
    }, Number(ms) || 0);
    if (options.ref === false) id.unref?.();
    try {
      for (;;) {
        if (signal?.aborted) throw abortError(signal);
        if (ticks === 0) await new Promise<void>((r) => (wake = r));
        wake = null;
        if (signal?.aborted) throw abortError(signal);
        ticks--;
        yield value as T;
      }
    } finally {
      g.clearInterval(id);
    }
  }

  return {
    setTimeout: delay,
    setImmediate: <T>(value?: T, options?: Options) => delay(0, value, options),
    setInterval: interval,
    scheduler: { wait: (ms: unknown, options?: Options) => delay(ms, undefined, options), yield: () => delay(0) },
  };
}
