import { z } from "zod";
import { pipelineSchema } from "~/core/pipeline/schema";
import { isKnownProfile, unknownProfileMessage } from "~/db/knownProfiles";

export const pipelineIdSchema = z.string().min(1, "a pipeline id is required").max(200, "a pipeline id has at most 200 characters");

export const pipelineNameSchema = z
  .string()
  .trim()
  .min(1, "a pipeline needs a name")
  .max(200, "a pipeline name has at most 200 characters");

export const profileIdSchema = z
  .string()
  .refine(isKnownProfile, { error: (issue) => unknownProfileMessage(String(issue.input)) });

/** A whole pipeline document, as the format says, naming a profile this app knows. */
export const pipelineDocumentSchema = pipelineSchema.superRefine((doc, ctx) => {
  if (!isKnownProfile(doc.profile)) {
    ctx.addIssue({ code: "custom", path: ["profile"], message: unknownProfileMessage(doc.profile) });
  }
});

const revisionSchema = z.number().int().positive();

export const getInput = z.object({ id: pipelineIdSchema, revision: revisionSchema.optional() });

export const createInput = z.discriminatedUnion("from", [
  z.object({ from: z.literal("blank"), name: pipelineNameSchema, profile: profileIdSchema }),
  z.object({ from: z.literal("example"), example: z.string().min(1, "choose an example") }),
  z.object({ from: z.literal("document"), document: pipelineDocumentSchema }),
]);

export const saveInput = z.object({
  id: pipelineIdSchema,
  baseRevision: revisionSchema,
  document: pipelineDocumentSchema,
});

export const renameInput = z.object({
  id: pipelineIdSchema,
  name: pipelineNameSchema,
  baseRevision: revisionSchema.optional(),
});

export const duplicateInput = z.object({ id: pipelineIdSchema, name: pipelineNameSchema.optional() });

export const deleteInput = z.object({ id: pipelineIdSchema });
