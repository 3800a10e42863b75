"use client";

import { useEffect, useMemo, useRef } from "react";
import { uniqueHookId, uniqueHookName } from "~/core/pipeline/changes";
import type { Hook, Pipeline } from "~/core/pipeline/schema";
import type { HookPointSpec, Profile } from "~/core/profiles";
import { useEditorStore } from "~/components/store/EditorStoreProvider";
import { newHook, type NewHookKind } from "./newHook";
import { useDesignerDoc } from "./useDesignerDoc";

export interface HookCommands {
  doc(): Pipeline;
  open(hookId: string): void;
  add(args: { profile: Profile; point: HookPointSpec; kind: NewHookKind }): Hook;
  move(hookId: string, toIndex: number): void;
  rename(hookId: string, name: string): void;
  toggle(hookId: string): void;
  /** Returns the copy's id. */
  duplicate(hookId: string): string | null;
  remove(hookId: string): void;
  setPriority(hookId: string, priority: number | null): void;
  setMatcher(hookId: string, matcher: Hook["matcher"]): void;
  /** The hook's own per-handler budget in ms; null: the host's default. */
  setTimeout(hookId: string, timeoutMs: number | null): void;
  /** The host's own timeout of the hook's runtime, in seconds (deputy's HookMatcher timeout); null: the host's default. */
  setRuntimeTimeout(hookId: string, seconds: number | null): void;
  /** What a failure of the hook does (point.onFailure); null: the host's default (continue). */
  setOnFailure(hookId: string, onFailure: "continue" | "block" | null): void;
  /** A host plugin setting (profile.settings); null: the host's default. */
  setHostSetting(id: string, value: boolean | null): void;
}

/**
 * The hook panel's edits as undoable store changes with labels people read in the Undo
 * button ("Delete hook “be-concise”"). Stable across renders, so rows can be memoised.
 */
export function useHookCommands(): HookCommands {
  const doc = useDesignerDoc();
  const docRef = useRef(doc);
  useEffect(() => {
    docRef.current = doc;
  }, [doc]);
  const applyChanges = useEditorStore((s) => s.applyChanges);
  const openFileAt = useEditorStore((s) => s.openFileAt);
  const setNotice = useEditorStore((s) => s.setNotice);

  return useMemo<HookCommands>(() => {
    const find = (hookId: string) => docRef.current.hooks.find((h) => h.id === hookId);
    const named = (hookId: string) => `“${find(hookId)?.name ?? hookId}”`;
    return {
      doc: () => docRef.current,
      open: (hookId) => openFileAt({ kind: "hook", hookId }),
      add: ({ profile, point, kind }) => {
        const hook = newHook({ doc: docRef.current, profile, point, kind });
        applyChanges([{ type: "addHook", hook }], `Add hook “${hook.name}”`);
        openFileAt({ kind: "hook", hookId: hook.id });
        return hook;
      },
      move: (hookId, toIndex) => applyChanges([{ type: "moveHook", hookId, toIndex }], `Move hook ${named(hookId)}`),
      rename: (hookId, name) => applyChanges([{ type: "renameHook", hookId, name }], `Rename hook ${named(hookId)}`),
      toggle: (hookId) => {
        const hook = find(hookId);
        if (!hook) return;
        applyChanges(
          [{ type: "setHookEnabled", hookId, enabled: !hook.enabled }],
          `${hook.enabled ? "Disable" : "Enable"} hook “${hook.name}”`,
        );
      },
      duplicate: (hookId) => {
        const hook = find(hookId);
        if (!hook) return null;
        const name = uniqueHookName(docRef.current, hook.point, `${hook.name}-copy`);
        const newId = uniqueHookId(docRef.current, name);
        applyChanges([{ type: "duplicateHook", hookId, newId, name }], `Duplicate hook “${hook.name}”`);
        return newId;
      },
      remove: (hookId) => {
        const label = named(hookId);
        applyChanges([{ type: "removeHook", hookId }], `Delete hook ${label}`);
        setNotice({ text: `Deleted hook ${label}.`, offerUndo: true });
      },
      setPriority: (hookId, priority) =>
        applyChanges([{ type: "setHookPriority", hookId, priority }], `Set priority of ${named(hookId)}`),
      setMatcher: (hookId, matcher) =>
        applyChanges([{ type: "setHookMatcher", hookId, matcher }], `Set matcher of ${named(hookId)}`),
      setTimeout: (hookId, timeoutMs) =>
        applyChanges([{ type: "setHookTimeout", hookId, timeoutMs }], `Set timeoutMs of ${named(hookId)}`),
      setRuntimeTimeout: (hookId, seconds) =>
        applyChanges([{ type: "setHookRuntimeTimeout", hookId, timeout: seconds }], `Set timeout of ${named(hookId)}`),
      setOnFailure: (hookId, onFailure) =>
        applyChanges([{ type: "setHookOnFailure", hookId, onFailure }], `Set onFailure of ${named(hookId)}`),
      setHostSetting: (id, value) => applyChanges([{ type: "setHostSetting", id, value }], `Set ${id}`),
    };
  }, [applyChanges, openFileAt, setNotice]);
}
