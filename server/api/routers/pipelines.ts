import { examplePipelines } from "~/core/examples";
import { knownProfiles } from "~/db/knownProfiles";
import {
  blankDocument,
  createPipeline,
  createPipelineFromExample,
  deletePipeline,
  duplicatePipeline,
  getPipeline,
  getRevision,
  listPipelines,
  renamePipeline,
  saveRevision,
} from "~/db/pipelineStore";
import { publicProcedure, router } from "../trpc";
import { pipelineRevisionProcedures } from "./pipelineRevisions";
import { createInput, deleteInput, duplicateInput, getInput, renameInput, saveInput } from "./pipelineInputs";

export const pipelinesRouter = router({
  ...pipelineRevisionProcedures,

  list: publicProcedure.query(({ ctx }) => listPipelines(ctx.db)),

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
      ? getPipeline(ctx.db, input.id)
      : getRevision(ctx.db, { id: input.id, revision: input.revision }),
  ),

  create: publicProcedure.input(createInput).mutation(({ ctx, input }) => {
    switch (input.from) {
      case "blank":
        return createPipeline(ctx.db, blankDocument(input.name, input.profile));
      case "example":
        return createPipelineFromExample(ctx.db, { example: input.example, examples: examplePipelines });
      case "document":
        return createPipeline(ctx.db, input.document);
    }
  }),

  save: publicProcedure.input(saveInput).mutation(({ ctx, input }) => saveRevision(ctx.db, input)),

  rename: publicProcedure.input(renameInput).mutation(({ ctx, input }) => renamePipeline(ctx.db, input)),

  duplicate: publicProcedure.input(duplicateInput).mutation(({ ctx, input }) => duplicatePipeline(ctx.db, input)),

  delete: publicProcedure.input(deleteInput).mutation(({ ctx, input }) => deletePipeline(ctx.db, input.id)),
});
