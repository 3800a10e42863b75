import { z } from "zod";

/**
 * What must hold after a scenario's run (docs/formats.md, "Expectations"). Each kind is one
 * variant of a union discriminated by `kind`, so a form can switch on it and a bad file gets a
 * message naming the allowed values. core/expectations checks a finished trace against them.
 */

export const EXPECTATION_KINDS = ["exitReason", "context", "hookFired", "hookDecision", "toolCall", "noHookFailed", "orderIndependent"] as const;
export type ExpectationKind = (typeof EXPECTATION_KINDS)[number];

export const CONTEXT_OPS = ["equals", "contains", "matches"] as const;
export type ContextOp = (typeof CONTEXT_OPS)[number];

const listed = (values: readonly string[]) => values.map((v) => `"${v}"`).join(", ");

/** Which occurrences of a point or hook an expectation looks at: the n-th (1-based), every one, or any one. */
const OCCURRENCE_MESSAGE = 'occurrence is a number from 1 (the n-th time), "every" or "any"';
export const occurrenceSchema = z.union(
  [z.number({ error: OCCURRENCE_MESSAGE }).int(OCCURRENCE_MESSAGE).positive(OCCURRENCE_MESSAGE), z.literal("every"), z.literal("any")],
  { error: OCCURRENCE_MESSAGE },
);
export type Occurrence = z.infer<typeof occurrenceSchema>;

const label = z.string().max(200, "an expectation label has at most 200 characters").optional();
const hookId = z.string().min(1, "name the hook by its id");

const exitReason = z.object({
  kind: z.literal("exitReason"),
  label,
  equals: z.string().min(1, "name the exit reason the run must end with, e.g. no_tool_calls"),
});

const context = z
  .object({
    kind: z.literal("context"),
    label,
    point: z.string().min(1, "name the hook point whose context is checked"),
    path: z.string().regex(/^(\/.*)?$/, 'path is a JSON pointer into the context, like "/systemPrompt" or "/messages/0/role"'),
    occurrence: occurrenceSchema.default("every"),
    op: z.enum(CONTEXT_OPS, { error: `op is one of ${listed(CONTEXT_OPS)}` }),
    value: z.json(),
  })
  .superRefine((e, ctx) => {
    if (e.op !== "matches") return;
    if (typeof e.value !== "string") {
      ctx.addIssue({ code: "custom", path: ["value"], message: 'with op "matches", value is a regular expression (a string)' });
      return;
    }
    try {
      new RegExp(e.value);
    } catch (error) {
      ctx.addIssue({ code: "custom", path: ["value"], message: `not a valid regular expression: ${error instanceof Error ? error.message : String(error)}` });
    }
  });

const hookFired = z.object({
  kind: z.literal("hookFired"),
  label,
  hookId,
  /** false: the hook must not run at all in this scenario. */
  fired: z.boolean().default(true),
});

const hookDecision = z.object({
  kind: z.literal("hookDecision"),
  label,
  hookId,
  /** A decision name: the profile's (continue, block, claim, ...) or "none". */
  decision: z.string().min(1, 'name the decision, e.g. "block", "claim", "continue" or "none"'),
  occurrence: occurrenceSchema.default("any"),
});

const toolCall = z.object({
  kind: z.literal("toolCall"),
  label,
  name: z.string().min(1, "name the tool"),
  /** false: no call of this tool (with this input) may run; a call a hook blocked or answered did not run. */
  ran: z.boolean().default(true),
  /** Only calls whose input has these keys with these values (deep-equal) count. */
  input: z.record(z.string(), z.json()).optional(),
});

const noHookFailed = z.object({ kind: z.literal("noHookFailed"), label });

/**
 * Hosts that run a point's hooks in parallel (Claude Code): the point's outcome must be the same
 * whichever hook finishes last, i.e. no `point.end` of it is flagged order-dependent. Without
 * `point`: no point of the run is.
 */
const orderIndependent = z.object({
  kind: z.literal("orderIndependent"),
  label,
  point: z.string().min(1, "name the hook point, or leave point out to check every point").optional(),
});

export const expectationSchema = z.discriminatedUnion("kind", [exitReason, context, hookFired, hookDecision, toolCall, noHookFailed, orderIndependent], {
  error: (issue) =>
    issue.code === "invalid_union" || issue.code === "invalid_type"
      ? `an expectation's kind is one of ${listed(EXPECTATION_KINDS)}`
      : undefined,
});
export type Expectation = z.infer<typeof expectationSchema>;
export type ExpectationInput = z.input<typeof expectationSchema>;
