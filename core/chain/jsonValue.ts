import type { Json, JsonObject } from "../json";

/** Small helpers over JSON values shared by the chain executor and the trace tools. */

export function isObjectLike(value: unknown): value is object {
  return typeof value === "object" && value !== null;
}

const hasOwnProperty = Object.prototype.hasOwnProperty;
export function hasOwn(obj: object, key: PropertyKey): boolean {
  return hasOwnProperty.call(obj, key);
}

/**
 * Sets an own data property. Plain assignment of `__proto__` would replace the prototype
 * instead of creating the key a JSON document may legitimately contain.
 */
export function setOwn(obj: JsonObject | Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") {
    Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
  } else {
    (obj as Record<string, unknown>)[key] = value;
  }
}

/** RFC 6901 token escaping. */
export function escapePointerToken(token: string): string {
  return token.indexOf("~") === -1 && token.indexOf("/") === -1 ? token : token.replace(/~/g, "~0").replace(/\//g, "~1");
}

export function unescapePointerToken(token: string): string {
  return token.indexOf("~") === -1 ? token : token.replace(/~1/g, "/").replace(/~0/g, "~");
}

/** Splits a JSON pointer into unescaped tokens; "" is the whole document. */
export function parsePointer(pointer: string): string[] {
  if (pointer === "") return [];
  if (pointer.charAt(0) !== "/") throw new Error(`JSON pointer "${pointer}" must start with "/"`);
  return pointer.slice(1).split("/").map(unescapePointerToken);
}

/** Deep equality of JSON values (object key order ignored). */
export function jsonEqual(a: Json | undefined, b: Json | undefined): boolean {
  if (a === b) return true;
  if (!isObjectLike(a) || !isObjectLike(b)) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) {
    if (!hasOwn(b, k) || !jsonEqual(a[k], b[k])) return false;
  }
  return true;
}
