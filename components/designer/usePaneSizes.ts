"use client";

import { useCallback, useEffect, useState } from "react";
import { defaultPaneSizes, parsePaneSizes, type PaneSizes } from "./paneLayout";

const STORAGE_KEY = "hookwright.designer.panes.v1";

/**
 * The designer's pane sizes, remembered in this browser for every pipeline. The server renders
 * the defaults; the stored sizes are read once mounted (localStorage exists only there).
 */
export function usePaneSizes(): [PaneSizes, (change: Partial<PaneSizes>) => void] {
  const [sizes, setSizes] = useState<PaneSizes>(defaultPaneSizes);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    // Reading storage after hydration on purpose: the first render must match the server's.
    setSizes(parsePaneSizes(readStorage()));
    setLoaded(true);
  }, []);

  useEffect(() => {
    if (loaded) writeStorage(JSON.stringify(sizes));
  }, [sizes, loaded]);

  const update = useCallback((change: Partial<PaneSizes>) => setSizes((s) => ({ ...s, ...change })), []);
  return [sizes, update];
}

/** Storage can be off (private windows, policies): the layout then lasts as long as the page. */
function readStorage(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function writeStorage(text: string): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, text);
  } catch {
    // Full or disabled storage: nothing to do, the sizes still apply to this page.
  }
}
