"use client";
import { useMutation } from "@tanstack/react-query";
import { useCallback } from "react";
import { useTRPC } from "~/components/providers/TrpcProvider";

export interface SessionImportRequest {
  pipelineId: string;
  file: File;
  name?: string;
  branch: string | null;
  keepSecrets: boolean;
  skipBadLines: boolean;
}

/**
 * Sends a session file to `sessions.import` as one raw stream: the options as the first line, then
 * the file as is (a Blob of the two parts, so the browser never reads the file into a string).
 */
export function useSessionImport() {
  const trpc = useTRPC();
  const mutation = useMutation(trpc.sessions.import.mutationOptions());
  const { mutateAsync } = mutation;
  const send = useCallback(
    (r: SessionImportRequest) => {
      const options = { pipelineId: r.pipelineId, fileName: r.file.name, ...(r.name ? { name: r.name } : {}), branch: r.branch, keepSecrets: r.keepSecrets, skipBadLines: r.skipBadLines };
      return mutateAsync(new Blob([`${JSON.stringify(options)}\n`, r.file], { type: "application/octet-stream" }));
    },
    [mutateAsync],
  );
  return { send, pending: mutation.isPending };
}
