import type { TraceStore } from "~/components/run/traceStore";
import type { Expectation } from "~/core/pipeline/schema";
import { pointOccurrence } from "./pointOccurrence";

/** A JSON pointer to a top-level field (`a/b` → `/a~1b`). */
export function fieldPointer(field: string): string {
  return `/${field.replace(/~/g, "~0").replace(/\//g, "~1")}`;
}

/**
 * "Expect this value here": the value the host read back for `field` at the end of the point
 * crossing that step `seq` belongs to, as a context expectation on that crossing. Returns a
 * plain-words reason instead when there is no such value (the chain has not ended, the host does
 * not read that field back).
 */
export async function readBackExpectation(store: TraceStore, args: { seq: number; point: string; field: string }): Promise<Expectation | string> {
  const { occurrence, endIndex } = pointOccurrence(store.outline, { index: args.seq - 1, point: args.point });
  if (endIndex < 0) return `${args.point} has not finished yet: wait for the run to pass it.`;
  await store.ensure(endIndex + 1, endIndex + 1);
  const end = store.event(endIndex + 1);
  const result = end?.type === "point.end" ? end.result : undefined;
  // A folded result may be any JSON (OpenClaw); only an object has fields to read back.
  const value = typeof result === "object" && result !== null && !Array.isArray(result) ? result[args.field] : undefined;
  if (value === undefined) return `The host does not read back ${args.field} after ${args.point}.`;
  return { kind: "context", point: args.point, path: fieldPointer(args.field), occurrence, op: "equals", value };
}
