import { z } from "zod";

/**
 * What the Python driver (driverSource.ts) writes on its stdout, one JSON value per line, read
 * as untrusted: a hook can print to the driver's own descriptor, so every line is validated.
 */

const json: z.ZodType<unknown> = z.unknown();

export const pythonExceptionSchema = z.object({
  type: z.string(),
  /** threw (an exception), timeout (the per-call limit), memory (MemoryError). */
  kind: z.enum(["threw", "timeout", "memory"]),
  /** As the card shows it: "ValueError: stamp store down", "timed out after 1000 ms". */
  message: z.string(),
  /** The line and column in the user's own file (hooks/<id>.py), when the error is there. */
  line: z.number().int().nullable(),
  column: z.number().int().nullable(),
  traceback: z.string(),
});
export type PythonException = z.infer<typeof pythonExceptionSchema>;

export const startLineSchema = z.object({ type: z.literal("start"), id: z.string(), name: z.string() });

export const callLineSchema = z.object({
  type: z.literal("call"),
  id: z.string(),
  /** The name FIM One's messages use: the class's `name`, else the hook row's. */
  name: z.string(),
  /** false: should_trigger answered false, or tool_filter did not match (the result says which). */
  triggered: z.boolean(),
  /** The HookResult as JSON; `{ shouldTrigger: false }` when skipped; null when it raised or returned None. */
  result: json,
  exception: pythonExceptionSchema.nullable(),
  stdout: z.string(),
  stderr: z.string(),
  duration_ms: z.number(),
  clock: z.array(z.number()),
  random: z.array(z.number()),
  warnings: z.array(z.string()),
  /** The context this hook received (`{ ctx }`); null: the same as the state before it. */
  ctx_before: json,
  /** The context after it; null: unchanged. */
  ctx_after: json,
});
export type CallLine = z.infer<typeof callLineSchema>;

export const endLineSchema = z.object({
  type: z.literal("end"),
  /** Hook ids in the order the registry ran (or skipped) them. */
  order: z.array(z.string()),
  /** The virtual clock after the point (ms). */
  clock: z.number(),
  pointError: z.string().nullable(),
  /** FimOneCombined (core/chain/fold/fimOne.ts); null when the point failed. */
  combined: json,
  /** The context after the chain; null: the same as after the last hook. */
  context: json,
});
export type EndLine = z.infer<typeof endLineSchema>;

export const fatalLineSchema = z.object({ type: z.literal("fatal"), message: z.string(), traceback: z.string() });

export const driverLineSchema = z.discriminatedUnion("type", [startLineSchema, callLineSchema, endLineSchema, fatalLineSchema]);
export type DriverLine = z.infer<typeof driverLineSchema>;

/** The lines of the driver's stdout that parse; a cut last line (a killed process) is dropped. */
export function readDriverLines(stdout: string): DriverLine[] {
  const out: DriverLine[] = [];
  for (const text of stdout.split("\n")) {
    if (text.trim() === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      continue;
    }
    const parsed = driverLineSchema.safeParse(value);
    if (parsed.success) out.push(parsed.data);
  }
  return out;
}
