import "server-only";

import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { cache, type ReactNode } from "react";
import { makeQueryClient } from "~/components/providers/queryClient";
import { appRouter } from "./root";
import { createContext } from "./trpc";

/*
 * tRPC for React Server Components: pages prefetch through `trpc` and wrap their client
 * components in <HydrateClient>, which hands the prefetched data to the browser's cache.
 * `cache()` scopes the query client to one request.
 */

export const getQueryClient = cache(makeQueryClient);

export const trpc = createTRPCOptionsProxy({
  ctx: createContext,
  router: appRouter,
  queryClient: getQueryClient,
});

export function HydrateClient({ children }: { children: ReactNode }) {
  return <HydrationBoundary state={dehydrate(getQueryClient())}>{children}</HydrationBoundary>;
}
