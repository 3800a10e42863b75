import { eq } from "drizzle-orm";
import { examplePipelines } from "../core/examples";
import type { PipelineInput } from "../core/pipeline/schema";
import type { DbExecutor } from "./client";
import { createPipeline } from "./pipelineStore";
import { PipelineStoreError } from "./pipelineStoreError";
import { meta } from "./schema";

export interface SeedResult {
  seeded: string[];
  skipped: { name: string; reason: string }[];
}

const seededKey = (name: string) => `seeded-example:${name}`;

/**
 * Adds each example pipeline that was never added to this database. Each one is remembered
 * in `meta`, so deleting an example does not bring it back on the next start, while an
 * example added to the app later is still seeded once.
 *
 * An example the store rejects (say, for a profile this build does not know) is skipped
 * and reported, never fatal: the app must still start.
 */
export function seedExamples(db: DbExecutor, examples: readonly PipelineInput[] = examplePipelines): SeedResult {
  const result: SeedResult = { seeded: [], skipped: [] };
  // IMMEDIATE: two processes starting at once must not both see "not seeded yet".
  db.transaction(
    (tx) => {
      for (const example of examples) {
        const key = seededKey(example.name);
        if (tx.select().from(meta).where(eq(meta.key, key)).get()) continue;
        try {
          createPipeline(tx, example);
        } catch (error) {
          if (!(error instanceof PipelineStoreError)) throw error;
          result.skipped.push({ name: example.name, reason: error.message });
          continue;
        }
        tx.insert(meta).values({ key, value: new Date().toISOString() }).run();
        result.seeded.push(example.name);
      }
    },
    { behavior: "immediate" },
  );
  return result;
}
