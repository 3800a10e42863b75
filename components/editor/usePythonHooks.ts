"use client";

import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useTRPC } from "~/components/providers/TrpcProvider";
import { runtimeKindOf } from "~/core/pipeline/runtimeSchema";
import type { Pipeline } from "~/core/pipeline/schema";
import type { Profile, PythonAuthoring } from "~/core/profiles/types";
import { hookFile } from "./fileUris";
import { completionsAt } from "./pythonCompletions";
import { monaco as monacoInstance, type Monaco } from "./setupMonaco";

/*
 * Python hooks in Monaco: completions fed by the profile (pythonCompletions.ts) on the models of
 * Python hooks only (a command hook's Python script reads stdin, not a HookContext), and the
 * syntax check on save, whose problems are markers like TypeScript's, so the Problems list shows them.
 */

export const PYTHON_SYNTAX_OWNER = "hookwright-python";

/** The profile data of each Python hook's model, by URI; read by the one completion provider. */
const authoringByUri = new Map<string, PythonAuthoring>();
/**
 * The one provider, registered when this module loads: a provider lives as long as the page, so
 * nothing of a component may be in its closure's scope chain (registered from an editor's effect,
 * a bundler that inlines the call keeps that editor, and its designer, alive for good).
 */
function registerCompletions(monaco: Monaco): void {
  monaco.languages.registerCompletionItemProvider("python", {
    triggerCharacters: [".", "(", ","],
    provideCompletionItems(model, position) {
      const authoring = authoringByUri.get(model.uri.toString());
      if (!authoring) return { suggestions: [] };
      const before = model.getValueInRange({ startLineNumber: Math.max(1, position.lineNumber - 30), startColumn: 1, endLineNumber: position.lineNumber, endColumn: position.column });
      const word = model.getWordUntilPosition(position);
      const range = { startLineNumber: position.lineNumber, endLineNumber: position.lineNumber, startColumn: word.startColumn, endColumn: word.endColumn };
      const suggestions = completionsAt({ before, code: model.getValue(), authoring }).map((c, i) => ({
        label: c.label,
        kind: c.kind === "field" ? monaco.languages.CompletionItemKind.Field : monaco.languages.CompletionItemKind.Property,
        insertText: c.insertText,
        detail: c.detail,
        documentation: c.documentation,
        sortText: String(i).padStart(3, "0"),
        range,
      }));
      return { suggestions };
    },
  });
}

registerCompletions(monacoInstance);

/** Keeps the completion provider pointed at the pipeline's Python hooks. */
export function syncPythonCompletions(args: { doc: Pipeline; profile: Profile }): void {
  authoringByUri.clear();
  const authoring = args.profile.pythonAuthoring;
  if (!authoring) return;
  for (const h of args.doc.hooks) if (runtimeKindOf(h) === "python") authoringByUri.set(hookFile(h).uri, authoring);
}

/**
 * Checks each Python hook whose code the server just saved (the sandboxed interpreter compiles it)
 * and puts its problems on the hook's model; when the check cannot run, one warning says why.
 */
export function usePythonSyntaxCheck(monaco: Monaco, args: { profile: Profile; saved: Pipeline | null }): void {
  const trpc = useTRPC();
  const { mutateAsync } = useMutation(trpc.python.checkSyntax.mutationOptions());
  const checked = useRef(new Map<string, string>());
  const { profile, saved } = args;
  useEffect(() => {
    if (!saved || !profile.pythonAuthoring) return;
    for (const hook of saved.hooks) {
      if (runtimeKindOf(hook) !== "python" || checked.current.get(hook.id) === hook.code) continue;
      checked.current.set(hook.id, hook.code);
      const uri = monaco.Uri.parse(hookFile(hook).uri);
      void mutateAsync({ profile: profile.id, code: hook.code }).then(
        (result) => {
          const model = monaco.editor.getModel(uri);
          if (!model || model.isDisposed() || checked.current.get(hook.id) !== hook.code) return;
          const markers = result.checked
            ? result.problems.map((p) => ({
                severity: p.severity === "error" ? monaco.MarkerSeverity.Error : monaco.MarkerSeverity.Warning,
                message: p.message,
                source: `python ${result.python}`,
                startLineNumber: p.line,
                startColumn: p.column,
                endLineNumber: p.endLine,
                endColumn: Math.max(p.endColumn, p.column + 1),
              }))
            : [{ severity: monaco.MarkerSeverity.Warning, message: `Not checked: ${result.reason}`, source: "python", startLineNumber: 1, startColumn: 1, endLineNumber: 1, endColumn: 2 }];
          monaco.editor.setModelMarkers(model, PYTHON_SYNTAX_OWNER, markers);
        },
        () => checked.current.delete(hook.id),
      );
    }
  }, [monaco, profile, saved, mutateAsync]);
}
