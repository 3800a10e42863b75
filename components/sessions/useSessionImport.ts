"use client";
import { useMutation } from "@tanstack/react-query";
import { useCallback } from "react";
import { useTRPC } from "~/components/providers/TrpcProvider";
import type { Scenario } from "~/core/pipeline/schema";
import type { SessionImportSummary } from "~/core/sessions/importer";

export interface SessionImportRequest {
  pipelineId: string;
  file: File;
  name?: string;
  branch: string | null;
  keepSecrets: boolean;
  skipBadLines: boolean;
}

export type SessionImportOutcome = { ok: true; scenario: Scenario; summary: SessionImportSummary; others: Scenario[] } | { ok: false; code: string; message: string };

/** Under the proxy's 16 MB request buffer, with room for the part's header line. */
export const SESSION_PART_BYTES = 8 * 1024 * 1024;

function newUploadId(): string {
  return crypto.randomUUID().replace(/-/g, "");
}

/**
 * Sends a session file to `sessions.import` in parts of {@link SESSION_PART_BYTES}: each a header
 * line (upload id, part number, the options with the first) then that slice of the file as is (a
 * Blob of the two, so the browser never reads the file into a string). `onProgress` gets the bytes
 * sent after each part; `signal` stops sending (the server drops an upload left idle).
 */
export function useSessionImport() {
  const trpc = useTRPC();
  const mutation = useMutation(trpc.sessions.import.mutationOptions());
  const { mutateAsync } = mutation;
  const send = useCallback(
    async (r: SessionImportRequest, onProgress?: (sent: number) => void, signal?: AbortSignal): Promise<SessionImportOutcome | null> => {
      const options = { pipelineId: r.pipelineId, fileName: r.file.name, ...(r.name ? { name: r.name } : {}), branch: r.branch, keepSecrets: r.keepSecrets, skipBadLines: r.skipBadLines };
      const uploadId = newUploadId();
      const parts = Math.max(1, Math.ceil(r.file.size / SESSION_PART_BYTES));
      for (let part = 0; part < parts; part++) {
        if (signal?.aborted) return null;
        const last = part === parts - 1;
        const header = { uploadId, part, last, ...(part === 0 ? { options } : {}) };
        const slice = r.file.slice(part * SESSION_PART_BYTES, Math.min(r.file.size, (part + 1) * SESSION_PART_BYTES));
        const result = await mutateAsync(new Blob([`${JSON.stringify(header)}\n`, slice], { type: "application/octet-stream" }));
        if (!result.ok) return result;
        onProgress?.(Math.min(r.file.size, (part + 1) * SESSION_PART_BYTES));
        if (result.done) return { ok: true, scenario: result.scenario, summary: result.summary, others: result.others };
      }
      return { ok: false, code: "BAD_PART", message: "the server did not finish the import after the last part" };
    },
    [mutateAsync],
  );
  return { send, pending: mutation.isPending };
}
