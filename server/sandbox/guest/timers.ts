/**
 * Guest code: virtual-time `setTimeout`/`setInterval` for one realm.
 *
 * There is no real time in the sandbox. A timer fires only when the hook's work is otherwise
 * idle (no microtasks left) and its promise has not settled yet; firing moves the run's virtual
 * clock forward to the timer's due time, so `await new Promise(r => setTimeout(r, 100))` takes
 * no real time and advances `Date.now()` by 100 ms, the same way on every run. When a hook call
 * ends, its pending timers are cancelled: a timer never outlives the call that set it.
 * An unref'd timer (`setTimeout(...).unref()`, `AbortSignal.timeout`) still fires while the call
 * awaits past it, but is dropped silently at the end: in Node it never keeps the process alive.
 */

export interface VirtualClock {
  /** The clock's current value, without recording a read. */
  peek(): number;
  /** Moves the clock forward to `t` (never backward). */
  advanceTo(t: number): void;
}

export interface VirtualTimers {
  /** Runs the earliest pending timer; false when none is pending. */
  fireNext(): boolean;
  /** Cancels every pending timer; returns how many of them were ref'd (unref'd ones end silently). */
  cancelAll(): number;
  /** The first error a timer callback threw since the last call, then forgets it. */
  takeError(): { error: unknown } | null;
}

interface Timer {
  id: number;
  due: number;
  seq: number;
  callback: (...args: unknown[]) => unknown;
  args: unknown[];
  interval: number | null;
  ref: boolean;
}

/**
 * What `setTimeout`/`setInterval` return, as Node's Timeout: `ref`/`unref`/`hasRef`/`refresh`,
 * and the timer's id as its primitive value (so `clearTimeout(Number(t))` and `${t}` work too).
 */
class Timeout {
  constructor(
    private readonly timer: Timer,
    private readonly restart: (timer: Timer) => void,
  ) {}
  ref(): this {
    this.timer.ref = true;
    return this;
  }
  unref(): this {
    this.timer.ref = false;
    return this;
  }
  hasRef(): boolean {
    return this.timer.ref;
  }
  refresh(): this {
    this.restart(this.timer);
    return this;
  }
  [Symbol.toPrimitive](): number {
    return this.timer.id;
  }
}

export function installTimers(clock: VirtualClock): VirtualTimers {
  let timers: Timer[] = [];
  let nextId = 1;
  let seq = 0;
  let thrown: { error: unknown } | null = null;

  function schedule(name: string, callback: unknown, ms: unknown, args: unknown[], repeat: boolean): Timeout {
    if (typeof callback !== "function") {
      throw new TypeError(`${name}: the callback must be a function (the sandbox never evaluates strings as code)`);
    }
    const delay = Math.max(0, Number(ms) || 0);
    const timer: Timer = {
      id: nextId++,
      due: clock.peek() + delay,
      seq: seq++,
      callback: callback as Timer["callback"],
      args,
      interval: repeat ? Math.max(1, delay) : null,
      ref: true,
    };
    timers.push(timer);
    const delayOf = delay;
    return new Timeout(timer, (t) => {
      t.due = clock.peek() + (t.interval ?? delayOf);
      t.seq = seq++;
      if (!timers.includes(t)) timers.push(t);
    });
  }
  function cancel(handle: unknown): void {
    const id = handle instanceof Timeout ? Number(handle) : handle;
    timers = timers.filter((t) => t.id !== id);
  }

  const g = globalThis as unknown as Record<string, unknown>;
  g.setTimeout = function setTimeout(callback: unknown, ms?: unknown, ...args: unknown[]) {
    return schedule("setTimeout", callback, ms, args, false);
  };
  g.setInterval = function setInterval(callback: unknown, ms?: unknown, ...args: unknown[]) {
    return schedule("setInterval", callback, ms, args, true);
  };
  g.clearTimeout = cancel;
  g.clearInterval = cancel;
  g.queueMicrotask = function queueMicrotask(callback: unknown) {
    if (typeof callback !== "function") throw new TypeError("queueMicrotask: the callback must be a function");
    void Promise.resolve().then(callback as () => unknown);
  };

  return {
    fireNext() {
      let first: Timer | undefined;
      for (const t of timers) if (!first || t.due < first.due || (t.due === first.due && t.seq < first.seq)) first = t;
      if (!first) return false;
      const timer = first;
      if (timer.interval === null) cancel(timer.id);
      else {
        timer.due += timer.interval;
        timer.seq = seq++;
      }
      clock.advanceTo(timer.interval === null ? timer.due : timer.due - timer.interval);
      try {
        timer.callback(...timer.args);
      } catch (error) {
        thrown ??= { error };
      }
      return true;
    },
    cancelAll() {
      const n = timers.filter((t) => t.ref).length;
      timers = [];
      return n;
    },
    takeError() {
      const out = thrown;
      thrown = null;
      return out;
    },
  };
}
