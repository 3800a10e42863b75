"use client";

import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink, httpBatchStreamLink, httpLink, httpSubscriptionLink, isNonJsonSerializable, splitLink } from "@trpc/client";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import { useState, type ReactNode } from "react";
import superjson from "superjson";
import type { AppRouter } from "~/server/api/root";
import { makeQueryClient } from "./queryClient";
import "./zodWithoutEval";

/** `useTRPC()` gives typed query/mutation options: `useQuery(trpc.pipelines.list.queryOptions())`. */
export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

let browserQueryClient: QueryClient | undefined;

function getQueryClient(): QueryClient {
  // On the server every request gets its own client, so users never share cached data.
  if (typeof window === "undefined") return makeQueryClient();
  // In the browser keep one, or React would drop the cache when a suspense boundary re-mounts.
  browserQueryClient ??= makeQueryClient();
  return browserQueryClient;
}

function apiUrl(): string {
  if (typeof window !== "undefined") return "/api/trpc";
  return `http://${process.env.HOST ?? "127.0.0.1"}:${process.env.PORT ?? "3000"}/api/trpc`;
}

export function TRPCReactProvider({ children }: { children: ReactNode }) {
  const queryClient = getQueryClient();
  const [trpcClient] = useState(() =>
    createTRPCClient<AppRouter>({
      links: [
        splitLink({
          // Subscriptions are Server-Sent Events (run streams); everything else is batched.
          condition: (op) => op.type === "subscription",
          true: httpSubscriptionLink({ url: apiUrl(), transformer: superjson }),
          false: splitLink({
            // A session file streams to its procedure as a raw body (sessions.import): not JSON, not batched.
            condition: (op) => isNonJsonSerializable(op.input),
            true: httpLink({ url: apiUrl(), transformer: superjson }),
            false: splitLink({
            // Trace pages can be tens of megabytes (a turn with big tool results): the streaming
            // link's line reader re-splits its whole buffer per network chunk (quadratic in a long
            // line), so pages come through the plain batch link, parsed once.
            condition: (op) => op.path === "runs.events",
            true: httpBatchLink({ url: apiUrl(), transformer: superjson }),
            false: httpBatchStreamLink({ url: apiUrl(), transformer: superjson }),
            }),
          }),
        }),
      ],
    }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}
