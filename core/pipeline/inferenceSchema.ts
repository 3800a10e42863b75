import { z } from "zod";

/**
 * A scenario's `inference`: the host's inference settings as a hook sees them when it runs its
 * own model calls (Vellum's `getModelProfiles`, `doesSupportVision`, `getConfiguredProvider`).
 * `profiles`, `activeProfile`, `default` and `profileOrder` have the shape of the host's `llm`
 * config; `replies` answer, in order, the model calls hooks make (docs/node-surface.md). There
 * is no real provider behind a hook's call: an unanswered call fails with words naming this field.
 */

const name = z.string().min(1).max(200);

export const inferenceProfileSchema = z.object({
  provider: name.optional(),
  model: name.optional(),
  label: z.string().max(200).optional(),
  description: z.string().max(2000).optional(),
  /** "disabled" keeps the profile listed but not routable, as in the host. */
  status: z.enum(["active", "disabled"]).optional(),
  /** A weighted blend of other profiles (the host's mix profiles). */
  mix: z.array(z.object({ profile: name, weight: z.number().nonnegative().default(1) })).max(20).optional(),
});

export const inferenceReplySchema = z.union(
  [
    z.object({ text: z.string().max(100_000), stopReason: z.enum(["end_turn", "max_tokens", "stop_sequence"]).default("end_turn") }),
    z.object({ error: z.string().min(1).max(2000) }),
  ],
  { error: 'an inference reply is { "text": "…" } or { "error": "…" }' },
);
export type InferenceReply = z.infer<typeof inferenceReplySchema>;

export const scenarioInferenceSchema = z.object({
  /** The workspace's active profile key (the turn's `modelProfileKey`). */
  activeProfile: name.optional(),
  /** What profiles inherit when they leave provider or model out. */
  default: z.object({ provider: name.optional(), model: name.optional() }).optional(),
  /** Profile keys shown first, in this order (the rest follow alphabetically). */
  profileOrder: z.array(name).max(100).optional(),
  profiles: z
    .record(z.string().max(200), inferenceProfileSchema)
    .default({})
    // Zod's own words for a bad record key are "Invalid key in record".
    .refine((profiles) => !Object.hasOwn(profiles, ""), 'an inference profile needs a key, e.g. "local"'),
  /** Answers to the model calls hooks make, in the order they are made. */
  replies: z.array(inferenceReplySchema).max(200).default([]),
});
export type ScenarioInference = z.infer<typeof scenarioInferenceSchema>;

/** An image attached to the user's prompt (the host turns each into an `image` block after the prompt's text). */
export const attachmentSchema = z.object({
  mimeType: z.string().regex(/^image\/[a-z0-9.+-]+$/i, "an attachment is an image: its mimeType starts with image/, e.g. image/png"),
  /** The image's bytes, base64. */
  data: z
    .string()
    .min(1, "an attachment needs its data (base64)")
    .max(2 * 1024 * 1024)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, "an attachment's data is base64 (A-Z, a-z, 0-9, +, /, = at the end)"),
});
export type Attachment = z.infer<typeof attachmentSchema>;
