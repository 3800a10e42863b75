import type { UnitEnv } from "../unitEnv";

/**
 * Guest unit `internal/abort`: Event, EventTarget, AbortController and AbortSignal (with
 * `AbortSignal.timeout` on the virtual timers and `AbortSignal.any`), as in Node.
 */

type Handler = ((event: Event) => unknown) | { handleEvent(event: Event): unknown };

export class DOMException extends Error {
  constructor(message = "", name = "Error") {
    super(message);
    Object.defineProperty(this, "name", { value: name, configurable: true, writable: true });
  }
}

export class Event {
  readonly type: string;
  readonly bubbles: boolean;
  readonly cancelable: boolean;
  defaultPrevented = false;
  target: EventTarget | null = null;
  currentTarget: EventTarget | null = null;
  readonly timeStamp: number;
  private stopped = false;
  constructor(type: string, init: { bubbles?: boolean; cancelable?: boolean } = {}) {
    if (arguments.length === 0) throw new TypeError('The "type" argument must be specified');
    this.type = String(type);
    this.bubbles = init.bubbles === true;
    this.cancelable = init.cancelable === true;
    this.timeStamp = 0;
  }
  preventDefault(): void {
    if (this.cancelable) this.defaultPrevented = true;
  }
  stopImmediatePropagation(): void {
    this.stopped = true;
  }
  stopPropagation(): void {}
  /** @internal */
  get _stopped(): boolean {
    return this.stopped;
  }
}

interface Entry {
  handler: Handler;
  once: boolean;
}

export class EventTarget {
  private readonly listeners = new Map<string, Entry[]>();
  addEventListener(type: string, handler: Handler | null, options: boolean | { once?: boolean; signal?: AbortSignal } = {}): void {
    if (!handler) return;
    const once = typeof options === "object" && options.once === true;
    const signal = typeof options === "object" ? options.signal : undefined;
    if (signal?.aborted) return;
    let list = this.listeners.get(type);
    if (!list) this.listeners.set(type, (list = []));
    if (list.some((e) => e.handler === handler)) return;
    list.push({ handler, once });
    signal?.addEventListener("abort", () => this.removeEventListener(type, handler), { once: true });
  }
  removeEventListener(type: string, handler: Handler | null): void {
    const list = this.listeners.get(type);
    if (!list) return;
    const i = list.findIndex((e) => e.handler === handler);
    if (i !== -1) list.splice(i, 1);
  }
  dispatchEvent(event: Event): boolean {
    if (!(event instanceof Event)) throw new TypeError('The "event" argument must be an instance of Event');
    event.target = this;
    event.currentTarget = this;
    for (const entry of [...(this.listeners.get(event.type) ?? [])]) {
      if (entry.once) this.removeEventListener(event.type, entry.handler);
      if (typeof entry.handler === "function") entry.handler.call(this, event);
      else entry.handler.handleEvent(event);
      if (event._stopped) break;
    }
    event.currentTarget = null;
    return !event.defaultPrevented;
  }
}

let setTimer: (fn: () => void, ms: number) => unknown = () => undefined;

export class AbortSignal extends EventTarget {
  aborted = false;
  reason: unknown = undefined;
  private handler: ((event: Event) => unknown) | null = null;
  private handlerAdded = false;
  /** An event handler attribute: its listener takes its place among the others when first set, as in Node. */
  get onabort(): ((event: Event) => unknown) | null {
    return this.handler;
  }
  set onabort(fn: ((event: Event) => unknown) | null) {
    this.handler = typeof fn === "function" ? fn : null;
    if (this.handler && !this.handlerAdded) {
      this.handlerAdded = true;
      this.addEventListener("abort", (event) => this.handler?.call(this, event));
    }
  }
  /** @internal */
  _abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason === undefined ? new DOMException("This operation was aborted", "AbortError") : reason;
    this.dispatchEvent(new Event("abort"));
  }
  throwIfAborted(): void {
    if (this.aborted) throw this.reason;
  }
  static abort(reason?: unknown): AbortSignal {
    const signal = new AbortSignal();
    signal._abort(reason);
    return signal;
  }
  /**
   * Aborts after `ms` of the run's virtual clock (while the hook call is still going on). The
   * timer is unref'd, as in Node: left pending at the end of the call, it ends without a warning.
   */
  static timeout(ms: number): AbortSignal {
    const signal = new AbortSignal();
    setTimer(() => signal._abort(new DOMException("The operation was aborted due to timeout", "TimeoutError")), ms);
    return signal;
  }
  static any(signals: AbortSignal[]): AbortSignal {
    const out = new AbortSignal();
    for (const s of signals) {
      if (s.aborted) {
        out._abort(s.reason);
        return out;
      }
    }
    for (const s of signals) s.addEventListener("abort", () => out._abort(s.reason), { once: true });
    return out;
  }
}

export class AbortController {
  readonly signal = new AbortSignal();
  abort(reason?: unknown): void {
    this.signal._abort(reason);
  }
}

export function create(_env: UnitEnv): Record<string, unknown> {
  setTimer = (fn, ms) => {
    const timer = (globalThis as unknown as { setTimeout(f: () => void, ms: number): { unref?: () => unknown } }).setTimeout(fn, ms);
    timer.unref?.();
    return timer;
  };
  return { Event, EventTarget, AbortController, AbortSignal, DOMException };
}
