"use client";

import { useSuspenseQuery } from "@tanstack/react-query";
import { useTRPC } from "~/components/providers/TrpcProvider";
import { defaultInitState } from "~/components/store/createEditorStore";
import { EditorStoreProvider } from "~/components/store/EditorStoreProvider";
import { Designer } from "./Designer";

/**
 * The designer of one pipeline. The store is created from the pipeline's head revision (the
 * page prefetched it), keyed by id so another pipeline gets a fresh store.
 */
export function DesignerView({ id, runPanel }: { id: string; runPanel?: React.ReactNode }) {
  const trpc = useTRPC();
  // The working copy lives in the store from here on; refetching must not replace it.
  const { data } = useSuspenseQuery({
    ...trpc.pipelines.get.queryOptions({ id }),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  return (
    <EditorStoreProvider
      key={id}
      init={{
        ...defaultInitState,
        pipelineId: id,
        doc: data.document,
        savedDoc: data.document,
        baseRevision: data.revision,
      }}
    >
      <Designer runPanel={runPanel} />
    </EditorStoreProvider>
  );
}
