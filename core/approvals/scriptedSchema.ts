import { z } from "zod";

/**
 * A scenario's scripted answer to approval requests (headless runs, `hookwright run`, and any run
 * whose scenario says how a person answers): the first entry whose `match` fits a request answers
 * it, `afterMs` after it was asked. Decisions are the host's names (OpenClaw: allow-once,
 * allow-always, deny; a profile may add its own, e.g. FIM One's approve/reject), plus `timeout`.
 */
export const scriptedApprovalSchema = z
  .object({
    match: z
      .object({
        /** The tool the request is about (its name as the model called it). */
        tool: z.string().min(1).optional(),
        /** The hook that asked (its id in the pipeline). */
        hookId: z.string().min(1).optional(),
        /** The hook point that asked. */
        point: z.string().min(1).optional(),
      })
      .strict()
      .default({}),
    decision: z.string().min(1).max(40),
    /** How long the person takes to answer; the answer's `at` is the request's time plus this. */
    afterMs: z.number().int().nonnegative().max(3_600_000).default(0),
    /** Who answered, as the audit record names them. */
    by: z.string().min(1).max(200).default("script"),
    /** What the person writes with the answer (FIM One passes a rejection's reason to the model). */
    reason: z.string().min(1).max(2000).optional(),
  })
  .strict();

export type ScriptedApproval = z.infer<typeof scriptedApprovalSchema>;
export type ScriptedApprovalInput = z.input<typeof scriptedApprovalSchema>;
