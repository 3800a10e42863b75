"use client";

import { useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ImportPluginButton } from "~/components/bundles/ImportPluginButton";
import { useTRPC } from "~/components/providers/TrpcProvider";
import { NewPipelinePanel } from "./NewPipelinePanel";
import { PipelineTable } from "./PipelineTable";
import styles from "./pipelines.module.css";

export function PipelinesView() {
  const trpc = useTRPC();
  const { data: pipelines } = useSuspenseQuery(trpc.pipelines.list.queryOptions());
  const [status, setStatus] = useState("");

  return (
    <div className={styles.page}>
      <header className={styles.pageHeader}>
        <h1>Pipelines</h1>
        <p className={styles.lede}>
          A pipeline is a host&apos;s hook system (its profile) plus the hooks you attach to the agent loop, with
          scenarios to run them on.
        </p>
      </header>

      <NewPipelinePanel />

      <section aria-labelledby="your-pipelines" className={styles.listSection}>
        <div className={styles.sectionHeader}>
          <h2 id="your-pipelines">
            Your pipelines <span className={styles.count}>{pipelines.length}</span>
          </h2>
          <p role="status" aria-live="polite" className={styles.status}>
            {status}
          </p>
          <ImportPluginButton />
        </div>
        {pipelines.length === 0 ? (
          <div className={`card ${styles.empty}`}>
            <p className={styles.emptyTitle}>No pipelines yet</p>
            <p>Create one above, or start from an example to see hooks at work.</p>
          </div>
        ) : (
          <PipelineTable pipelines={pipelines} onStatus={setStatus} />
        )}
      </section>
    </div>
  );
}
