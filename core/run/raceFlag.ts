import type { Json } from "../json";

/**
 * A point whose outcome depends on the order its parallel hooks finish in, as the engine records
 * it on `point.end.result.orderDependent` (core/chain/fold/races.ts): the outcome fields that
 * differ between completion orders, the hooks that make the difference, how many orders were
 * folded, and the sentence a person reads.
 */
export interface RaceFlag {
  message: string;
  fields: string[];
  hooks: string[];
  orders: number;
}

/** The race flag of a point.end's result, or null (none, or a result of another shape). */
export function raceFlagOf(result: Json | undefined): RaceFlag | null {
  if (typeof result !== "object" || result === null || Array.isArray(result)) return null;
  const flag = result["orderDependent"];
  if (typeof flag !== "object" || flag === null || Array.isArray(flag) || typeof flag["message"] !== "string") return null;
  const strings = (v: Json | undefined) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);
  return { message: flag["message"], fields: strings(flag["fields"]), hooks: strings(flag["hooks"]), orders: typeof flag["orders"] === "number" ? flag["orders"] : 0 };
}
