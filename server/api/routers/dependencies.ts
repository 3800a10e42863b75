import { z } from "zod";
import { dependencySchema } from "~/core/pipeline/dependencySchema";
import { dependencyTypes } from "~/server/deps/types";
import { publicProcedure, router } from "../trpc";

/** A pipeline's npm dependencies as Settings and the editor need them: the install (versions, or why not) and the type declarations (server/deps/types.ts). */
export const dependenciesRouter = router({
  types: publicProcedure
    .input(z.object({ dependencies: z.array(dependencySchema).max(100, "at most 100 dependencies") }))
    .query(({ input }) => dependencyTypes(input.dependencies)),
});
