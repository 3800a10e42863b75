"use client";
import { useQuery } from "@tanstack/react-query";
import { createContext, useContext, useMemo, type ReactNode } from "react";
import { useTRPC } from "~/components/providers/TrpcProvider";
import type { HookNote } from "~/core/run/hookNotes";
import styles from "./hookNotes.module.css";

interface HookNotes {
  runId: string;
  scenario: string;
  byHook: ReadonlyMap<string, HookNote>;
}

const HookNotesContext = createContext<HookNotes | null>(null);

/** How often the hook panel looks for a newer finished run (the run panel records them). */
const POLL_MS = 3000;

/**
 * Reads, for the pipeline's latest finished scenario run, why each hook did or did not fire and
 * which of its writes the host ignored, and hands it to the hook rows below.
 */
export function HookNotesProvider({ pipelineId, children }: { pipelineId: string; children: ReactNode }) {
  const trpc = useTRPC();
  const runs = useQuery(trpc.runs.list.queryOptions({ pipelineId, limit: 10 }, { refetchInterval: POLL_MS }));
  // A point run fires one chain: it says nothing about the hooks elsewhere in the loop.
  const latest = runs.data?.find((r) => r.status !== "running" && !r.point) ?? null;
  const notes = useQuery(trpc.runs.hookNotes.queryOptions({ runId: latest?.id ?? "" }, { enabled: latest !== null, staleTime: Infinity }));
  const value = useMemo<HookNotes | null>(
    () => (latest && notes.data ? { runId: latest.id, scenario: latest.scenarioName, byHook: new Map(notes.data.map((n) => [n.hookId, n])) } : null),
    [latest, notes.data],
  );
  return <HookNotesContext.Provider value={value}>{children}</HookNotesContext.Provider>;
}

/** The note line of one hook row: why it stayed silent in the last run, or the writes the host ignored. */
export function HookNoteLine({ hookId }: { hookId: string }) {
  const notes = useContext(HookNotesContext);
  const note = notes?.byHook.get(hookId);
  if (!notes || !note) return null;
  if (note.fired && note.ignoredWrites.length === 0 && !note.won) return null;
  const text = note.message ?? (note.fired ? `writes the host ignores: ${note.ignoredWrites.map((w) => w.path).join(", ")}` : "did not fire");
  const kind = !note.fired ? (note.why?.kind ?? "silent") : note.ignoredWrites.length > 0 ? "ignored-writes" : "won";
  return (
    <p
      className={kind === "won" ? styles.won : note.fired ? styles.ignored : styles.silent}
      title={`In the last run of scenario “${notes.scenario}”`}
      data-testid="hook-note"
      data-kind={kind}
    >
      {kind === "won" ? "★ " : note.fired ? "⚠ " : "○ "}
      {text}
    </p>
  );
}
