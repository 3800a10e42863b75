import type { Metadata } from "next";
import { RunsPageView } from "~/components/run/RunsPageView";
import "~/components/run/run.css";

export const metadata: Metadata = { title: "Runs" };

/** `?pace=MS` slows the recording of events (demos and the e2e test watching a run stream). */
export default async function RunsPage(props: { params: Promise<{ id: string }>; searchParams: Promise<{ pace?: string }> }) {
  const { id } = await props.params;
  const pace = Number((await props.searchParams).pace);
  return <RunsPageView pipelineId={id} eventDelayMs={Number.isInteger(pace) && pace > 0 ? Math.min(pace, 2000) : undefined} />;
}
