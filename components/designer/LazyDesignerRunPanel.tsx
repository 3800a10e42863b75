"use client";

import dynamic from "next/dynamic";
import styles from "./designer.module.css";

/**
 * The run panel (components/run) as its own chunk, fetched once the designer is on screen:
 * the graph, hook panel and editor shell do not wait for the trace views and the scenario
 * form. It mounts right away, so links like `?hook=…&line=…` still open their file.
 */
export const LazyDesignerRunPanel = dynamic(() => import("~/components/run/DesignerRunPanel").then((m) => m.DesignerRunPanel), {
  ssr: false,
  loading: () => <p className={styles.runLoading}>Loading the run panel…</p>,
});
