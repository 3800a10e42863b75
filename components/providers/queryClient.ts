import { defaultShouldDehydrateQuery, QueryClient } from "@tanstack/react-query";
import superjson from "superjson";

/** One factory for the server (per request) and the browser (once), so both dehydrate alike. */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Data prefetched on the server is fresh on arrival; don't refetch it straight away.
        staleTime: 30_000,
      },
      dehydrate: {
        serializeData: superjson.serialize,
        // Pending queries too, so a server prefetch that is still streaming reaches the client.
        shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) || query.state.status === "pending",
      },
      hydrate: {
        deserializeData: superjson.deserialize,
      },
    },
  });
}
