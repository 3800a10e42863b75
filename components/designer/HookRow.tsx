"use client";

import { memo, useState, type DragEvent, type KeyboardEvent } from "react";
import { HookNoteLine } from "~/components/hook-notes/HookNotes";
import type { Hook } from "~/core/pipeline/schema";
import type { HookPointSpec } from "~/core/profiles";
import styles from "./hookPanel.module.css";
import matcherStyles from "./matchers.module.css";
import { CopyIcon, GripIcon, PencilIcon, TrashIcon } from "./icons";
import { ordinal, startsTogether } from "./runOrder";

export interface HookRowActions {
  open(hookId: string): void;
  focusRow(hookId: string): void;
  move(hookId: string, toIndex: number): void;
  rename(hookId: string, name: string): string | null;
  toggle(hookId: string): void;
  duplicate(hookId: string): void;
  remove(hookId: string): void;
  setPriority(hookId: string, priority: number | null): void;
  setMatcher(hookId: string, matcher: Hook["matcher"]): void;
  setTimeout(hookId: string, timeoutMs: number | null): void;
  setRuntimeTimeout(hookId: string, seconds: number | null): void;
  setOnFailure(hookId: string, onFailure: "continue" | "block" | null): void;
  dragStart(hookId: string): void;
  dragOver(hookId: string, after: boolean): void;
  drop(): void;
  dragEnd(): void;
  registerRow(hookId: string, el: HTMLLIElement | null): void;
}

export interface HookRowProps {
  hook: Hook;
  index: number;
  count: number;
  point: Pick<HookPointSpec, "hasPriority" | "hasMatcher" | "ordering" | "hasTimeout" | "fold" | "matcherTarget" | "onFailure">;
  /** How the profile's matchers are written, and the host loader's check of one (null: fine). */
  matcher?: { shape: "pattern" | "tool-ids" | "filter"; check?: (matcher: string | string[]) => string | null };
  /** The host's own timeout of the hook's runtime (deputy's HookMatcher timeout, seconds), from the profile; absent: none. */
  runtimeTimeout?: { defaultSeconds: number; doc: string };
  /** The host drops this hook at registration (a plugin setting): why, in its words. */
  gated?: string | null;
  runPosition: number | undefined;
  tabbable: boolean;
  open: boolean;
  active: boolean;
  dragging: boolean;
  dropMark: "before" | "after" | null;
  actions: HookRowActions;
}

