import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { getProfile } from "~/core/profiles";
import { checkRHook } from "~/server/sandbox/r/rCheck";
import { publicProcedure, router } from "../trpc";

/** R hooks in the editor: the check on save, deputy's HookMatcher$new() run by the sandboxed R (server/sandbox/r/rCheck.ts). */
export const rHooksRouter = router({
  check: publicProcedure
    .input(
      z.object({
        profile: z.string().min(1, "name the profile").max(100),
        point: z.string().min(1, "name the hook point").max(100),
        code: z.string().max(1024 * 1024, "an R hook has at most 1 MB of code"),
      }),
    )
    .mutation(({ input }) => {
      const authoring = getProfile(input.profile)?.callbackAuthoring?.r;
      if (!authoring) throw new TRPCError({ code: "BAD_REQUEST", message: `profile: "${input.profile}" has no R hooks` });
      if (authoring.args(input.point) === null) throw new TRPCError({ code: "BAD_REQUEST", message: `point: "${input.point}" is not a hook point of ${input.profile}` });
      return checkRHook({ point: input.point, code: input.code });
    }),
});
