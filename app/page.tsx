import type { Metadata } from "next";
import { connection } from "next/server";
import { PipelinesView } from "~/components/pipelines/PipelinesView";
import { HydrateClient, getQueryClient, trpc } from "~/server/api/rsc";

// The root layout's "%s · Hookwright" template does not apply to a page of its own segment.
export const metadata: Metadata = { title: { absolute: "Pipelines · Hookwright" } };

export default async function PipelinesPage() {
  // Always read the database at request time; never bake the list into the build.
  await connection();
  const queryClient = getQueryClient();
  await Promise.all([
    queryClient.prefetchQuery(trpc.pipelines.list.queryOptions()),
    queryClient.prefetchQuery(trpc.pipelines.choices.queryOptions()),
  ]);
  return (
    <HydrateClient>
      <PipelinesView />
    </HydrateClient>
  );
}
