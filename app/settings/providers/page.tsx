import type { Metadata } from "next";
import { connection } from "next/server";
import { ProviderSettings } from "~/components/settings/providers/ProviderSettings";
import { HydrateClient, getQueryClient, trpc } from "~/server/api/rsc";

export const metadata: Metadata = { title: "Model providers" };

export default async function ModelProvidersPage() {
  // Read per request (entries change); the page gets key hints only, never a key.
  await connection();
  await getQueryClient().prefetchQuery(trpc.providers.list.queryOptions());
  return (
    <HydrateClient>
      <ProviderSettings />
    </HydrateClient>
  );
}
