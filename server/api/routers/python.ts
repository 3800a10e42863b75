import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { getProfile } from "~/core/profiles";
import { checkPythonSyntax } from "~/server/sandbox/pythonSyntax";
import { publicProcedure, router } from "../trpc";

/** Python hooks in the editor: the syntax check on save, compiled by the sandboxed python3 (server/sandbox/pythonSyntax.ts). */
export const pythonRouter = router({
  checkSyntax: publicProcedure
    .input(z.object({ profile: z.string().min(1, "name the profile").max(100), code: z.string().max(1024 * 1024, "a Python hook has at most 1 MB of code") }))
    .mutation(({ input }) => {
      const standIn = getProfile(input.profile)?.pythonAuthoring?.module;
      if (!standIn) throw new TRPCError({ code: "BAD_REQUEST", message: `profile: "${input.profile}" has no Python hooks` });
      return checkPythonSyntax({ code: input.code, standIn });
    }),
});