/** One hook of the selected point: drag it, toggle it, rename it, open its code. */
export const HookRow = memo(function HookRow(props: HookRowProps) {
  const { hook, index, count, point, runPosition, actions } = props;
  const [renaming, setRenaming] = useState(false);
  const [draft, setDraft] = useState(hook.name);
  const [renameError, setRenameError] = useState<string | null>(null);
  const [priorityDraft, setPriorityDraft] = useState<string | null>(null);
  const [timeoutDraft, setTimeoutDraft] = useState<string | null>(null);
  const [matcherError, setMatcherError] = useState<string | null>(null);
  const [secondsDraft, setSecondsDraft] = useState<string | null>(null);

  const startRename = () => {
    setDraft(hook.name);
    setRenameError(null);
    setRenaming(true);
  };
  const commitRename = () => {
    const problem = actions.rename(hook.id, draft);
    if (problem) return setRenameError(problem);
    setRenaming(false);
    actions.focusRow(hook.id);
  };

  const onRowKey = (e: KeyboardEvent<HTMLLIElement>) => {
    if (e.target !== e.currentTarget) return;
    const mod = e.ctrlKey || e.metaKey;
    if (e.altKey && (e.key === "ArrowUp" || e.key === "ArrowDown")) {
      e.preventDefault();
      actions.move(hook.id, index + (e.key === "ArrowUp" ? -1 : 1));
    } else if (e.key === "Enter") {
      e.preventDefault();
      actions.open(hook.id);
    } else if (e.key === "F2") {
      e.preventDefault();
      startRename();
    } else if (e.key === "Delete" || e.key === "Backspace") {
      e.preventDefault();
      actions.remove(hook.id);
    } else if (e.key === " ") {
      e.preventDefault();
      actions.toggle(hook.id);
    } else if (mod && e.key.toLowerCase() === "d") {
      e.preventDefault();
      actions.duplicate(hook.id);
    }
  };

  const onDragOver = (e: DragEvent<HTMLLIElement>) => {
    e.preventDefault();
    e.dataTransfer.dropEffect = "move";
    const r = e.currentTarget.getBoundingClientRect();
    actions.dragOver(hook.id, e.clientY > r.top + r.height / 2);
  };

  const commitPriority = () => {
    if (priorityDraft === null) return;
    const text = priorityDraft.trim();
    const value = text === "" ? null : Number(text);
    if (value === null || Number.isInteger(value)) actions.setPriority(hook.id, value);
    setPriorityDraft(null);
  };
  const priorityInvalid = priorityDraft !== null && priorityDraft.trim() !== "" && !Number.isInteger(Number(priorityDraft));

  const timeoutInvalid = timeoutDraft !== null && timeoutDraft.trim() !== "" && !(Number.isInteger(Number(timeoutDraft)) && Number(timeoutDraft) > 0 && Number(timeoutDraft) <= 600_000);
  const commitTimeout = () => {
    if (timeoutDraft === null || timeoutInvalid) return;
    const text = timeoutDraft.trim();
    actions.setTimeout(hook.id, text === "" ? null : Number(text));
    setTimeoutDraft(null);
  };
  const defaultTimeout = point.fold?.defaultTimeoutMs ?? null;

  const runtimeTimeout = props.runtimeTimeout;
  const currentSeconds = hook.runtime && "timeout" in hook.runtime ? hook.runtime.timeout : undefined;
  const secondsInvalid = secondsDraft !== null && secondsDraft.trim() !== "" && !(Number.isFinite(Number(secondsDraft)) && Number(secondsDraft) >= 0 && Number(secondsDraft) <= 3600);
  const commitSeconds = () => {
    if (secondsDraft === null || secondsInvalid) return;
    const text = secondsDraft.trim();
    actions.setRuntimeTimeout(hook.id, text === "" ? null : Number(text));
    setSecondsDraft(null);
  };

  /** A list profile's matcher is comma-separated tool ids, checked as the host's loader checks it. */
  const commitMatcher = (text: string) => {
    const trimmed = text.trim();
    if (props.matcher?.shape !== "tool-ids") {
      // A pattern profile (Claude Code): one string, checked as the host would compile it.
      const problem = trimmed === "" ? null : (props.matcher?.check?.(trimmed) ?? null);
      setMatcherError(problem);
      if (!problem) actions.setMatcher(hook.id, trimmed || null);
      return;
    }
    if (trimmed === "") {
      setMatcherError(null);
      return actions.setMatcher(hook.id, null);
    }
    const list = trimmed.split(",").map((t) => t.trim());
    const problem = props.matcher.check?.(list) ?? null;
    setMatcherError(problem);
    if (!problem) actions.setMatcher(hook.id, list);
  };

  const classes = [
    styles.row,
    props.open ? styles.rowOpen : "",
    hook.enabled ? "" : styles.rowDisabled,
    props.dragging ? styles.rowDragging : "",
    props.active ? styles.rowActive : "",
    props.gated ? styles.rowGated : "",
    props.dropMark === "before" ? styles.dropBefore : props.dropMark === "after" ? styles.dropAfter : "",
  ].join(" ");

  return (
    <li
      ref={(el) => {
        actions.registerRow(hook.id, el);
        return () => actions.registerRow(hook.id, null);
      }}
      className={classes}
      tabIndex={props.tabbable ? 0 : -1}
      aria-label={`${hook.name}, ${index + 1} of ${count}${hook.enabled ? "" : ", disabled"}${props.gated ? ", gated off by the host" : ""}`}
      aria-current={props.open ? "true" : undefined}
      data-testid="hook-row"
      data-hook-id={hook.id}
      draggable={!renaming}
      onKeyDown={onRowKey}
      onFocus={(e) => {
        if (e.target === e.currentTarget) actions.focusRow(hook.id);
      }}
      onDragStart={(e) => {
        e.dataTransfer.effectAllowed = "move";
        e.dataTransfer.setData("text/plain", hook.id);
        actions.dragStart(hook.id);
      }}
      onDragOver={onDragOver}
      onDrop={(e) => {
        e.preventDefault();
        actions.drop();
      }}
      onDragEnd={actions.dragEnd}
    >
      <span className={styles.grip} aria-hidden title="Drag to reorder (or Alt+↑/↓)">
        <GripIcon />
      </span>
      <span
        className={`${styles.runPos} ${runPosition === undefined ? styles.runPosOff : ""}`}
        title={
          runPosition === undefined
            ? "Disabled: does not run"
            : startsTogether(point)
              ? "Starts at the same time as the other matching hooks"
              : `Runs ${ordinal(runPosition)} on this point`
        }
        data-testid="run-position"
      >
        {runPosition === undefined ? "–" : startsTogether(point) ? "∥" : runPosition}
      </span>
      <div className={styles.main}>
        {renaming ? (
          <div className={styles.renameBox}>
            <input
              className={`input ${styles.renameInput}`}
              value={draft}
              autoFocus
              aria-label={`New name for ${hook.name}`}
              aria-invalid={renameError ? true : undefined}
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === "Enter") commitRename();
                if (e.key === "Escape") {
                  setRenaming(false);
                  actions.focusRow(hook.id);
                }
              }}
              onBlur={() => setRenaming(false)}
            />
            {renameError ? <p className="field-error">{renameError}</p> : null}
          </div>
        ) : (
          <button
            type="button"
            className={styles.name}
            onClick={() => actions.open(hook.id)}
            onDoubleClick={startRename}
            title="Open in the editor (double-click or F2 to rename)"
            tabIndex={-1}
            data-testid="hook-name"
          >
            {hook.name}
          </button>
        )}
        {hook.runtime?.kind === "command" ? (
          <span className={styles.runtimeTag} title={`A command hook: ${hook.runtime.command}`} data-testid="hook-runtime">
            {hook.runtime.language} command
          </span>
        ) : null}
        <HookNoteLine hookId={hook.id} />
        {props.gated ? (
          <p className={styles.gatedLine} data-testid="hook-gated">
            Gated off: {props.gated}
          </p>
        ) : null}
        {point.hasPriority || point.hasMatcher || point.hasTimeout || point.onFailure || runtimeTimeout ? (
          <div className={styles.fields}>
            {point.hasPriority ? (
              <label className={styles.smallField}>
                <span>priority</span>
                <input
                  className={`input ${styles.smallInput}`}
                  inputMode="numeric"
                  value={priorityDraft ?? (hook.priority === null ? "" : String(hook.priority))}
                  placeholder="0"
                  aria-invalid={priorityInvalid ? true : undefined}
                  title={priorityInvalid ? "A priority is a whole number" : undefined}
                  onChange={(e) => setPriorityDraft(e.target.value)}
                  onBlur={commitPriority}
                  onKeyDown={(e) => e.key === "Enter" && commitPriority()}
                />
              </label>
            ) : null}
            {point.hasMatcher ? (
              <label className={styles.smallField}>
                <span>matcher</span>
                <input
                  className={`input ${styles.matcherInput}`}
                  defaultValue={Array.isArray(hook.matcher) ? hook.matcher.join(", ") : (hook.matcher ?? "")}
                  key={JSON.stringify(hook.matcher)}
                  placeholder={matcherPlaceholder(props.matcher?.shape, point.matcherTarget)}
                  aria-invalid={matcherError ? true : undefined}
                  data-testid="hook-matcher"
                  onBlur={(e) => commitMatcher(e.target.value)}
                  onKeyDown={(e) => e.key === "Enter" && e.currentTarget.blur()}
                />
                {matcherError ? (
                  <span className={`field-error ${matcherStyles.fieldError}`} role="alert">
                    <span>matcher of {hook.name}, not saved:</span>
                    <span data-testid="matcher-error">{matcherError}</span>
                  </span>
                ) : null}
              </label>
            ) : null}
            {point.onFailure ? (
              <label className={styles.smallField}>
                <span>on failure</span>
                <select
                  className={`select ${matcherStyles.onFailure}`}
                  value={hook.onFailure ?? "continue"}
                  title={point.onFailure.ignored ?? point.onFailure.doc}
                  data-testid="hook-on-failure"
                  onChange={(e) => actions.setOnFailure(hook.id, e.target.value === "block" ? "block" : null)}
                >
                  <option value="continue">continue</option>
                  <option value="block">block</option>
                </select>
                {point.onFailure.ignored && hook.onFailure === "block" ? (
                  <span className={styles.gatedLine} data-testid="on-failure-ignored">
                    ignored: {point.onFailure.ignored}
                  </span>
                ) : null}
              </label>
            ) : null}
            {runtimeTimeout ? (
              <label className={styles.smallField}>
                <span>timeout (s)</span>
                <input
                  className={`input ${styles.smallInput}`}
                  inputMode="decimal"
                  value={secondsDraft ?? (currentSeconds === undefined ? "" : String(currentSeconds))}
                  placeholder={String(runtimeTimeout.defaultSeconds)}
                  aria-invalid={secondsInvalid ? true : undefined}
                  aria-label={`timeout of ${hook.name} in seconds`}
                  title={secondsInvalid ? "A timeout is a number of seconds from 0 to 3600" : runtimeTimeout.doc}
                  data-testid="hook-runtime-timeout"
                  onChange={(e) => setSecondsDraft(e.target.value)}
                  onBlur={commitSeconds}
                  onKeyDown={(e) => e.key === "Enter" && commitSeconds()}
                />
                {secondsInvalid ? (
                  <span className={`field-error ${matcherStyles.fieldError}`} role="alert" data-testid="runtime-timeout-error">
                    timeout of {hook.name}, not saved: a number of seconds from 0 to 3600
                  </span>
                ) : null}
              </label>
            ) : null}
            {point.hasTimeout ? (
              <label className={styles.smallField}>
                <span>timeoutMs</span>
                <input
                  className={`input ${styles.smallInput}`}
                  inputMode="numeric"
                  value={timeoutDraft ?? (hook.timeoutMs === undefined ? "" : String(hook.timeoutMs))}
                  placeholder={defaultTimeout === null ? "none" : String(defaultTimeout)}
                  aria-invalid={timeoutInvalid ? true : undefined}
                  title={
                    timeoutInvalid
                      ? "A budget is a whole number of ms from 1 to 600000"
                      : `The handler's budget; empty: the host's default (${defaultTimeout === null ? "no timeout" : `${defaultTimeout} ms`})`
                  }
                  data-testid="hook-timeout"
                  onChange={(e) => setTimeoutDraft(e.target.value)}
                  onBlur={commitTimeout}
                  onKeyDown={(e) => e.key === "Enter" && commitTimeout()}
                />
              </label>
            ) : null}
          </div>
        ) : null}
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={hook.enabled}
        aria-label={`${hook.enabled ? "Disable" : "Enable"} ${hook.name}`}
        className={`${styles.switch} ${hook.enabled ? styles.switchOn : ""}`}
        onClick={() => actions.toggle(hook.id)}
        data-testid="hook-enabled"
      >
        <span className={styles.knob} />
      </button>
      <span className={styles.rowActions}>
        <button type="button" className={styles.iconBtn} onClick={startRename} aria-label={`Rename ${hook.name}`} title="Rename (F2)">
          <PencilIcon />
        </button>
        <button
          type="button"
          className={styles.iconBtn}
          onClick={() => actions.duplicate(hook.id)}
          aria-label={`Duplicate ${hook.name}`}
          title="Duplicate (Ctrl/⌘+D)"
        >
          <CopyIcon />
        </button>
        <button
          type="button"
          className={`${styles.iconBtn} ${styles.danger}`}
          onClick={() => actions.remove(hook.id)}
          aria-label={`Delete ${hook.name}`}
          title="Delete (Del); undo with Ctrl/⌘+Z"
        >
          <TrashIcon />
        </button>
      </span>
    </li>
  );
});

/** What an empty matcher means, and how one is written, for the profile's shape and the field it tests. */
function matcherPlaceholder(shape: "pattern" | "tool-ids" | "filter" | undefined, target: string | undefined): string {
  if (shape === "tool-ids") return "every tool (or: exec, web_search)";
  if (shape === "filter") return 'every event (or: { tool: "Bash", command: /rm -rf/ })';
  const field = target?.split("/").pop() ?? "tool_name";
  if (field === "tool_name" || field === "toolName") return "every tool (or: Bash, Edit|Write, mcp__.*)";
  return `every ${field.replace(/_/g, " ")} (or a value, a|b, a regex)`;
}
