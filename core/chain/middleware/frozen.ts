import type { Json, JsonObject } from "../../json";

/**
 * Events handed to middleware are frozen at every depth (Claude Code mods, claude-code-mods.md
 * fact 22): a hook changes what the rest of the chain sees only by passing a new event to
 * `next`. Each hook gets its own frozen copy, so the caller's event stays the caller's.
 */
export function deepFrozenCopy<T extends JsonObject>(value: T): Readonly<T> {
  return freeze(copy(value)) as Readonly<T>;
}

function copy(value: Json): Json {
  if (Array.isArray(value)) return value.map(copy);
  if (typeof value === "object" && value !== null) {
    const out: JsonObject = {};
    for (const key of Object.keys(value)) out[key] = copy(value[key] as Json);
    return out;
  }
  return value;
}

function freeze(value: Json): Json {
  if (typeof value === "object" && value !== null) {
    for (const item of Object.values(value)) freeze(item);
    Object.freeze(value);
  }
  return value;
}

/** A value a hook handed back (a `{ ...e }` spread of a frozen event, an answer) as plain JSON. */
export class NotJsonError extends TypeError {
  override name = "TypeError";
}

/**
 * `value` as JSON: undefined becomes null, object keys whose value is undefined are left out, as
 * JSON.stringify would. Functions, symbols, bigints and non-finite numbers are refused by name.
 */
export function toJson(value: unknown, what: string): Json {
  return convert(value, what, "", new Set());
}

function convert(value: unknown, what: string, path: string, seen: Set<object>): Json {
  if (value === undefined || value === null) return null;
  if (typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new NotJsonError(`${what} holds ${value} at ${path || "/"}, which is not JSON`);
    return value;
  }
  if (typeof value !== "object") throw new NotJsonError(`${what} holds a ${typeof value} at ${path || "/"}, which is not JSON`);
  if (seen.has(value)) throw new NotJsonError(`${what} refers to itself at ${path || "/"}`);
  seen.add(value);
  try {
    if (Array.isArray(value)) return value.map((item, i) => convert(item, what, `${path}/${i}`, seen));
    const out: JsonObject = {};
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined) continue;
      out[key] = convert(item, what, `${path}/${key}`, seen);
    }
    return out;
  } finally {
    seen.delete(value);
  }
}
