import type { UnitEnv } from "../unitEnv";

/**
 * Guest unit `events`: Node's EventEmitter (listeners in registration order, `once`, prepend,
 * the `error` event throwing when nobody listens, `newListener` / `removeListener`, max
 * listeners warning), plus `events.once` and `errorMonitor`.
 */

type Listener = ((...args: unknown[]) => unknown) & { listener?: Listener };

const errorMonitor = Symbol("events.errorMonitor");
let warn: (message: string) => void = () => undefined;

/** The emitter's listeners, kept off its enumerable properties (util.inspect and JSON of a subclass stay clean). */
const LISTENERS = new WeakMap<object, Map<string | symbol, Listener[]>>();
const MAX = new WeakMap<object, number>();

class Emitter {
  /** Also set up lazily: old-style `EventEmitter.call(this)` and `Object.create(EventEmitter.prototype)` both work. */
  private get _events(): Map<string | symbol, Listener[]> {
    let map = LISTENERS.get(this);
    if (!map) LISTENERS.set(this, (map = new Map()));
    return map;
  }
  private set _events(map: Map<string | symbol, Listener[]>) {
    LISTENERS.set(this, map);
  }
  private get _maxListeners(): number | undefined {
    return MAX.get(this);
  }
  private set _maxListeners(n: number | undefined) {
    if (n !== undefined) MAX.set(this, n);
  }

  setMaxListeners(n: number): this {
    if (typeof n !== "number" || n < 0 || Number.isNaN(n)) throw new RangeError(`The value of "n" is out of range. It must be a non-negative number. Received ${String(n)}`);
    this._maxListeners = n;
    return this;
  }
  getMaxListeners(): number {
    return this._maxListeners ?? (EventEmitter as unknown as { defaultMaxListeners: number }).defaultMaxListeners;
  }

  emit(name: string | symbol, ...args: unknown[]): boolean {
    if (name === "error") {
      const monitors = this._events.get(errorMonitor);
      if (monitors) for (const l of [...monitors]) l.apply(this, args);
    }
    const list = this._events.get(name);
    if (!list || list.length === 0) {
      if (name === "error") {
        const err = args[0];
        if (err instanceof Error) throw err;
        const e = new Error(`Unhandled error. (${String(err)})`);
        (e as Error & { code: string }).code = "ERR_UNHANDLED_ERROR";
        throw e;
      }
      return false;
    }
    for (const l of [...list]) l.apply(this, args);
    return true;
  }

  private add(name: string | symbol, listener: unknown, prepend: boolean): this {
    if (typeof listener !== "function") throw new TypeError(`The "listener" argument must be of type function. Received ${listener === null ? "null" : typeof listener}`);
    if (this._events.has("newListener")) this.emit("newListener", name, (listener as Listener).listener ?? listener);
    let list = this._events.get(name);
    if (!list) this._events.set(name, (list = []));
    if (prepend) list.unshift(listener as Listener);
    else list.push(listener as Listener);
    const max = this.getMaxListeners();
    if (max > 0 && list.length === max + 1) {
      warn(
        `(node:4242) MaxListenersExceededWarning: Possible EventEmitter memory leak detected. ${list.length} ${String(name)} listeners added to [${this.constructor.name}]. MaxListeners is ${max}. Use emitter.setMaxListeners() to increase limit`,
      );
    }
    return this;
  }
  on(name: string | symbol, listener: unknown): this {
    return this.add(name, listener, false);
  }
  addListener(name: string | symbol, listener: unknown): this {
    return this.add(name, listener, false);
  }
  prependListener(name: string | symbol, listener: unknown): this {
    return this.add(name, listener, true);
  }
  private wrapOnce(name: string | symbol, listener: unknown): Listener {
    if (typeof listener !== "function") throw new TypeError(`The "listener" argument must be of type function. Received ${listener === null ? "null" : typeof listener}`);
    let fired = false;
    const wrapper: Listener = (...args: unknown[]) => {
      if (fired) return undefined;
      fired = true;
      this.removeListener(name, wrapper);
      return (listener as Listener).apply(this, args);
    };
    wrapper.listener = listener as Listener;
    return wrapper;
  }
  once(name: string | symbol, listener: unknown): this {
    return this.add(name, this.wrapOnce(name, listener), false);
  }
  prependOnceListener(name: string | symbol, listener: unknown): this {
    return this.add(name, this.wrapOnce(name, listener), true);
  }
  removeListener(name: string | symbol, listener: unknown): this {
    const list = this._events.get(name);
    if (!list) return this;
    for (let i = list.length - 1; i >= 0; i--) {
      const l = list[i] as Listener;
      if (l === listener || l.listener === listener) {
        list.splice(i, 1);
        if (list.length === 0) this._events.delete(name);
        if (this._events.has("removeListener")) this.emit("removeListener", name, l.listener ?? l);
        break;
      }
    }
    return this;
  }
  off(name: string | symbol, listener: unknown): this {
    return this.removeListener(name, listener);
  }
  removeAllListeners(name?: string | symbol): this {
    if (name === undefined) this._events = new Map();
    else this._events.delete(name);
    return this;
  }
  listeners(name: string | symbol): Listener[] {
    return (this._events.get(name) ?? []).map((l) => l.listener ?? l);
  }
  rawListeners(name: string | symbol): Listener[] {
    return [...(this._events.get(name) ?? [])];
  }
  listenerCount(name: string | symbol, listener?: unknown): number {
    const list = this._events.get(name) ?? [];
    return listener === undefined ? list.length : list.filter((l) => l === listener || l.listener === listener).length;
  }
  eventNames(): (string | symbol)[] {
    return [...this._events.keys()];
  }
}

/**
 * A plain constructor function, as Node's: subclasses (`class X extends EventEmitter`) and
 * old-style `EventEmitter.call(this)` with `util.inherits` both work.
 */
export const EventEmitter = function EventEmitter(this: unknown) {
  if (!(this instanceof Object)) throw new TypeError("Class constructor EventEmitter cannot be invoked without 'new'");
} as unknown as typeof Emitter & {
  defaultMaxListeners: number;
  errorMonitor: symbol;
  EventEmitter: unknown;
  once: typeof once;
  listenerCount(emitter: Emitter, name: string | symbol): number;
};
EventEmitter.prototype = Emitter.prototype;
Object.defineProperty(Emitter.prototype, "constructor", { value: EventEmitter, writable: true, configurable: true, enumerable: false });
Object.assign(EventEmitter, {
  defaultMaxListeners: 10,
  errorMonitor,
  EventEmitter,
  once,
  listenerCount: (emitter: Emitter, name: string | symbol) => emitter.listenerCount(name),
});

/** `events.once(emitter, name)`: a promise of the next emission's arguments (rejects on `error`). */
export function once(emitter: Emitter, name: string | symbol): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const onError = (err: unknown) => {
      emitter.removeListener(name, onEvent);
      reject(err);
    };
    const onEvent = (...args: unknown[]) => {
      if (name !== "error") emitter.removeListener("error", onError);
      resolve(args);
    };
    emitter.once(name, onEvent);
    if (name !== "error") emitter.once("error", onError);
  });
}

export function create(env: UnitEnv): Record<string, unknown> {
  warn = (message) => env.log("error", message);
  return EventEmitter as unknown as Record<string, unknown>;
}
