import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { appRouter } from "~/server/api/root";
import { createContext } from "~/server/api/trpc";

function handler(req: Request) {
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: appRouter,
    createContext,
    onError({ error, path }) {
      // Expected errors (bad input, not found, conflict) are answers, not incidents.
      if (error.code === "INTERNAL_SERVER_ERROR") console.error(`tRPC failed on ${path ?? "<no path>"}:`, error);
    },
  });
}

export { handler as GET, handler as POST };
