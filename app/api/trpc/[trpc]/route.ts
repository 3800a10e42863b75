import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { appRouter } from "~/server/api/root";
import { createContext } from "~/server/api/trpc";
import { screenTrpcRequest } from "~/server/http/trpcRequest";

async function handler(req: Request) {
  // Size, content type and nesting are checked before tRPC parses anything; a problem is
  // answered by tRPC itself (thrown from createContext) so the client reads it like any error.
  const { request, problem } = await screenTrpcRequest(req);
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req: request,
    router: appRouter,
    createContext: () => {
      if (problem) throw problem;
      return createContext();
    },
    onError({ error, path }) {
      // Expected errors (bad input, not found, conflict) are answers, not incidents.
      if (error.code === "INTERNAL_SERVER_ERROR") console.error(`tRPC failed on ${path ?? "<no path>"}:`, error);
    },
  });
}

export { handler as GET, handler as POST };
