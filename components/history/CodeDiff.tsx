"use client";
import { DiffEditor } from "@monaco-editor/react";
import { usePrefersDark } from "~/components/editor/usePrefersDark";
// Configures @monaco-editor/react to use the locally bundled Monaco (never a CDN).
import "~/components/editor/setupMonaco";

/** Two versions of one file in Monaco's diff editor (loaded lazily by the history view). */
export default function CodeDiff(props: { original: string; modified: string; language: "typescript" | "json"; height: number }) {
  const dark = usePrefersDark();
  return (
    <DiffEditor
      height={`${props.height}px`}
      // Only TypeScript is bundled; JSON reads fine as plain text.
      language={props.language === "typescript" ? "typescript" : "plaintext"}
      original={props.original}
      modified={props.modified}
      theme={dark ? "vs-dark" : "vs"}
      options={{
        readOnly: true,
        originalEditable: false,
        renderSideBySide: true,
        minimap: { enabled: false },
        scrollBeyondLastLine: false,
        wordWrap: "on",
        renderValidationDecorations: "off",
        hideUnchangedRegions: { enabled: true },
      }}
    />
  );
}
