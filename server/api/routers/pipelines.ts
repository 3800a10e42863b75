import { examplePipelines } from "~/core/examples";
import { knownProfiles } from "~/db/knownProfiles";
import { blankDocument, exampleDocument } from "~/db/pipelineDocument";
import { publicProcedure, router } from "../trpc";
import { pipelineRevisionProcedures } from "./pipelineRevisions";
import { createInput, deleteInput, duplicateInput, getInput, renameInput, saveInput } from "./pipelineInputs";

export const pipelinesRouter = router({
  ...pipelineRevisionProcedures,

  list: publicProcedure.query(({ ctx }) => ctx.store.pipelines.list()),

  /** What "New pipeline" offers: the profiles and the examples. */
  choices: publicProcedure.query(() => ({
    profiles: knownProfiles.map(({ id, name }) => ({ id, name })),
    examples: examplePipelines.map((e) => ({
      name: e.name,
      description: e.description ?? "",
      profile: e.profile,
      hookCount: e.hooks?.length ?? 0,
    })),
  })),

  get: publicProcedure.input(getInput).query(({ ctx, input }) =>
    input.revision === undefined
      ? ctx.store.pipelines.get(input.id)
      : ctx.store.pipelines.getRevision({ id: input.id, revision: input.revision }),
  ),

  create: publicProcedure.input(createInput).mutation(({ ctx, input }) => {
    switch (input.from) {
      case "blank":
        return ctx.store.pipelines.create(blankDocument(input.name, input.profile));
      case "example":
        return ctx.store.pipelines.create(exampleDocument({ example: input.example, examples: examplePipelines }));
      case "document":
        return ctx.store.pipelines.create(input.document);
    }
  }),

  save: publicProcedure.input(saveInput).mutation(({ ctx, input }) => ctx.store.pipelines.save(input)),

  rename: publicProcedure.input(renameInput).mutation(({ ctx, input }) => ctx.store.pipelines.rename(input)),

  duplicate: publicProcedure.input(duplicateInput).mutation(({ ctx, input }) => ctx.store.pipelines.duplicate(input)),

  delete: publicProcedure.input(deleteInput).mutation(({ ctx, input }) => ctx.store.pipelines.delete(input.id)),
});
