/**
 * Guest code: Node's `util.inspect`, for the simulated `node:util` (and `assert`'s messages).
 * Follows Node's output for the values hooks log: quoting, class names, `[Object]` past the
 * depth, `<ref *1>` / `[Circular *1]`, Map/Set/typed arrays, getters, custom inspect
 * functions, one line when the entries fit in `breakLength` (80) and one entry per line
 * otherwise. Differences: long arrays are not grouped into columns, and promises and proxies
 * cannot be looked into from JavaScript (`Promise { <unknown> }`).
 */

export interface InspectOptions {
  depth: number;
  breakLength: number;
  compact: boolean | number;
  sorted: boolean;
  maxArrayLength: number;
  maxStringLength: number;
  showHidden: boolean;
  getters: boolean;
}

export const CUSTOM = Symbol.for("nodejs.util.inspect.custom");

export const DEFAULTS: InspectOptions = {
  depth: 2,
  breakLength: 80,
  compact: 3,
  sorted: false,
  maxArrayLength: 100,
  maxStringLength: 10_000,
  showHidden: false,
  getters: false,
};

/** Reads only the known option names, by own property: options never write into anything shared. */
export function readOptions(raw: unknown, base: InspectOptions = DEFAULTS): InspectOptions {
  const out: InspectOptions = { ...base };
  if (typeof raw !== "object" || raw === null) return out;
  const own = (key: keyof InspectOptions): unknown => (Object.prototype.hasOwnProperty.call(raw, key) ? (raw as Record<string, unknown>)[key] : undefined);
  const depth = own("depth");
  if (depth === null || depth === Infinity) out.depth = Infinity;
  else if (typeof depth === "number" && depth >= 0) out.depth = depth;
  for (const key of ["breakLength", "maxArrayLength", "maxStringLength"] as const) {
    const v = own(key);
    if (v === null || v === Infinity) out[key] = Infinity;
    else if (typeof v === "number" && v >= 0) out[key] = v;
  }
  const compact = own("compact");
  if (typeof compact === "boolean" || typeof compact === "number") out.compact = compact;
  for (const key of ["sorted", "showHidden", "getters"] as const) {
    const v = own(key);
    if (typeof v === "boolean") out[key] = v;
  }
  return out;
}

interface State {
  opts: InspectOptions;
  seen: object[];
  circular: Map<object, number>;
  /** The depth of the object formatted last (Node's ctx.currentDepth): how deep an object's contents went. */
  currentDepth: number;
}

export function inspect(value: unknown, rawOptions?: unknown): string {
  const opts = readOptions(rawOptions);
  return formatValue({ opts, seen: [], circular: new Map(), currentDepth: 0 }, value, 0);
}

