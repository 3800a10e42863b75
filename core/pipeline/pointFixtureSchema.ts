import { z } from "zod";

/** At most this many recorded contexts ride on one scenario (the importer keeps the first ones and says so). */
export const MAX_POINT_FIXTURES = 200;

/** One recorded context's JSON is at most this long (the importer cuts long strings, then leaves out what is still larger). */
export const MAX_POINT_FIXTURE_BYTES = 64 * 1024;

/**
 * A hook point's input as the host handed it to a hook, recorded by Hookwright's recorder
 * (core/bundles/recorder.ts) and imported with its session: a ready context for "Run this point".
 * `context` is what the recorder wrote as `input` (the host's own payload, which "Run this point"
 * takes as it is, or the point's context as point.start carries it).
 */
export const pointFixtureSchema = z
  .object({
    point: z.string().min(1).max(200),
    /** How the picker lists it: `PreToolUse · Bash · rm -rf build`. */
    label: z.string().max(300),
    /** When the host fired the point (ISO time), where recorded. */
    at: z.string().max(100).nullable().default(null),
    context: z.record(z.string(), z.json()),
  })
  .superRefine((f, ctx) => {
    const bytes = new TextEncoder().encode(JSON.stringify(f.context)).byteLength;
    if (bytes > MAX_POINT_FIXTURE_BYTES) ctx.addIssue({ code: "custom", path: ["context"], message: `a recorded context is at most ${MAX_POINT_FIXTURE_BYTES} bytes of JSON; this one is ${bytes}` });
  });
export type PointFixture = z.infer<typeof pointFixtureSchema>;

/** The recorded contexts of a scenario imported from a recording. */
export const pointFixturesSchema = z.array(pointFixtureSchema).max(MAX_POINT_FIXTURES, `a scenario keeps at most ${MAX_POINT_FIXTURES} recorded contexts`);
