import type { z } from "zod";
import { pipelineSchema, type Pipeline } from "./schema";

/** A problem a user can fix, located by its field path (e.g. `hooks[2].name`). */
export interface FieldIssue {
  path: string;
  message: string;
}

export type ParseResult<T> = { ok: true; value: T } | { ok: false; issues: FieldIssue[] };

/** Renders a zod issue path the way people read it: `scenarios[0].model.responses[3]`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out || "(root)";
}

type ZodIssue = z.core.$ZodIssue;

/** A required field that is absent: the branch of a union it belongs to was not what the input meant. */
const isMissingField = (i: ZodIssue) => i.code === "invalid_type" && /received undefined$/.test(i.message);

/**
 * A union that matched no branch says only "Invalid input". Say what the input most likely
 * meant instead: the one branch whose problems are all inside the value and about fields it
 * has (`stopReason: "bored"` is about the content branch, not the `{ error }` one); when every
 * branch fails on the value itself, the union's own message, or the types it takes.
 */
function explainUnion(issue: ZodIssue & { code: "invalid_union" }): ZodIssue[] {
  const branches = issue.errors;
  const inside = branches.filter((b) => b.length > 0 && b.every((i) => i.path.length > 0));
  const meant = inside.filter((b) => !b.some(isMissingField));
  const chosen = meant.length === 1 ? meant[0] : inside.length === 1 ? inside[0] : undefined;
  if (chosen) return chosen.flatMap((i) => explain({ ...i, path: [...issue.path, ...i.path] } as ZodIssue));
  if (issue.message !== "Invalid input") return [issue];
  const expected = branches.flatMap((b) => b.flatMap((i) => (i.code === "invalid_type" && i.path.length === 0 ? [i.expected] : [])));
  const received = /received (\w+)$/.exec(branches[0]?.[0]?.message ?? "")?.[1];
  if (expected.length === branches.length) return [{ ...issue, message: `expected ${[...new Set(expected)].join(" or ")}${received ? `, received ${received}` : ""}` }];
  return [issue];
}

function explain(issue: ZodIssue): ZodIssue[] {
  return issue.code === "invalid_union" ? explainUnion(issue) : [issue];
}

export function issuesOf(error: z.ZodError): FieldIssue[] {
  return error.issues.flatMap(explain).map((i) => ({ path: formatPath(i.path), message: i.message }));
}

/** One line per issue, for CLI output and error messages. */
export function describeIssues(issues: readonly FieldIssue[]): string {
  return issues.map((i) => `${i.path}: ${i.message}`).join("\n");
}

/** Parses an untrusted value as a pipeline file, filling defaults. Never throws. */
export function parsePipeline(value: unknown): ParseResult<Pipeline> {
  const r = pipelineSchema.safeParse(value);
  return r.success ? { ok: true, value: r.data } : { ok: false, issues: issuesOf(r.error) };
}
