"use client";
import dynamic from "next/dynamic";
import { useMemo, useState, type ReactNode } from "react";
import { PointRunContext, type PointRunOpener } from "./pointRunContext";

// The dialog brings the run views (hook cards, trace): loaded when first opened, not with the designer.
const PointRunDialog = dynamic(() => import("./PointRunDialog").then((m) => m.PointRunDialog), { ssr: false });

/** Lets the graph's badges and the hook panel open "Run this point"; renders the dialog. */
export function PointRunProvider({ children }: { children: ReactNode }) {
  const [pointId, setPointId] = useState<string | null>(null);
  const opener = useMemo<PointRunOpener>(() => ({ open: setPointId }), []);
  return (
    <PointRunContext.Provider value={opener}>
      {children}
      {pointId ? <PointRunDialog key={pointId} pointId={pointId} onClose={() => setPointId(null)} /> : null}
    </PointRunContext.Provider>
  );
}
