"use client";

import { useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { RouterOutputs } from "~/components/providers/routerTypes";
import { useTRPC } from "~/components/providers/TrpcProvider";
import { DeletePipelineDialog } from "./DeletePipelineDialog";
import { PipelineRow } from "./PipelineRow";
import styles from "./pipelines.module.css";
import { useNow } from "./useNow";

export type PipelineListItem = RouterOutputs["pipelines"]["list"][number];

export function PipelineTable({
  pipelines,
  onStatus,
}: {
  pipelines: PipelineListItem[];
  onStatus: (message: string) => void;
}) {
  const trpc = useTRPC();
  const { data: choices } = useSuspenseQuery(trpc.pipelines.choices.queryOptions());
  const profileNames = new Map(choices.profiles.map((p) => [p.id, p.name]));
  const [toDelete, setToDelete] = useState<PipelineListItem | null>(null);
  const now = useNow();

  return (
    <div className={`card ${styles.tableCard}`}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Profile</th>
            <th scope="col" className={styles.numeric}>
              Hooks
            </th>
            <th scope="col" className={styles.numeric}>
              Revision
            </th>
            <th scope="col">Last edited</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {pipelines.map((pipeline) => (
            <PipelineRow
              key={pipeline.id}
              pipeline={pipeline}
              profileName={profileNames.get(pipeline.profile) ?? pipeline.profile}
              now={now}
              onDelete={() => setToDelete(pipeline)}
              onStatus={onStatus}
            />
          ))}
        </tbody>
      </table>
      {toDelete && (
        <DeletePipelineDialog
          pipeline={toDelete}
          onClose={(deleted) => {
            setToDelete(null);
            if (deleted) onStatus(`Deleted “${toDelete.name}”.`);
          }}
        />
      )}
    </div>
  );
}
