"use client";

import { useEffect, useState } from "react";
import type { getBinding } from "~/core/profiles/bindings";

type BindingLookup = typeof getBinding;

/**
 * The plugin id the profile's host knows this pipeline by, or null while it is being loaded.
 * It comes from the profile's binding (the engine's side of every profile: big, and not needed
 * to draw the designer), so the bindings are fetched on demand rather than with the first load.
 */
export function usePluginId(profileId: string | undefined, pipelineName: string): string | null {
  const [lookup, setLookup] = useState<BindingLookup | null>(null);
  useEffect(() => {
    let live = true;
    void import("~/core/profiles/bindings").then((m) => {
      if (live) setLookup(() => m.getBinding);
    });
    return () => {
      live = false;
    };
  }, []);
  if (!lookup || profileId === undefined) return null;
  return lookup(profileId)?.pluginId?.(pipelineName) ?? pipelineName;
}
