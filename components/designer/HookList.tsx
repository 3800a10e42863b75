"use client";

import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { hooksAtPoint } from "~/core/pipeline/changes";
import { groupByMatcher } from "~/core/pipeline/matcherGroups";
import type { HookPointSpec, Profile } from "~/core/profiles";
import { gatedHooks } from "~/core/profiles/gating";
import { matcherRulesOf } from "~/core/profiles/pointRules";
import type { Pipeline } from "~/core/pipeline/schema";
import { runtimeKindOf } from "~/core/pipeline/runtimeSchema";
import { useEditorStore } from "~/components/store/EditorStoreProvider";
import { dropTargetIndex } from "./dropIndex";
import styles from "./hookPanel.module.css";
import { HookRow, type HookRowActions } from "./HookRow";
import { MatcherTester } from "./MatcherTester";
import matcherStyles from "./matchers.module.css";
import { hookNameProblem } from "./newHook";
import { runPositions } from "./runOrder";
import { useDesignerDoc } from "./useDesignerDoc";
import { useHookCommands } from "./useHookCommands";
import { usePluginId } from "./usePluginId";

interface DragState {
  id: string;
  overId: string | null;
  after: boolean;
}

/** The hooks of one point in registration order, reorderable by drag and drop or Alt+↑/↓. */
export function HookList({ point, profile }: { point: HookPointSpec; profile?: Profile }) {
  const doc = useDesignerDoc();
  const openFile = useEditorStore((s) => s.openFile);
  const activeHookId = useEditorStore((s) => s.runHighlight?.hookId ?? null);
  const commands = useHookCommands();
  const hooks = useMemo(() => hooksAtPoint(doc, point.id), [doc, point.id]);
  const pluginId = usePluginId(profile?.id, doc.name);
  const gated = useMemo(() => gatedReasons(profile, doc, pluginId), [profile, doc, pluginId]);
  const positions = useMemo(() => runPositions(hooks.filter((h) => !gated.has(h.id)), point.ordering), [hooks, point.ordering, gated]);
  const matcher = useMemo(() => (profile ? matcherRulesOf(profile, point) : undefined), [profile, point]);
  // Grouped as the host's settings file lists them (profile data), else one list in registration order.
  const groups = useMemo(() => (profile?.matcherGroups && point.hasMatcher ? groupByMatcher(hooks) : null), [profile, point.hasMatcher, hooks]);
  const shown = useMemo(() => (groups ? groups.flatMap((g) => g.hooks) : hooks), [groups, hooks]);
  const testValues = useMemo(() => point.matcherValues ?? [...new Set(doc.scenarios.flatMap((s) => s.tools.map((t) => t.name)))], [point.matcherValues, doc.scenarios]);

  const [focusId, setFocusId] = useState<string | null>(null);
  // The drag lives in a ref (read by the drop handler, which may run before React renders the
  // last dragover) and is mirrored in state for the drop indicator.
  const dragRef = useRef<DragState | null>(null);
  const [drag, setDragState] = useState<DragState | null>(null);
  const setDrag = useCallback((next: DragState | null) => {
    dragRef.current = next;
    setDragState(next);
  }, []);
  const rows = useRef(new Map<string, HTMLLIElement>());
  // After a keyboard move or delete, focus follows the hook (or its neighbour).
  const [refocus, setRefocus] = useState<string | null>(null);

  useEffect(() => {
    if (!refocus) return;
    rows.current.get(refocus)?.focus();
    setRefocus(null);
  }, [refocus, hooks]);

  const tabbableId = hooks.some((h) => h.id === focusId) ? focusId : (shown[0]?.id ?? null);
  const latest = useRef({ hooks });
  useEffect(() => {
    latest.current = { hooks };
  }, [hooks]);

  const actions = useMemo<HookRowActions>(
    () => ({
      open: (hookId) => commands.open(hookId),
      focusRow: (hookId) => setFocusId(hookId),
      move: (hookId, toIndex) => {
        const list = latest.current.hooks;
        if (toIndex < 0 || toIndex >= list.length) return;
        commands.move(hookId, toIndex);
        setRefocus(hookId);
      },
      rename: (hookId, name) => {
        const problem = hookNameProblem({ doc: commands.doc(), point: point.id, hookId, name });
        if (!problem) commands.rename(hookId, name.trim());
        return problem;
      },
      toggle: (hookId) => commands.toggle(hookId),
      duplicate: (hookId) => {
        const copyId = commands.duplicate(hookId);
        if (copyId) setRefocus(copyId);
      },
      remove: (hookId) => {
        const list = latest.current.hooks;
        const i = list.findIndex((h) => h.id === hookId);
        const neighbour = list[i + 1] ?? list[i - 1];
        commands.remove(hookId);
        if (neighbour) setRefocus(neighbour.id);
      },
      setPriority: (hookId, priority) => commands.setPriority(hookId, priority),
      setMatcher: (hookId, matcher) => commands.setMatcher(hookId, matcher),
      setTimeout: (hookId, timeoutMs) => commands.setTimeout(hookId, timeoutMs),
      setRuntimeTimeout: (hookId, seconds) => commands.setRuntimeTimeout(hookId, seconds),
      setOnFailure: (hookId, onFailure) => commands.setOnFailure(hookId, onFailure),
      dragStart: (hookId) => setDrag({ id: hookId, overId: null, after: false }),
      dragOver: (hookId, after) => {
        const d = dragRef.current;
        if (d && (d.overId !== hookId || d.after !== after)) setDrag({ ...d, overId: hookId, after });
      },
      drop: () => {
        const list = latest.current.hooks;
        const d = dragRef.current;
        setDrag(null);
        if (!d?.overId) return;
        const from = list.findIndex((h) => h.id === d.id);
        const overIndex = list.findIndex((h) => h.id === d.overId);
        if (from < 0 || overIndex < 0) return;
        commands.move(d.id, dropTargetIndex({ from, overIndex, after: d.after }));
      },
      dragEnd: () => setDrag(null),
      registerRow: (hookId, el) => {
        if (el) rows.current.set(hookId, el);
        else rows.current.delete(hookId);
      },
    }),
    [commands, point.id, setDrag],
  );

  // Arrow keys, Home and End move focus between rows (a row's own keys are in HookRow).
  const onListKey = (e: KeyboardEvent<HTMLOListElement>) => {
    const row = e.target;
    if (e.altKey || !(row instanceof HTMLLIElement)) return;
    // Focus follows what is on screen (matcher groups, where the profile has them).
    const i = shown.findIndex((h) => h.id === row.dataset["hookId"]);
    const next =
      e.key === "ArrowDown" ? shown[i + 1] : e.key === "ArrowUp" ? shown[i - 1] : e.key === "Home" ? shown[0] : e.key === "End" ? shown.at(-1) : undefined;
    if (!next) return;
    e.preventDefault();
    rows.current.get(next.id)?.focus();
  };

  if (hooks.length === 0) {
    return <p className={styles.empty}>No hooks on this point yet. The host passes its context through unchanged.</p>;
  }

  const row = (hook: (typeof hooks)[number]) => {
    const index = hooks.indexOf(hook);
    return (
      <HookRow
        key={hook.id}
        hook={hook}
        index={index}
        count={hooks.length}
        point={point}
        matcher={matcher}
        runtimeTimeout={profile?.callbackAuthoring?.[runtimeKindOf(hook)]?.timeout}
        gated={gated.get(hook.id) ?? null}
        runPosition={positions.get(hook.id)}
        tabbable={hook.id === tabbableId}
        open={openFile?.kind === "hook" && openFile.hookId === hook.id}
        active={hook.id === activeHookId}
        dragging={drag?.id === hook.id}
        dropMark={drag && drag.overId === hook.id && drag.id !== hook.id ? (drag.after ? "after" : "before") : null}
        actions={actions}
      />
    );
  };
  const tester = point.hasMatcher ? <MatcherTester point={point} hooks={hooks} suggestions={testValues} /> : null;

  if (groups) {
    return (
      <>
        {tester}
        {profile?.matcherGroups ? <p className={matcherStyles.groupsDoc}>{profile.matcherGroups.doc}</p> : null}
        {groups.map((g) => (
          <section key={g.key} className={matcherStyles.group} aria-label={`Matcher ${matcherLabel(g.matcher)}`} data-testid="matcher-group" data-matcher={g.key}>
            <h3 className={matcherStyles.groupHead}>
              matcher <span className={matcherStyles.groupMatcher}>{matcherLabel(g.matcher)}</span>
              <span>
                · {g.hooks.length} hook{g.hooks.length === 1 ? "" : "s"}
              </span>
            </h3>
            <ol className={styles.list} aria-label={`Hooks on ${point.id} with matcher ${matcherLabel(g.matcher)}`} aria-describedby="hook-list-keys" onKeyDown={onListKey}>
              {g.hooks.map(row)}
            </ol>
          </section>
        ))}
      </>
    );
  }

  return (
    <>
      {tester}
      <ol className={styles.list} aria-label={`Hooks on ${point.id}, in registration order`} aria-describedby="hook-list-keys" onKeyDown={onListKey}>
        {hooks.map(row)}
      </ol>
    </>
  );
}

/** A group's matcher as written; none and "" match every value. */
function matcherLabel(matcher: Pipeline["hooks"][number]["matcher"]): string {
  if (matcher === null) return "(none: every value)";
  if (matcher === "") return '"" (every value)';
  return Array.isArray(matcher) ? matcher.join(", ") : matcher;
}

/**
 * Hooks the profile's host drops at registration, with why (a plugin setting gates them).
 * Empty until the plugin id is known (the reason names the plugin): a moment after first paint.
 */
function gatedReasons(profile: Profile | undefined, doc: Pipeline, pluginId: string | null): Map<string, string> {
  if (!profile?.settings || pluginId === null) return new Map();
  return new Map(gatedHooks(profile, doc, pluginId).map((g) => [g.hookId, g.reason]));
}
