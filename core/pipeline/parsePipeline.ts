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

export function issuesOf(error: z.ZodError): FieldIssue[] {
  return error.issues.map((i) => ({ path: formatPath(i.path), message: i.message }));
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