function quote(s: string, opts: InspectOptions): string {
  let text = s.length > opts.maxStringLength ? s.slice(0, opts.maxStringLength) : s;
  const q = text.indexOf("'") === -1 ? "'" : text.indexOf('"') === -1 ? '"' : text.indexOf("`") === -1 ? "`" : "'";
  text = text.replace(/[\\\n\t\r\b\f\v\0]|[\x01-\x1f\x7f]/g, (c) => {
    const named: Record<string, string> = { "\\": "\\\\", "\n": "\\n", "\t": "\\t", "\r": "\\r", "\b": "\\b", "\f": "\\f", "\v": "\\v", "\0": "\\x00" };
    return named[c] ?? `\\x${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`;
  });
  if (q === "'") text = text.replace(/'/g, "\\'");
  const more = s.length > opts.maxStringLength ? `... ${s.length - opts.maxStringLength} more character${s.length - opts.maxStringLength === 1 ? "" : "s"}` : "";
  return `${q}${text}${q}${more}`;
}

function formatKey(key: string | symbol, opts: InspectOptions): string {
  if (typeof key === "symbol") return `[${key.toString()}]`;
  return /^[a-zA-Z_][a-zA-Z_0-9]*$/.test(key) ? key : quote(key, opts);
}

function formatPrimitive(value: unknown, opts: InspectOptions): string | null {
  switch (typeof value) {
    case "string":
      return quote(value, opts);
    case "number":
      return Object.is(value, -0) ? "-0" : String(value);
    case "bigint":
      return `${value}n`;
    case "boolean":
      return String(value);
    case "undefined":
      return "undefined";
    case "symbol":
      return value.toString();
    default:
      return value === null ? "null" : null;
  }
}

function constructorName(obj: object): string | null {
  let proto = Object.getPrototypeOf(obj) as object | null;
  while (proto) {
    const d = Object.getOwnPropertyDescriptor(proto, "constructor");
    if (d && typeof d.value === "function" && typeof (d.value as { name?: unknown }).name === "string" && (d.value as { name: string }).name !== "") {
      return (d.value as { name: string }).name;
    }
    proto = Object.getPrototypeOf(proto) as object | null;
  }
  return null;
}

function functionBase(fn: (...args: unknown[]) => unknown): string {
  const source = Function.prototype.toString.call(fn);
  const name = fn.name;
  if (source.startsWith("class")) return name ? `[class ${name}]` : "[class (anonymous)]";
  const kind = /^async\s*function\s*\*|^async\s*\*/.test(source)
    ? "AsyncGeneratorFunction"
    : /^async\b/.test(source)
      ? "AsyncFunction"
      : /^function\s*\*/.test(source)
        ? "GeneratorFunction"
        : "Function";
  return name ? `[${kind}: ${name}]` : `[${kind} (anonymous)]`;
}

const isError = (v: object): v is Error => v instanceof Error || Object.prototype.toString.call(v) === "[object Error]";

function formatValue(state: State, value: unknown, depth: number): string {
  const prim = formatPrimitive(value, state.opts);
  if (prim !== null) return prim;
  const obj = value as object;
  const custom = (obj as Record<symbol, unknown>)[CUSTOM];
  if (typeof custom === "function" && custom !== inspect) {
    const out = (custom as (d: number, o: unknown, i: typeof inspect) => unknown).call(obj, state.opts.depth - depth, { ...state.opts }, inspect);
    if (out !== obj) return typeof out === "string" ? out : formatValue(state, out, depth);
  }
  if (state.seen.includes(obj)) {
    let n = state.circular.get(obj);
    if (n === undefined) {
      n = state.circular.size + 1;
      state.circular.set(obj, n);
    }
    return `[Circular *${n}]`;
  }
  const out = formatObject(state, obj, depth);
  const n = state.circular.get(obj);
  return n === undefined ? out : `<ref *${n}> ${out}`;
}

function formatObject(state: State, obj: object, depth: number): string {
  const { opts } = state;
  const ctor = constructorName(obj);
  const tag = Object.prototype.toString.call(obj).slice(8, -1);
  let braces: [string, string] = ["{", "}"];
  let prefix = "";
  let base = "";
  const entries: string[] = [];
  /** Non-enumerable facts `showHidden` adds (Node shows an array's `[length]`). */
  const hidden: string[] = [];
  let isArrayLike = false;
  let keys: (string | symbol)[] = Object.keys(obj);
  const nullProto = Object.getPrototypeOf(obj) === null;

  if (typeof obj === "function") {
    base = functionBase(obj as (...args: unknown[]) => unknown);
    keys = keys.filter((k) => k !== "prototype");
    if (keys.length === 0) return base;
  } else if (obj instanceof Date) {
    base = Number.isNaN(obj.getTime()) ? "Invalid Date" : obj.toISOString();
    if (keys.length === 0) return base;
  } else if (obj instanceof RegExp) {
    base = String(obj);
    if (keys.length === 0) return base;
  } else if (isError(obj)) {
    const stack = typeof obj.stack === "string" && obj.stack.trim() !== "" ? `\n${obj.stack.replace(/\n$/, "")}` : "";
    base = `${String(obj.name)}: ${String(obj.message)}${stack}`;
    if (!String(obj.message)) base = `${String(obj.name)}${stack}`;
    keys = keys.filter((k) => k !== "stack" && k !== "message");
    if (keys.length === 0) return stack ? base : `[${base}]`;
  } else if (typeof (obj as { then?: unknown }).then === "function" && tag === "Promise") {
    return "Promise { <unknown> }";
  }
  for (const sym of Object.getOwnPropertySymbols(obj)) {
    if (Object.getOwnPropertyDescriptor(obj, sym)?.enumerable) keys.push(sym);
  }

  if (depth > opts.depth) {
    if (Array.isArray(obj)) return "[Array]";
    return `[${ctor ?? (nullProto ? "Object: null prototype" : tag)}]`;
  }
  state.seen.push(obj);
  state.currentDepth = depth;
  try {
    if (Array.isArray(obj)) {
      prefix = ctor === "Array" ? "" : `${ctor ?? "[Array: null prototype]"}(${obj.length}) `;
      braces = ["[", "]"];
      isArrayLike = true;
      const shown = Math.min(obj.length, opts.maxArrayLength);
      let holes = 0;
      for (let i = 0; i < shown; i++) {
        if (!Object.prototype.hasOwnProperty.call(obj, i)) {
          holes++;
          continue;
        }
        if (holes > 0) {
          entries.push(`<${holes} empty item${holes === 1 ? "" : "s"}>`);
          holes = 0;
        }
        entries.push(formatValue(state, obj[i], depth + 1));
      }
      if (holes > 0) entries.push(`<${holes} empty item${holes === 1 ? "" : "s"}>`);
      if (obj.length > shown) entries.push(`... ${obj.length - shown} more item${obj.length - shown === 1 ? "" : "s"}`);
      keys = keys.filter((k) => typeof k === "symbol" || !/^(0|[1-9]\d*)$/.test(k));
      if (opts.showHidden) hidden.push(`[length]: ${obj.length}`);
    } else if (ArrayBuffer.isView(obj) && !(obj instanceof DataView)) {
      const arr = obj as unknown as ArrayLike<number | bigint>;
      prefix = `${ctor ?? tag}(${arr.length}) `;
      braces = ["[", "]"];
      isArrayLike = true;
      const shown = Math.min(arr.length, opts.maxArrayLength);
      for (let i = 0; i < shown; i++) entries.push(formatPrimitive(arr[i], opts) as string);
      if (arr.length > shown) entries.push(`... ${arr.length - shown} more item${arr.length - shown === 1 ? "" : "s"}`);
      keys = keys.filter((k) => typeof k === "symbol" || !/^(0|[1-9]\d*)$/.test(k));
    } else if (obj instanceof Map) {
      prefix = `${ctor ?? "Map"}(${obj.size}) `;
      let i = 0;
      obj.forEach((v, k) => {
        if (i++ < opts.maxArrayLength) entries.push(`${formatValue(state, k, depth + 1)} => ${formatValue(state, v, depth + 1)}`);
      });
      if (obj.size > opts.maxArrayLength) entries.push(`... ${obj.size - opts.maxArrayLength} more item${obj.size - opts.maxArrayLength === 1 ? "" : "s"}`);
    } else if (obj instanceof Set) {
      prefix = `${ctor ?? "Set"}(${obj.size}) `;
      let i = 0;
      obj.forEach((v) => {
        if (i++ < opts.maxArrayLength) entries.push(formatValue(state, v, depth + 1));
      });
      if (obj.size > opts.maxArrayLength) entries.push(`... ${obj.size - opts.maxArrayLength} more item${obj.size - opts.maxArrayLength === 1 ? "" : "s"}`);
    } else if (obj instanceof ArrayBuffer) {
      const bytes = Array.from(new Uint8Array(obj).subarray(0, 50), (b) => b.toString(16).padStart(2, "0"));
      entries.push(`[Uint8Contents]: <${bytes.join(" ")}${obj.byteLength > 50 ? ` ... ${obj.byteLength - 50} more bytes` : ""}>`, `byteLength: ${obj.byteLength}`);
      prefix = "ArrayBuffer ";
    } else if (obj instanceof WeakMap || obj instanceof WeakSet) {
      return `${obj instanceof WeakMap ? "WeakMap" : "WeakSet"} { <items unknown> }`;
    } else if (base === "") {
      const boxed = boxedPrimitive(obj);
      if (boxed !== null) base = boxed;
      else if (nullProto) prefix = "[Object: null prototype] ";
      else if (ctor !== "Object") prefix = `${ctor ?? tag} `;
      else if (tag !== "Object" && tag !== "Function") prefix = `Object [${tag}] `;
    }
    if (opts.sorted) keys.sort((a, b) => String(a).localeCompare(String(b)));
    for (const key of keys) entries.push(formatProperty(state, obj, key, depth));
    entries.push(...hidden);
  } finally {
    state.seen.pop();
  }
  if (base !== "" && entries.length === 0) return base;
  if (entries.length === 0) return `${prefix}${braces[0]}${braces[1]}`;
  const values = isArrayLike ? (obj as ArrayLike<unknown>) : undefined;
  return reduce(state, base, `${prefix}${braces[0]}`, braces[1], entries, depth, isArrayLike, values);
}

function boxedPrimitive(obj: object): string | null {
  const tag = Object.prototype.toString.call(obj).slice(8, -1);
  try {
    if (tag === "String") return `[String: ${quote(String.prototype.valueOf.call(obj), DEFAULTS)}]`;
    if (tag === "Number") return `[Number: ${String(Number.prototype.valueOf.call(obj))}]`;
    if (tag === "Boolean") return `[Boolean: ${String(Boolean.prototype.valueOf.call(obj))}]`;
  } catch {
    return null;
  }
  return null;
}

function formatProperty(state: State, obj: object, key: string | symbol, depth: number): string {
  const d = Object.getOwnPropertyDescriptor(obj, key);
  const name = formatKey(key, state.opts);
  if (d && (d.get || d.set) && !("value" in d)) {
    const kind = d.get && d.set ? "[Getter/Setter]" : d.get ? "[Getter]" : "[Setter]";
    return `${name}: ${kind}`;
  }
  return `${name}: ${formatValue(state, d ? d.value : (obj as Record<string | symbol, unknown>)[key], depth + 1)}`;
}

/** Node's reduceToSingleString with `compact: 3`: one line when the innermost levels fit in breakLength, else one entry per line. */
function reduce(state: State, base: string, open: string, close: string, entries: string[], depth: number, isArrayLike: boolean, values: ArrayLike<unknown> | undefined): string {
  const { opts } = state;
  const indentationLvl = 2 * depth;
  let output = entries;
  const head = base ? `${base} ` : "";
  if (typeof opts.compact === "number" && opts.compact >= 1) {
    const count = output.length;
    if (isArrayLike && count > 6) output = groupArrayElements(opts, output, values, indentationLvl);
    if (state.currentDepth - depth < opts.compact && count === output.length) {
      const start = output.length + indentationLvl + open.length + base.length + 10;
      if (isBelowBreakLength(opts, output, start, base)) {
        const joined = output.join(", ");
        if (!joined.includes("\n")) return `${head}${open} ${joined} ${close}`;
      }
    }
  } else if (opts.compact === true) {
    return `${head}${open} ${output.join(", ")} ${close}`;
  }
  const indentation = `\n${" ".repeat(indentationLvl)}`;
  return `${head}${open}${indentation}  ${output.join(`,${indentation}  `)}${indentation}${close}`;
}

function isBelowBreakLength(opts: InspectOptions, output: string[], start: number, base: string): boolean {
  let total = output.length + start;
  if (total + output.length > opts.breakLength) return false;
  for (const entry of output) {
    total += entry.length;
    if (total > opts.breakLength) return false;
  }
  return base === "" || !base.includes("\n");
}

/** Node's groupArrayElements: more than six short entries are laid out in aligned columns. */
function groupArrayElements(opts: InspectOptions, output: string[], value: ArrayLike<unknown> | undefined, indentationLvl: number): string[] {
  let totalLength = 0;
  let maxLength = 0;
  let outputLength = output.length;
  if (value && opts.maxArrayLength < value.length) outputLength--;
  const separatorSpace = 2;
  const dataLen: number[] = [];
  for (let i = 0; i < outputLength; i++) {
    const len = (output[i] as string).length;
    dataLen[i] = len;
    totalLength += len + separatorSpace;
    if (maxLength < len) maxLength = len;
  }
  const actualMax = maxLength + separatorSpace;
  if (actualMax * 3 + indentationLvl < opts.breakLength && (totalLength / actualMax > 5 || maxLength <= 6)) {
    const averageBias = Math.sqrt(actualMax - totalLength / output.length);
    const biasedMax = Math.max(actualMax - 3 - averageBias, 1);
    const columns = Math.min(
      Math.round(Math.sqrt(2.5 * biasedMax * outputLength) / biasedMax),
      Math.floor((opts.breakLength - indentationLvl) / actualMax),
      Number(opts.compact) * 4,
      15,
    );
    if (columns <= 1) return output;
    const tmp: string[] = [];
    const maxLineLength: number[] = [];
    for (let i = 0; i < columns; i++) {
      let lineLength = 0;
      for (let j = i; j < output.length; j += columns) if ((dataLen[j] ?? 0) > lineLength) lineLength = dataLen[j] ?? 0;
      maxLineLength.push(lineLength + separatorSpace);
    }
    let padStart = true;
    if (value !== undefined) {
      for (let i = 0; i < output.length; i++) {
        if (typeof value[i] !== "number" && typeof value[i] !== "bigint") {
          padStart = false;
          break;
        }
      }
    }
    for (let i = 0; i < outputLength; i += columns) {
      const max = Math.min(i + columns, outputLength);
      let str = "";
      let j = i;
      for (; j < max - 1; j++) {
        const cell = `${output[j] as string}, `;
        const width = maxLineLength[j - i] as number;
        str += padStart ? cell.padStart(width, " ") : cell.padEnd(width, " ");
      }
      str += padStart ? (output[j] as string).padStart((maxLineLength[j - i] as number) - separatorSpace, " ") : (output[j] as string);
      tmp.push(str);
    }
    if (value && opts.maxArrayLength < value.length) tmp.push(output[outputLength] as string);
    return tmp;
  }
  return output;
}
