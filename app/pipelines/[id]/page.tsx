import { TRPCError } from "@trpc/server";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { DesignerView } from "~/components/designer/DesignerView";
import { LazyDesignerRunPanel } from "~/components/designer/LazyDesignerRunPanel";
import { HydrateClient, getQueryClient, trpc } from "~/server/api/rsc";

interface Props {
  params: Promise<{ id: string }>;
  /** `pace` (ms per recorded event) slows a run for demos and the runs e2e test. */
  searchParams: Promise<{ pace?: string }>;
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

export default async function PipelinePage({ params, searchParams }: Props) {
  const { id } = await params;
  await loadPipeline(id);
  const pace = Number((await searchParams).pace);
  return (
    <HydrateClient>
      <DesignerView id={id} runPanel={<LazyDesignerRunPanel pipelineId={id} eventDelayMs={Number.isInteger(pace) && pace > 0 ? Math.min(pace, 2000) : undefined} />} />
    </HydrateClient>
  );
}
