"use client";
import { useSyncExternalStore } from "react";
import type { TraceStore } from "./traceStore";

/** Re-renders when the trace grows or a page of events arrives; returns the store's version. */
export function useTraceVersion(store: TraceStore): number {
  return useSyncExternalStore(store.subscribe, store.version, store.version);
}
