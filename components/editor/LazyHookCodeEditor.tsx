"use client";

import dynamic from "next/dynamic";
import styles from "./hookCodeEditor.module.css";

/**
 * The editor without Monaco in the first load: the graph and panels render first, and
 * Monaco's chunks (and workers) are fetched when a file is first opened.
 */
export const LazyHookCodeEditor = dynamic(() => import("./HookCodeEditor"), {
  ssr: false,
  loading: () => <div className={styles.loading}>Loading the editor…</div>,
});
