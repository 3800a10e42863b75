"use client";
import { DiffEditor } from "@monaco-editor/react";
import { useMemo } from "react";
import type { JsonObject } from "~/core/json";
// Configures @monaco-editor/react to use the locally bundled Monaco (never a CDN).
import "~/components/editor/setupMonaco";

/** The whole context before and after, side by side in Monaco's diff editor (loaded lazily by the card). */
export function SideBySideDiff(props: { before: JsonObject; after: JsonObject }) {
  const original = useMemo(() => JSON.stringify(props.before, null, 2), [props.before]);
  const modified = useMemo(() => JSON.stringify(props.after, null, 2), [props.after]);
  return (
    <div className="run-monaco-diff" data-testid="side-by-side">
      <DiffEditor
        height="360px"
        language="plaintext"
        original={original}
        modified={modified}
        options={{ readOnly: true, renderSideBySide: true, minimap: { enabled: false }, wordWrap: "on", scrollBeyondLastLine: false }}
      />
    </div>
  );
}
