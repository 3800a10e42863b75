"use client";

import { useSuspenseQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "~/components/providers/TrpcProvider";
import styles from "./pipelines.module.css";

/** The pipeline page until the designer lands: what the pipeline is, at its latest revision. */
export function PipelineSummaryView({ id }: { id: string }) {
  const trpc = useTRPC();
  const { data } = useSuspenseQuery(trpc.pipelines.get.queryOptions({ id }));
  const { document } = data;

  return (
    <div className={styles.page}>
      <p className={styles.breadcrumb}>
        <Link href="/">← All pipelines</Link>
      </p>
      <header className={styles.pageHeader}>
        <h1>{document.name}</h1>
        <p className={styles.meta}>
          <span className="badge">{document.profile}</span>
          <span>revision {data.revision}</span>
          <span>
            {document.hooks.length} {document.hooks.length === 1 ? "hook" : "hooks"}
          </span>
          <span>
            {document.scenarios.length} {document.scenarios.length === 1 ? "scenario" : "scenarios"}
          </span>
        </p>
        {document.description && <p className={styles.lede}>{document.description}</p>}
      </header>
    </div>
  );
}
