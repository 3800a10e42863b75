import { TRPCError } from "@trpc/server";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { DesignerView } from "~/components/designer/DesignerView";
import { HydrateClient, getQueryClient, trpc } from "~/server/api/rsc";

interface Props {
  params: Promise<{ id: string }>;
}

async function loadPipeline(id: string) {
  try {
    return await getQueryClient().fetchQuery(trpc.pipelines.get.queryOptions({ id }));
  } catch (error) {
    if (error instanceof TRPCError && error.code === "NOT_FOUND") notFound();
    throw error;
  }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  return { title: (await loadPipeline(id)).document.name };
}

export default async function PipelinePage({ params }: Props) {
  const { id } = await params;
  await loadPipeline(id);
  return (
    <HydrateClient>
      <DesignerView id={id} />
    </HydrateClient>
  );
}
