"use client";

import { useState, type KeyboardEvent } from "react";
import { applyPipelineChanges, PipelineChangeError, type PipelineChange } from "~/core/pipeline/changes";
import { COMMAND_LANGUAGES, type CommandLanguage, type CommandRuntime, type RuntimeKind, type ScriptLocation } from "~/core/pipeline/runtimeSchema";
import type { Hook, Pipeline } from "~/core/pipeline/schema";
import { commandLanguageChange, runtimesOf, runtimeSwitchChange } from "~/core/profiles/commandHooks";
import type { Profile } from "~/core/profiles/types";
import styles from "./commandHook.module.css";

const languageLabels: Record<CommandLanguage, string> = { bash: "Bash", sh: "sh", python: "Python", node: "Node.js", other: "Other (shebang)" };
const runtimeLabels: Record<RuntimeKind, string> = { function: "Function · TypeScript", command: "Command", python: "Python", r: "R" };
const rootLabels: Record<ScriptLocation["root"], string> = { project: "project folder", plugin: "plugin root" };

interface Props {
  profile: Profile;
  doc: Pipeline;
  hook: Hook;
  applyChanges(changes: readonly PipelineChange[]): void;
}

/** The problem `change` would have on `doc` (which field, what is wrong), or null when it applies. */
function problemOf(doc: Pipeline, change: PipelineChange): string | null {
  try {
    applyPipelineChanges(doc, [change]);
    return null;
  } catch (error) {
    if (error instanceof PipelineChangeError) return error.message;
    throw error;
  }
}

/** Function · TypeScript / Command: switching is one change (one undo), with the profile's template. */
export function RuntimeSwitch(props: Props) {
  const { profile, hook } = props;
  const kinds = runtimesOf(profile, hook.point);
  if (kinds.length < 2) return null;
  const current = hook.runtime?.kind ?? "function";
  return (
    <div className={styles.switch} role="group" aria-label="How this hook runs" data-testid="runtime-switch">
      {kinds.map((kind) => (
        <button
          key={kind}
          type="button"
          className={styles.switchButton}
          aria-pressed={kind === current}
          data-testid={`runtime-${kind}`}
          title={kind === current ? `This hook is a ${runtimeLabels[kind]}` : `Make this hook a ${runtimeLabels[kind]} (its code is replaced by the template; undo brings it back)`}
          onClick={() => {
            const change = runtimeSwitchChange(profile, hook, kind);
            if (change) props.applyChanges([change]);
          }}
        >
          {runtimeLabels[kind]}
        </button>
      ))}
    </div>
  );
}

/** A command hook's language, command line and script location; each edit checked before it is applied. */
export function CommandHookFields(props: Props & { runtime: CommandRuntime }) {
  const { profile, doc, hook, runtime } = props;
  const [commandDraft, setCommandDraft] = useState<string | null>(null);
  const [pathDraft, setPathDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<{ field: "command" | "script"; message: string } | null>(null);

  const apply = (field: "command" | "script", change: PipelineChange): boolean => {
    const message = problemOf(doc, change);
    setProblem(message ? { field, message } : null);
    if (!message) props.applyChanges([change]);
    return message === null;
  };
  const commitCommand = () => {
    if (commandDraft === null) return;
    if (apply("command", { type: "setHookCommand", hookId: hook.id, command: commandDraft })) setCommandDraft(null);
  };
  const commitPath = () => {
    if (pathDraft === null || !runtime.script) return;
    if (apply("script", { type: "setHookScript", hookId: hook.id, script: { ...runtime.script, path: pathDraft.trim() } })) setPathDraft(null);
  };
  const setRoot = (root: ScriptLocation["root"] | "none") => {
    const path = runtime.script?.path ?? profile.commandAuthoring?.scriptLocation(hook.name, runtime.language).path ?? "";
    apply("script", { type: "setHookScript", hookId: hook.id, script: root === "none" ? null : { root, path } });
  };
  const onKey = (commit: () => void, reset: () => void) => (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Enter") commit();
    else if (e.key === "Escape") reset();
  };

  return (
    <div className={styles.fields} data-testid="command-fields">
      <label className={styles.field}>
        <span>Language</span>
        <select
          className="input"
          value={runtime.language}
          data-testid="command-language"
          onChange={(e) => {
            const change = commandLanguageChange(profile, hook, e.target.value as CommandLanguage);
            if (change) props.applyChanges([change]);
          }}
        >
          {COMMAND_LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {languageLabels[l]}
            </option>
          ))}
        </select>
      </label>
      <label className={`${styles.field} ${styles.grow}`}>
        <span>Command line</span>
        <input
          className={`input ${styles.mono}`}
          value={commandDraft ?? runtime.command}
          spellCheck={false}
          data-testid="command-line"
          aria-invalid={problem?.field === "command"}
          title="As the host's configuration holds it; run by sh -c in the project folder"
          onChange={(e) => setCommandDraft(e.target.value)}
          onBlur={commitCommand}
          onKeyDown={onKey(commitCommand, () => setCommandDraft(null))}
        />
      </label>
      <label className={styles.field}>
        <span>Script in</span>
        <select className="input" value={runtime.script?.root ?? "none"} data-testid="script-root" onChange={(e) => setRoot(e.target.value as ScriptLocation["root"] | "none")}>
          {(Object.keys(rootLabels) as ScriptLocation["root"][]).map((root) => (
            <option key={root} value={root}>
              {rootLabels[root]}
            </option>
          ))}
          <option value="none">no script (one-liner)</option>
        </select>
      </label>
      {runtime.script ? (
        <label className={`${styles.field} ${styles.grow}`}>
          <span>Script path</span>
          <input
            className={`input ${styles.mono}`}
            value={pathDraft ?? runtime.script.path}
            spellCheck={false}
            data-testid="script-path"
            aria-invalid={problem?.field === "script"}
            onChange={(e) => setPathDraft(e.target.value)}
            onBlur={commitPath}
            onKeyDown={onKey(commitPath, () => setPathDraft(null))}
          />
        </label>
      ) : (
        <p className={styles.hint}>A one-liner: the command line is all there is; the editor below is not used.</p>
      )}
      {problem ? (
        <p className={styles.problem} role="alert" data-testid="command-problem">
          {problem.message}
        </p>
      ) : null}
    </div>
  );
}
