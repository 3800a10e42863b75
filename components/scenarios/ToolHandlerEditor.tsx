"use client";
import Editor from "@monaco-editor/react";
import { usePrefersDark } from "~/components/editor/usePrefersDark";
import "~/components/editor/setupMonaco";
import styles from "./scenarios.module.css";

/**
 * A scenario tool's TypeScript handler in Monaco (the same bundled instance as the hook editor).
 * Its model lives under file:///__tools/, which the hook editor's model sync leaves alone.
 */
export default function ToolHandlerEditor(props: { path: string; label: string; code: string; onChange: (code: string) => void }) {
  const dark = usePrefersDark();
  return (
    <div className={`${styles.handlerEditor} nokey`} data-testid="tool-handler-editor">
      <Editor
        path={props.path}
        language="typescript"
        theme={dark ? "vs-dark" : "vs"}
        value={props.code}
        onChange={(code) => props.onChange(code ?? "")}
        loading={<div className={styles.handlerLoading}>Starting the editor…</div>}
        options={{
          fontSize: 13,
          lineHeight: 20,
          minimap: { enabled: false },
          scrollBeyondLastLine: false,
          automaticLayout: true,
          tabSize: 2,
          fixedOverflowWidgets: true,
          padding: { top: 6 },
          ariaLabel: props.label,
        }}
      />
    </div>
  );
}
