"use client";

import Editor, { type OnMount } from "@monaco-editor/react";
import { useCallback, useEffect, useRef, useState } from "react";
import type { OpenFile } from "~/components/store/designerSlice";
import { useEditorStore } from "~/components/store/EditorStoreProvider";
import type { Pipeline } from "~/core/pipeline/schema";
import type { Profile } from "~/core/profiles/types";
import { checkHookContracts } from "./checkHookContracts";
import { configureTypeScript, revalidateAllModels } from "./configureTypeScript";
import { DependencyInstallStatus } from "./DependencyInstallStatus";
import { useDependencyTypes } from "./useDependencyTypes";
import { DiagnosticsList, type Diagnostic } from "./DiagnosticsList";
import { fileOfUri, openFileModel } from "./fileUris";
import styles from "./hookCodeEditor.module.css";
import { monaco, typescript } from "./setupMonaco";
import { syncPipelineModels } from "./syncPipelineModels";
import { syncPythonCompletions, usePythonSyntaxCheck } from "./usePythonHooks";
import { syncCallbackCompletions, useCallbackHookCheck } from "./useCallbackHooks";
import { usePrefersDark } from "./usePrefersDark";

export interface HookCodeEditorProps {
  profile: Profile;
  /** The profile's generated `.d.ts` (core/profiles/dts.ts). */
  declarations: string;
  doc: Pipeline;
  file: OpenFile;
  /** Where to put the cursor when this changes (a diagnostic or a run error's line). */
  reveal?: { line: number; column?: number } | null;
  onChangeCode(file: OpenFile, code: string): void;
  onSave(): void;
}

type CodeEditor = Parameters<OnMount>[0];

const severityOf = (s: number): Diagnostic["severity"] =>
  s >= monaco.MarkerSeverity.Error ? "error" : s >= monaco.MarkerSeverity.Warning ? "warning" : "info";

function readDiagnostics(uri: string): Diagnostic[] {
  return monaco.editor
    .getModelMarkers({ resource: monaco.Uri.parse(uri) })
    .filter((m) => m.severity >= monaco.MarkerSeverity.Info)
    .map((m) => ({
      severity: severityOf(m.severity),
      message: m.message,
      line: m.startLineNumber,
      column: m.startColumn,
      source: m.source ?? m.owner,
    }))
    .sort((a, b) => a.line - b.line || a.column - b.column);
}

/**
 * Monaco editing one hook or shared module of the pipeline. Every file of the pipeline is a
 * model, so imports between them resolve; this component only decides which one is shown.
 * Imported lazily (see LazyHookCodeEditor): it is what brings Monaco into the page.
 */
export default function HookCodeEditor(props: HookCodeEditorProps) {
  const { profile, declarations, doc, file, reveal } = props;
  const { uri, language } = openFileModel(file, doc.hooks);
  const code = (file.kind === "hook" ? doc.hooks.find((h) => h.id === file.hookId)?.code : doc.modules.find((m) => m.path === file.path)?.code) ?? "";
  const editorRef = useRef<CodeEditor | null>(null);
  const callbacks = useRef({ onChangeCode: props.onChangeCode, onSave: props.onSave });
  const [diagnostics, setDiagnostics] = useState<Diagnostic[]>([]);
  const [mounted, setMounted] = useState(false);
  const dark = usePrefersDark();

  useEffect(() => {
    callbacks.current = { onChangeCode: props.onChangeCode, onSave: props.onSave };
  }, [props.onChangeCode, props.onSave]);

  const dependencyLibs = useDependencyTypes(doc.settings?.dependencies);
  useEffect(() => configureTypeScript(typescript, declarations, dependencyLibs), [declarations, dependencyLibs]);

  const checkedModules = useRef(doc.modules);
  const savedDoc = useEditorStore((s) => s.savedDoc);
  usePythonSyntaxCheck(monaco, { profile, saved: savedDoc });
  useCallbackHookCheck(monaco, { profile, saved: savedDoc });

  useEffect(() => {
    syncPipelineModels(monaco, { doc, profile });
    syncPythonCompletions({ doc, profile });
    syncCallbackCompletions({ doc, profile });
    // Contract checks ask the TS worker; batch them behind a short pause in typing.
    const timer = setTimeout(() => {
      void checkHookContracts(monaco, typescript, { doc, profile });
      if (checkedModules.current !== doc.modules) {
        checkedModules.current = doc.modules;
        revalidateAllModels(typescript);
      }
    }, 350);
    return () => clearTimeout(timer);
  }, [doc, profile]);

  useEffect(() => {
    setDiagnostics(readDiagnostics(uri));
    const sub = monaco.editor.onDidChangeMarkers((uris) => {
      if (uris.some((u) => u.toString() === uri)) setDiagnostics(readDiagnostics(uri));
    });
    return () => sub.dispose();
  }, [uri]);

  const jump = useCallback((d: Pick<Diagnostic, "line" | "column">) => {
    const editor = editorRef.current;
    if (!editor) return;
    editor.setPosition({ lineNumber: d.line, column: d.column });
    editor.revealLineInCenter(d.line);
    editor.focus();
  }, []);

  useEffect(() => {
    if (mounted && reveal) jump({ line: reveal.line, column: reveal.column ?? 1 });
  }, [mounted, reveal, jump]);

  const onMount = useCallback<OnMount>((editor, m) => {
    editorRef.current = editor;
    editor.onDidChangeModelContent(() => {
      const model = editor.getModel();
      const changed = model ? fileOfUri(model.uri.toString()) : null;
      if (model && changed) callbacks.current.onChangeCode(changed, model.getValue());
    });
    // An action released with the editor, not `editor.addCommand`: a command is registered for
    // the whole page and never released, and it kept every closed editor (and the designer page
    // around it) in memory.
    const save = editor.addAction({
      id: "hookwright.save",
      label: "Save the pipeline",
      keybindings: [m.KeyMod.CtrlCmd | m.KeyCode.KeyS],
      run: () => callbacks.current.onSave(),
    });
    editor.onDidDispose(() => save.dispose());
    setMounted(true);
  }, []);

  return (
    // `nokey`: React Flow's global key handlers leave keys typed in here alone.
    <div className={`${styles.wrap} nokey`}>
      <div className={styles.editor} data-testid="code-editor">
        <Editor
          path={uri}
          language={language}
          // A model the editor creates itself (a hook just switched to a command, so a new URI) starts with the file's code.
          defaultValue={code}
          theme={dark ? "vs-dark" : "vs"}
          keepCurrentModel
          // Models are created by syncPipelineModels; this runs first on the very first mount.
          beforeMount={() => {
            configureTypeScript(typescript, declarations, dependencyLibs);
            syncPipelineModels(monaco, { doc, profile });
          }}
          onMount={onMount}
          loading={<div className={styles.loading}>Starting the editor…</div>}
          options={{
            fontSize: 13,
            lineHeight: 20,
            minimap: { enabled: false },
            scrollBeyondLastLine: false,
            automaticLayout: true,
            tabSize: 2,
            fixedOverflowWidgets: true,
            renderLineHighlight: "line",
            padding: { top: 8 },
            ariaLabel: file.kind === "hook" ? `Code of hook ${file.hookId}` : `Code of module ${file.path}`,
          }}
        />
      </div>
      <DependencyInstallStatus dependencies={doc.settings?.dependencies} />
      <DiagnosticsList diagnostics={diagnostics} onJump={jump} />
    </div>
  );
}
