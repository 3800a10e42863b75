/**
 * Guest code (runs inside QuickJS, bundled by server/sandbox/buildGuest.ts): turns console and
 * logger arguments into one line of text, close to what Node's console prints, so a hook's logs
 * read the same in Hookwright as on the real host. Uses only the language (no host APIs).
 */

/** Captured before user code runs: a hook replacing its realm's JSON cannot disturb the sandbox's bookkeeping. */
const { stringify } = JSON;

const MAX_DEPTH = 2;
const MAX_ITEMS = 100;
const MAX_STRING = 10_000;

/** Node's util.format: printf-style `%s %d %i %f %j %o %O %c %%` in a first string, the rest joined by spaces. */
export function formatArgs(args: readonly unknown[]): string {
  const first = args[0];
  let rest = 0;
  const parts: string[] = [];
  if (typeof first === "string") {
    rest = 1;
    parts.push(
      first.indexOf("%") === -1
        ? first
        : first.replace(/%[sdifjoOc%]/g, (spec) => {
            if (spec === "%%") return "%";
            if (rest >= args.length) return spec;
            const arg = args[rest++];
            switch (spec) {
              case "%s":
                return typeof arg === "string" ? arg : inspect(arg);
              case "%d":
              case "%i": {
                const n = typeof arg === "bigint" ? arg : Number(arg);
                return typeof n === "bigint" ? `${n}n` : String(spec === "%i" ? Math.trunc(n) : n);
              }
              case "%f":
                return String(Number(arg));
              case "%j":
                return safeJson(arg);
              case "%c":
                return "";
              default:
                return inspect(arg);
            }
          }),
    );
  }
  for (let i = rest; i < args.length; i++) {
    const arg = args[i];
    parts.push(typeof arg === "string" ? arg : inspect(arg));
  }
  return parts.join(" ");
}

/** JSON text of a value, never throwing (cycles and BigInts are described instead). */
export function safeJson(value: unknown): string {
  try {
    const text = stringify(value, (_key, v: unknown) => (typeof v === "bigint" ? `${v}n` : v));
    return text === undefined ? "undefined" : text;
  } catch {
    return "[Circular]";
  }
}

/** A Node-like description of any value: `{ a: 1, b: 'x' }`, `[ 1, 2 ]`, `[Function: f]`. */
export function inspect(value: unknown, depth = 0, seen: unknown[] = []): string {
  switch (typeof value) {
    case "string":
      return depth === 0 ? value : quote(value);
    case "number":
      return Object.is(value, -0) ? "-0" : String(value);
    case "bigint":
      return `${value}n`;
    case "boolean":
    case "undefined":
      return String(value);
    case "symbol":
      return value.toString();
    case "function":
      return value.name ? `[Function: ${value.name}]` : "[Function (anonymous)]";
    default:
      break;
  }
  if (value === null) return "null";
  const obj = value as object;
  if (seen.indexOf(obj) !== -1) return "[Circular]";
  if (isError(obj)) return `${obj.name}: ${obj.message}`;
  if (obj instanceof Date) return isNaN(obj.getTime()) ? "Invalid Date" : obj.toISOString();
  if (obj instanceof RegExp) return String(obj);
  const next = seen.concat([obj]);
  if (Array.isArray(obj)) {
    if (depth > MAX_DEPTH) return "[Array]";
    return list("[", "]", obj.slice(0, MAX_ITEMS).map((v) => inspect(v, depth + 1, next)), obj.length);
  }
  if (obj instanceof Map) {
    if (depth > MAX_DEPTH) return "[Map]";
    const items: string[] = [];
    obj.forEach((v, k) => {
      if (items.length < MAX_ITEMS) items.push(`${inspect(k, depth + 1, next)} => ${inspect(v, depth + 1, next)}`);
    });
    return `Map(${obj.size}) ${list("{", "}", items, obj.size)}`;
  }
  if (obj instanceof Set) {
    if (depth > MAX_DEPTH) return "[Set]";
    const items: string[] = [];
    obj.forEach((v) => {
      if (items.length < MAX_ITEMS) items.push(inspect(v, depth + 1, next));
    });
    return `Set(${obj.size}) ${list("{", "}", items, obj.size)}`;
  }
  if (depth > MAX_DEPTH) return "[Object]";
  const keys = Object.keys(obj);
  const items = keys.slice(0, MAX_ITEMS).map((k) => `${key(k)}: ${inspect((obj as Record<string, unknown>)[k], depth + 1, next)}`);
  return list("{", "}", items, keys.length);
}

function list(open: string, close: string, items: string[], total: number): string {
  if (total > items.length) items.push(`... ${total - items.length} more item${total - items.length === 1 ? "" : "s"}`);
  return items.length === 0 ? `${open}${close}` : `${open} ${items.join(", ")} ${close}`;
}

function quote(s: string): string {
  const short = s.length > MAX_STRING ? `${s.slice(0, MAX_STRING)}... ${s.length - MAX_STRING} more characters` : s;
  return `'${short.replace(/\\/g, "\\\\").replace(/'/g, "\\'").replace(/\n/g, "\\n")}'`;
}

function key(k: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(k) ? k : quote(k);
}

/** Errors from any realm (a cross-realm Error fails `instanceof Error`). */
export function isError(value: unknown): value is Error {
  if (typeof value !== "object" || value === null) return false;
  if (value instanceof Error) return true;
  return Object.prototype.toString.call(value) === "[object Error]";
}
