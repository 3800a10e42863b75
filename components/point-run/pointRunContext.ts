"use client";
import { createContext, useContext } from "react";

/** Opens "Run this point" for a hook point; absent outside the designer (graphs on run pages). */
export interface PointRunOpener {
  open(pointId: string): void;
}

export const PointRunContext = createContext<PointRunOpener | null>(null);

export function usePointRun(): PointRunOpener | null {
  return useContext(PointRunContext);
}
