import type { JsonObject } from "../json";
import type { HookPointSpec, Profile } from "../profiles/types";

/** A context for one hook point alone, read from what the user gave; or why it cannot be one. */
export type PointContextReading =
  /** `from`: "point" when it was already the point's context, "host" when it was the host's own payload. */
  | { context: JsonObject; from: "point" | "host" }
  | { problem: string };

/**
 * Reads `value` (a context the user gave for running `point` alone: a file, the run panel's JSON)
 * as the point's context as its `point.start` carries it. Accepted: that context itself
 * (`{ input }`, `{ ctx }`, `{ event, ctx }`: the point's positional arguments, each an object), or
 * the host's own payload, which the profile's {@link Profile.hostPayload} reads (a Claude Code
 * hook's stdin JSON, a FIM One HookContext). A point whose context is the host's payload as is
 * (Vellum's fields) takes any object that has one of its fields (or none at all). Anything else is
 * refused with a problem naming the fields the point expects, before any hook runs.
 *
 * @param point a point of `profile` (the caller has checked it exists).
 * @returns the context to run, or `{ problem }` in words for the user.
 * @example
 * readPointContext(fimOneProfile, "PreToolUse", { tool_name: "sql_exec", tool_args: {} });
 * // { context: { ctx: { hook_point: "PreToolUse", tool_name: "sql_exec", tool_args: {}, tool_result: null, … } }, from: "host" }
 */
export function readPointContext(profile: Profile, point: string, value: unknown): PointContextReading {
  const spec = profile.points.find((p) => p.id === point);
  if (!spec) return { problem: `"${point}" is not a hook point of the ${profile.name} profile (known: ${profile.points.map((p) => p.id).join(", ")})` };
  const host = profile.hostPayload;
  const expected = expects(spec, profile);
  if (!isObject(value)) return { problem: `the context of ${point} must be a JSON object: ${expected}; this is ${kind(value)}` };
  const args = spec.args;
  if (args && args.length > 0) {
    const present = args.filter((a) => Object.prototype.hasOwnProperty.call(value, a));
    if (present.length === args.length) {
      const wrong = args.find((a) => !isObject(value[a]));
      if (wrong === undefined) return { context: value, from: "point" };
      return { problem: `${wrong} of the context of ${point} must be a JSON object, not ${kind(value[wrong])} (${expected})` };
    }
    const read = host?.read(point, value) ?? null;
    if (read && "context" in read) return { context: read.context, from: "host" };
    if (read) return { problem: `${read.problem}: ${expected}` };
    return { problem: `the context of ${point} is ${expected}; this one has ${fieldsOf(value)}` };
  }
  const fields = spec.fields.filter((f) => !f.hostObject).map((f) => f.name);
  const keys = Object.keys(value);
  if (keys.length === 0 || keys.some((k) => fields.includes(k))) return { context: value, from: "point" };
  return { problem: `the context of ${point} is ${expected}; this one has ${fieldsOf(value)}` };
}

/** What the point takes, in words: its point.start shape and, if the profile reads one, the host's own payload. */
function expects(spec: HookPointSpec, profile: Profile): string {
  if (spec.args && spec.args.length > 0) {
    const shape = `{ ${spec.args.join(", ")} } as its point.start carries it`;
    return profile.hostPayload ? `${shape}, or ${profile.hostPayload.describe(spec.id)}` : shape;
  }
  return `an object with its fields (${spec.fields.filter((f) => !f.hostObject).map((f) => f.name).join(", ")})`;
}

function fieldsOf(value: JsonObject): string {
  const keys = Object.keys(value);
  if (keys.length === 0) return "no fields";
  const shown = keys.slice(0, 8).join(", ");
  return `${shown}${keys.length > 8 ? `, … (${keys.length} fields)` : ""}`;
}

function kind(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
