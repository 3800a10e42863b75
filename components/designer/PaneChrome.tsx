"use client";

import styles from "./designer.module.css";

/** The key that focuses a pane, as shown in the pane's title strip; `target` names the pane in its tooltip. */
export function PaneKey(props: { shortcut: string; target: string }) {
  return (
    <kbd className={styles.paneKey} title={`${props.shortcut} focuses ${props.target}`}>
      {props.shortcut}
    </kbd>
  );
}

/** A pane's title strip: its name, the key that focuses it, and the button that collapses it. */
export function PaneBar(props: { title: string; shortcut: string; onCollapse(): void; testId: string }) {
  return (
    <div className={styles.paneBar}>
      <span className={styles.paneTitle}>{props.title}</span>
      <PaneKey shortcut={props.shortcut} target="this pane" />
      <button
        type="button"
        className={styles.paneButton}
        onClick={props.onCollapse}
        aria-label={`Collapse the ${props.title.toLowerCase()}`}
        title={`Collapse the ${props.title.toLowerCase()} (${props.shortcut} brings it back)`}
        data-testid={props.testId}
      >
        «
      </button>
    </div>
  );
}

/** A collapsed pane: a narrow strip whose button opens it again. */
export function PaneRail(props: { title: string; shortcut: string; onOpen(): void; testId: string }) {
  return (
    <div className={styles.rail}>
      <button
        type="button"
        className={styles.railButton}
        onClick={props.onOpen}
        aria-label={`Show the ${props.title.toLowerCase()}`}
        title={`Show the ${props.title.toLowerCase()} (${props.shortcut})`}
        data-testid={props.testId}
      >
        <span aria-hidden>»</span>
        <span className={styles.railLabel} aria-hidden>
          {props.title}
        </span>
      </button>
    </div>
  );
}
