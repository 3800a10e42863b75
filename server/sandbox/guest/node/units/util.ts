import { deepEqual } from "../deepEqual";
import { CUSTOM, DEFAULTS, inspect as inspectValue, readOptions, type InspectOptions } from "../inspect";
import type { UnitEnv } from "../unitEnv";

/**
 * Guest unit `util`: `format` / `formatWithOptions`, `inspect` (guest/node/inspect.ts),
 * `promisify` / `callbackify`, `inherits`, `deprecate`, `types`, `isDeepStrictEqual`,
 * `debuglog`, `stripVTControlCharacters`, `TextEncoder` / `TextDecoder`.
 */

const PROMISIFY = Symbol.for("nodejs.util.promisify.custom");
const tag = (v: unknown) => Object.prototype.toString.call(v).slice(8, -1);

export function create(env: UnitEnv): Record<string, unknown> {
  let defaults: InspectOptions = { ...DEFAULTS };
  const inspect = Object.assign((value: unknown, options?: unknown, ...legacy: unknown[]) => {
    // Node's legacy signature inspect(value, showHidden, depth) still works.
    if (typeof options !== "object" || options === null) {
      const legacyOptions: Record<string, unknown> = {};
      if (typeof options === "boolean") legacyOptions.showHidden = options;
      if (legacy.length > 0) legacyOptions.depth = legacy[0];
      return inspectValue(value, readOptions(legacyOptions, defaults));
    }
    return inspectValue(value, readOptions(options, defaults));
  }, { custom: CUSTOM });
  Object.defineProperty(inspect, "defaultOptions", {
    get: () => ({ ...defaults }),
    set: (options: unknown) => {
      if (typeof options !== "object" || options === null) throw new TypeError('The "options" argument must be of type object');
      defaults = readOptions(options, defaults);
    },
    enumerable: true,
  });

  function formatWithOptions(options: unknown, ...args: unknown[]): string {
    const opts = readOptions(options, defaults);
    const first = args[0];
    let a = 0;
    let out = "";
    if (typeof first === "string") {
      a = 1;
      let last = 0;
      for (let i = 0; i < first.length - 1; i++) {
        if (first.charCodeAt(i) !== 37) continue;
        const c = first[i + 1];
        if (c === "%") {
          out += first.slice(last, i) + "%";
          last = i + 2;
          i++;
          continue;
        }
        if (a >= args.length || !c || !"sdifjoOc".includes(c)) continue;
        const arg = args[a];
        let piece: string;
        switch (c) {
          case "s":
            piece =
              typeof arg === "bigint"
                ? `${arg}n`
                : typeof arg === "object" && arg !== null && !hasOwnToString(arg)
                  ? inspectValue(arg, { ...opts, depth: 0 })
                  : typeof arg === "symbol"
                    ? arg.toString()
                    : Object.is(arg, -0)
                      ? "-0"
                      : String(arg);
            break;
          case "d":
            piece = typeof arg === "bigint" ? `${arg}n` : typeof arg === "symbol" ? "NaN" : formatNumber(Number(arg));
            break;
          case "i":
            piece = typeof arg === "bigint" ? `${arg}n` : typeof arg === "symbol" ? "NaN" : formatNumber(parseInt(String(arg), 10));
            break;
          case "f":
            piece = typeof arg === "symbol" ? "NaN" : formatNumber(parseFloat(String(arg)));
            break;
          case "j":
            try {
              piece = String(JSON.stringify(arg));
            } catch {
              piece = "[Circular]";
            }
            break;
          case "o":
            piece = inspectValue(arg, { ...opts, showHidden: true, depth: 4 });
            break;
          case "O":
            piece = inspectValue(arg, opts);
            break;
          default:
            piece = "";
        }
        out += first.slice(last, i) + piece;
        last = i + 2;
        i++;
        a++;
      }
      out += first.slice(last);
    }
    for (; a < args.length; a++) {
      const arg = args[a];
      out += (out === "" && a === 0 ? "" : " ") + (typeof arg === "string" ? arg : inspectValue(arg, opts));
    }
    return out;
  }

  function promisify(original: unknown): unknown {
    if (typeof original !== "function") throw new TypeError('The "original" argument must be of type function');
    const custom = (original as unknown as Record<symbol, unknown>)[PROMISIFY];
    if (typeof custom === "function") return custom;
    const fn = original as (...args: unknown[]) => unknown;
    const promisified = function (this: unknown, ...args: unknown[]) {
      return new Promise((resolve, reject) => {
        fn.call(this, ...args, (err: unknown, ...values: unknown[]) => (err ? reject(err) : resolve(values[0])));
      });
    };
    Object.setPrototypeOf(promisified, Object.getPrototypeOf(fn) as object);
    Object.defineProperty(promisified, PROMISIFY, { value: promisified, configurable: true });
    return promisified;
  }
  promisify.custom = PROMISIFY;

  function callbackify(original: unknown): unknown {
    if (typeof original !== "function") throw new TypeError('The "original" argument must be of type function');
    return function (this: unknown, ...args: unknown[]) {
      const callback = args.pop();
      if (typeof callback !== "function") throw new TypeError("The last argument must be of type function");
      (original as (...a: unknown[]) => Promise<unknown>).apply(this, args).then(
        (value) => queueMicrotask(() => (callback as (e: unknown, v?: unknown) => void)(null, value)),
        (reason: unknown) => {
          const err = reason ? reason : Object.assign(new Error("Promise was rejected with a falsy value"), { reason, code: "ERR_FALSY_VALUE_REJECTION" });
          queueMicrotask(() => (callback as (e: unknown) => void)(err));
        },
      );
    };
  }

  const warned = new Set<string>();
  function deprecate(fn: unknown, message: string, code?: string): unknown {
    if (typeof fn !== "function") throw new TypeError('The "fn" argument must be of type function');
    return function (this: unknown, ...args: unknown[]) {
      const key = code ?? message;
      if (!warned.has(key)) {
        warned.add(key);
        env.log("error", `(node:4242) ${code ? `[${code}] ` : ""}DeprecationWarning: ${message}`);
      }
      return (fn as (...a: unknown[]) => unknown).apply(this, args);
    };
  }

  const isTyped = (v: unknown, name?: string) => ArrayBuffer.isView(v) && !(v instanceof DataView) && (name === undefined || tag(v) === name);
  const fnSource = (v: unknown) => (typeof v === "function" ? Function.prototype.toString.call(v) : "");
  const types = {
    isDate: (v: unknown) => tag(v) === "Date",
    isRegExp: (v: unknown) => tag(v) === "RegExp",
    isPromise: (v: unknown) => tag(v) === "Promise",
    isMap: (v: unknown) => tag(v) === "Map",
    isSet: (v: unknown) => tag(v) === "Set",
    isWeakMap: (v: unknown) => tag(v) === "WeakMap",
    isWeakSet: (v: unknown) => tag(v) === "WeakSet",
    isMapIterator: (v: unknown) => tag(v) === "Map Iterator",
    isSetIterator: (v: unknown) => tag(v) === "Set Iterator",
    isGeneratorObject: (v: unknown) => tag(v) === "Generator",
    isArrayBuffer: (v: unknown) => tag(v) === "ArrayBuffer",
    isSharedArrayBuffer: (v: unknown) => tag(v) === "SharedArrayBuffer",
    isAnyArrayBuffer: (v: unknown) => tag(v) === "ArrayBuffer" || tag(v) === "SharedArrayBuffer",
    isArrayBufferView: (v: unknown) => ArrayBuffer.isView(v),
    isDataView: (v: unknown) => tag(v) === "DataView",
    isTypedArray: (v: unknown) => isTyped(v),
    isUint8Array: (v: unknown) => isTyped(v, "Uint8Array"),
    isUint8ClampedArray: (v: unknown) => isTyped(v, "Uint8ClampedArray"),
    isUint16Array: (v: unknown) => isTyped(v, "Uint16Array"),
    isUint32Array: (v: unknown) => isTyped(v, "Uint32Array"),
    isInt8Array: (v: unknown) => isTyped(v, "Int8Array"),
    isInt16Array: (v: unknown) => isTyped(v, "Int16Array"),
    isInt32Array: (v: unknown) => isTyped(v, "Int32Array"),
    isFloat32Array: (v: unknown) => isTyped(v, "Float32Array"),
    isFloat64Array: (v: unknown) => isTyped(v, "Float64Array"),
    isBigInt64Array: (v: unknown) => isTyped(v, "BigInt64Array"),
    isBigUint64Array: (v: unknown) => isTyped(v, "BigUint64Array"),
    isAsyncFunction: (v: unknown) => /^async\b/.test(fnSource(v)),
    isGeneratorFunction: (v: unknown) => /^(async\s*)?function\s*\*|^(async\s*)?\*/.test(fnSource(v)),
    isNativeError: (v: unknown) => tag(v) === "Error",
    isBoxedPrimitive: (v: unknown) => typeof v === "object" && v !== null && ["Number", "String", "Boolean", "BigInt", "Symbol"].includes(tag(v)),
    isNumberObject: (v: unknown) => typeof v === "object" && tag(v) === "Number",
    isStringObject: (v: unknown) => typeof v === "object" && tag(v) === "String",
    isBooleanObject: (v: unknown) => typeof v === "object" && tag(v) === "Boolean",
    isSymbolObject: (v: unknown) => typeof v === "object" && tag(v) === "Symbol",
    isBigIntObject: (v: unknown) => typeof v === "object" && tag(v) === "BigInt",
    /** A Proxy cannot be told apart from JavaScript; the sandbox answers false (docs/sandbox.md). */
    isProxy: () => false,
    isExternal: () => false,
    isModuleNamespaceObject: (v: unknown) => tag(v) === "Module",
  };

  const text = env.unit<{ TextEncoder: unknown; TextDecoder: unknown }>("internal/text");
  return {
    format: (...args: unknown[]) => formatWithOptions({}, ...args),
    formatWithOptions,
    inspect,
    promisify,
    callbackify,
    inherits(ctor: unknown, superCtor: unknown) {
      if (typeof ctor !== "function" || typeof superCtor !== "function") throw new TypeError('The "ctor" and "superCtor" arguments must be of type function');
      Object.defineProperty(ctor, "super_", { value: superCtor, writable: true, configurable: true });
      Object.setPrototypeOf((ctor as { prototype: object }).prototype, (superCtor as { prototype: object }).prototype);
    },
    deprecate,
    debuglog: (section: string) => Object.assign(() => undefined, { enabled: false, section }),
    debug: (section: string) => Object.assign(() => undefined, { enabled: false, section }),
    isDeepStrictEqual: (a: unknown, b: unknown) => deepEqual(a, b, true),
    types,
    isArray: Array.isArray,
    isError: (v: unknown) => tag(v) === "Error",
    stripVTControlCharacters: (s: string) => String(s).replace(/\u001b\[[0-9;]*[A-Za-z]|\u009b[0-9;]*[A-Za-z]|\u001b\][^\u0007]*\u0007/g, ""),
    styleText: (_format: unknown, text: string) => String(text),
    toUSVString: (s: string) => String(s).replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd"),
    aborted: (signal: { aborted: boolean; addEventListener(t: string, f: () => void, o: unknown): void }) =>
      new Promise<void>((resolve) => (signal.aborted ? resolve() : signal.addEventListener("abort", () => resolve(), { once: true }))),
    transferableAbortSignal: (s: unknown) => s,
    TextEncoder: text.TextEncoder,
    TextDecoder: text.TextDecoder,
  };
}

function hasOwnToString(obj: object): boolean {
  let proto: object | null = obj;
  while (proto && proto !== Object.prototype && proto !== Array.prototype && proto !== Error.prototype) {
    if (Object.prototype.hasOwnProperty.call(proto, "toString")) return true;
    proto = Object.getPrototypeOf(proto) as object | null;
  }
  return false;
}

function formatNumber(n: number): string {
  return Object.is(n, -0) ? "-0" : String(n);
}
