"use client";
import dynamic from "next/dynamic";
import styles from "./scenarios.module.css";

/** The handler editor brings Monaco in; only when a tool with a handler is on screen. */
export const LazyToolHandlerEditor = dynamic(() => import("./ToolHandlerEditor"), {
  ssr: false,
  loading: () => <div className={styles.handlerLoading}>Loading the editor…</div>,
});
