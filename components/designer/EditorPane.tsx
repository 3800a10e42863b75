"use client";

import { useCallback } from "react";
import { CommandHookFields, RuntimeSwitch } from "~/components/editor/CommandHookFields";
import { CommandIoPanel } from "~/components/editor/CommandIoPanel";
import commandStyles from "~/components/editor/commandHook.module.css";
import { hookFile } from "~/components/editor/fileUris";
import { LazyHookCodeEditor } from "~/components/editor/LazyHookCodeEditor";
import { useEditorStore } from "~/components/store/EditorStoreProvider";
import type { OpenFile } from "~/components/store/designerSlice";
import type { Profile } from "~/core/profiles";
import styles from "./designer.module.css";
import { PaneKey } from "./PaneChrome";
import { useDesignerDoc } from "./useDesignerDoc";
import { maximiseKey, paneKeys } from "./usePaneShortcuts";

export function EditorPane(props: { profile: Profile; declarations: string; maximised: boolean; onToggleMaximise(): void }) {
  const { profile, declarations } = props;
  const doc = useDesignerDoc();
  const file = useEditorStore((s) => s.openFile);
  const reveal = useEditorStore((s) => s.reveal);
  const applyChanges = useEditorStore((s) => s.applyChanges);
  const requestSave = useEditorStore((s) => s.requestSave);

  const onChangeCode = useCallback(
    (changed: OpenFile, code: string) =>
      applyChanges([
        changed.kind === "hook"
          ? { type: "updateHookCode", hookId: changed.hookId, code }
          : { type: "updateModuleCode", path: changed.path, code },
      ]),
    [applyChanges],
  );

  const hook = file?.kind === "hook" ? doc.hooks.find((h) => h.id === file.hookId) : undefined;
  const command = hook?.runtime?.kind === "command" ? hook.runtime : null;
  const uri = hook ? hookFile(hook).uri : "";
  const title = hook ? (command ? (command.script?.path ?? "one-line command") : `hooks/${hook.name}${uri.slice(uri.lastIndexOf("."))}`) : file?.kind === "module" ? file.path : null;
  const io = hook && command ? profile.commandAuthoring?.io(hook.point) : null;
  const editor = file ? (
    <LazyHookCodeEditor
      profile={profile}
      declarations={declarations}
      doc={doc}
      file={file}
      reveal={reveal}
      onChangeCode={onChangeCode}
      onSave={requestSave}
    />
  ) : null;

  return (
    <div className={styles.editorWrap}>
      <header className={styles.editorHeader}>
        {title ? (
          <>
            <span className={styles.fileName} data-testid="open-file">
              {title}
            </span>
            {hook ? <span className={styles.fileMeta}>on {hook.point}{hook.enabled ? "" : " · disabled"}</span> : null}
            {hook ? <RuntimeSwitch profile={profile} doc={doc} hook={hook} applyChanges={applyChanges} /> : null}
          </>
        ) : (
          <span className={styles.fileMeta}>No file open</span>
        )}
        <span className={styles.editorSpacer} />
        <span className={styles.editorHint}>
          <kbd>Ctrl</kbd>+<kbd>S</kbd> save · <kbd>Ctrl</kbd>+<kbd>M</kbd> Tab moves focus
        </span>
        <PaneKey shortcut={paneKeys.editor} target="the editor" />
        <button
          type="button"
          className={styles.paneButton}
          onClick={props.onToggleMaximise}
          aria-pressed={props.maximised}
          title={`${props.maximised ? "Restore the graph and hook panel" : "Give the editor the whole width"} (${maximiseKey})`}
          data-testid="maximise-editor"
        >
          {props.maximised ? "Restore" : "Maximise"}
        </button>
      </header>
      {hook && command ? <CommandHookFields key={hook.id} profile={profile} doc={doc} hook={hook} runtime={command} applyChanges={applyChanges} /> : null}
      <div className={styles.editorBody}>
        {editor && hook && io ? (
          <div className={commandStyles.body}>
            {editor}
            <CommandIoPanel point={hook.point} io={io} />
          </div>
        ) : editor ? (
          editor
        ) : (
          <div className={styles.emptyEditor}>
            <p>Pick a hook point on the graph, then open one of its hooks (or a shared module) to edit its code.</p>
          </div>
        )}
      </div>
    </div>
  );
}
