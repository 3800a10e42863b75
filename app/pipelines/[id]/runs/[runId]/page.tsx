import type { Metadata } from "next";
import { ReplayView } from "~/components/run/ReplayView";
import "~/components/run/run.css";

export const metadata: Metadata = { title: "Replay" };

export default async function ReplayPage(props: { params: Promise<{ id: string; runId: string }>; searchParams: Promise<{ step?: string }> }) {
  const { id, runId } = await props.params;
  const { step } = await props.searchParams;
  const n = Number(step);
  return <ReplayView pipelineId={id} runId={runId} initialStep={Number.isInteger(n) && n >= 1 ? n : null} />;
}
