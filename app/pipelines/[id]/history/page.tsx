import type { Metadata } from "next";
import { HistoryView } from "~/components/history/HistoryView";

export const metadata: Metadata = { title: "History" };

function revisionParam(value: string | undefined): number | null {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : null;
}

/** `?rev=N` selects a revision (runs link here), `&from=M` the other side of its diff. */
export default async function HistoryPage(props: { params: Promise<{ id: string }>; searchParams: Promise<{ rev?: string; from?: string }> }) {
  const { id } = await props.params;
  const { rev, from } = await props.searchParams;
  return <HistoryView pipelineId={id} initialRevision={revisionParam(rev)} initialFrom={revisionParam(from)} />;
}
