import type { Metadata } from "next";
import { CompareView } from "~/components/run/CompareView";
import "~/components/run/run.css";

export const metadata: Metadata = { title: "Compare runs" };

export default async function ComparePage(props: { params: Promise<{ id: string }>; searchParams: Promise<{ a?: string; b?: string }> }) {
  const { id } = await props.params;
  const { a, b } = await props.searchParams;
  if (!a || !b) return <p>Choose two runs to compare: this page needs ?a=RUN&amp;b=RUN.</p>;
  return <CompareView pipelineId={id} a={a} b={b} />;
}
