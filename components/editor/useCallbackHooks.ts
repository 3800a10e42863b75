"use client";

import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useTRPC } from "~/components/providers/TrpcProvider";
import { runtimeKindOf, type RuntimeKind } from "~/core/pipeline/runtimeSchema";
import type { Pipeline } from "~/core/pipeline/schema";
import type { CallbackAuthoring, Profile } from "~/core/profiles/types";
import { completionsAt, type CallbackSyntax } from "./callbackCompletions";
import { hookFile } from "./fileUris";
import { monaco as monacoInstance, type Monaco } from "./setupMonaco";

/*
 * Callback hooks in the host's own language (deputy's R closures) in Monaco: completions fed by
 * the profile's `callbackAuthoring` for the hook's runtime (callbackCompletions.ts), and the host's
 * registration check on save, run on the server in that language's sandbox; its problems are
 * markers like TypeScript's, so the Problems list shows them. The languages are a table keyed by
 * runtime kind; nothing here knows a profile.
 */

export const CALLBACK_CHECK_OWNER = "hookwright-callback";

/** Per runtime kind: Monaco's language id and the syntax the completions write. */
const CALLBACK_LANGUAGES: Readonly<Partial<Record<RuntimeKind, { monacoLanguage: string; label: string; syntax: CallbackSyntax }>>> = {
  r: { monacoLanguage: "r", label: "R", syntax: { member: "$", namedArgument: (name) => `${name} = `, comment: "#" } },
};

interface ModelAuthoring {
  authoring: CallbackAuthoring;
  point: string;
  syntax: CallbackSyntax;
}

/** The profile data of each callback hook's model, by URI; read by the completion providers. */
const authoringByUri = new Map<string, ModelAuthoring>();
/**
 * One provider per callback language, registered when this module loads: a provider lives as long
 * as the page, so nothing of a component may be in its closure's scope chain (registered from an
 * editor's effect, a bundler that inlines the call keeps that editor, and its designer, alive).
 */
function registerCompletions(monaco: Monaco, language: string): void {
  monaco.languages.registerCompletionItemProvider(language, {
    triggerCharacters: ["$", "(", ",", ":"],
    provideCompletionItems(model, position) {
      const entry = authoringByUri.get(model.uri.toString());
      if (!entry) return { suggestions: [] };
      const before = model.getValueInRange({ startLineNumber: Math.max(1, position.lineNumber - 30), startColumn: 1, endLineNumber: position.lineNumber, endColumn: position.column });
      const word = model.getWordUntilPosition(position);
      const range = { startLineNumber: position.lineNumber, endLineNumber: position.lineNumber, startColumn: word.startColumn, endColumn: word.endColumn };
      const kinds = monaco.languages.CompletionItemKind;
      const kindOf = { field: kinds.Field, argument: kinds.Property, variable: kinds.Variable, function: kinds.Function } as const;
      const suggestions = completionsAt({ before, point: entry.point, authoring: entry.authoring, syntax: entry.syntax }).map((c, i) => ({
        label: c.label,
        kind: kindOf[c.kind],
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

for (const language of new Set(Object.values(CALLBACK_LANGUAGES).map((l) => l.monacoLanguage))) registerCompletions(monacoInstance, language);

/** Keeps the completion providers pointed at the pipeline's callback hooks and their points. */
export function syncCallbackCompletions(args: { doc: Pipeline; profile: Profile }): void {
  authoringByUri.clear();
  const byKind = args.profile.callbackAuthoring;
  if (!byKind) return;
  for (const h of args.doc.hooks) {
    const kind = runtimeKindOf(h);
    const authoring = byKind[kind];
    const language = CALLBACK_LANGUAGES[kind];
    if (!authoring || !language) continue;
    authoringByUri.set(hookFile(h).uri, { authoring, point: h.point, syntax: language.syntax });
  }
}

/**
 * Checks each callback hook whose code (or point) the server just saved, as the host registers it
 * (deputy's HookMatcher$new(): the callback's signature, with deputy's message), and puts the
 * problems on the hook's model; when the check cannot run, one warning says why.
 */
export function useCallbackHookCheck(monaco: Monaco, args: { profile: Profile; saved: Pipeline | null }): void {
  const trpc = useTRPC();
  const { mutateAsync: checkR } = useMutation(trpc.rHooks.check.mutationOptions());
  const checked = useRef(new Map<string, string>());
  const { profile, saved } = args;
  useEffect(() => {
    if (!saved || !profile.callbackAuthoring) return;
    /** The server's check, per runtime kind that has one. */
    const checkers: Partial<Record<RuntimeKind, typeof checkR>> = { r: checkR };
    for (const hook of saved.hooks) {
      const kind = runtimeKindOf(hook);
      const check = checkers[kind];
      const language = CALLBACK_LANGUAGES[kind];
      const key = `${hook.point}\n${hook.code}`;
      if (!check || !language || !profile.callbackAuthoring[kind] || checked.current.get(hook.id) === key) continue;
      checked.current.set(hook.id, key);
      const uri = monaco.Uri.parse(hookFile(hook).uri);
      void check({ profile: profile.id, point: hook.point, code: hook.code }).then(
        (result) => {
          const model = monaco.editor.getModel(uri);
          if (!model || model.isDisposed() || checked.current.get(hook.id) !== key) return;
          const lastColumn = (line: number) => Math.max(2, model.getLineMaxColumn(Math.min(line, model.getLineCount())));
          const markers = result.checked
            ? result.problems.map((p) => ({
                severity: monaco.MarkerSeverity.Error,
                message: p.message,
                source: language.label,
                startLineNumber: p.line,
                startColumn: 1,
                endLineNumber: p.line,
                endColumn: lastColumn(p.line),
              }))
            : [{ severity: monaco.MarkerSeverity.Warning, message: `Not checked: ${result.reason}`, source: language.label, startLineNumber: 1, startColumn: 1, endLineNumber: 1, endColumn: 2 }];
          monaco.editor.setModelMarkers(model, CALLBACK_CHECK_OWNER, markers);
        },
        () => checked.current.delete(hook.id),
      );
    }
  }, [monaco, profile, saved, checkR]);
}
