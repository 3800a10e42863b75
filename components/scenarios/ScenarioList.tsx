"use client";
import { useMemo, useRef, useState, type DragEvent, type KeyboardEvent } from "react";
import { SessionImportDialog } from "~/components/sessions/SessionImportDialog";
import sessionStyles from "~/components/sessions/sessions.module.css";
import { useEditorStore } from "~/components/store/EditorStoreProvider";
import { uniqueScenarioName } from "~/core/pipeline/changes";
import type { Scenario } from "~/core/pipeline/schema";
import { blankScenario, profileTemplate } from "./scenarioTemplates";
import styles from "./scenarios.module.css";

const noScenarios: readonly Scenario[] = [];

/**
 * The pipeline's scenarios: pick the one to run and edit; add (blank or from the profile's
 * template), rename, duplicate, delete and reorder. Each is one undoable change, saved at once.
 * Keys in the list: ↑/↓ select, Alt+↑/↓ reorder, F2 rename, Delete delete, Ctrl/⌘+D duplicate.
 * A host's session file (.jsonl) dropped on the list, or picked with "From a session file…",
 * becomes a scenario after its import summary (components/sessions).
 */
export function ScenarioList(props: { onAdded: () => void }) {
  const scenarios = useEditorStore((s) => s.doc?.scenarios ?? noScenarios);
  const selected = useEditorStore((s) => s.selectedScenario) ?? scenarios[0]?.name ?? null;
  const select = useEditorStore((s) => s.selectScenario);
  const applyChanges = useEditorStore((s) => s.applyChanges);
  const setNotice = useEditorStore((s) => s.setNotice);
  const doc = useEditorStore((s) => s.doc);
  const profileId = doc?.profile ?? null;
  const template = useMemo(() => (profileId ? profileTemplate(profileId) : null), [profileId]);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [sessionFile, setSessionFile] = useState<File | null>(null);
  const [dropping, setDropping] = useState(false);
  const sessionInput = useRef<HTMLInputElement>(null);
  const pipelineId = useEditorStore((s) => s.pipelineId);
  const index = scenarios.findIndex((s) => s.name === selected);

  if (!doc) return null;
  const add = (scenario: Scenario, label: string) => {
    applyChanges([{ type: "addScenario", scenario, index: index + 1 }], label);
    select(scenario.name);
    props.onAdded();
  };
  /** Several scenarios in one undoable edit (a recording's sessions), named apart from the pipeline's and each other's. */
  const addAll = (added: readonly Scenario[], label: string) => {
    const names: string[] = [];
    const taken = { ...doc, scenarios: [...doc.scenarios] };
    const changes = added.map((scenario, i) => {
      const named = { ...scenario, name: uniqueScenarioName(taken, scenario.name) };
      taken.scenarios.push(named);
      names.push(named.name);
      return { type: "addScenario" as const, scenario: named, index: index + 1 + i };
    });
    applyChanges(changes, label);
    if (names[0] !== undefined) select(names[0]);
    props.onAdded();
  };
  const addBlank = () => add(blankScenario(uniqueScenarioName(doc, "scenario")), "Add a blank scenario");
  const addTemplate = (template: Scenario) => add({ ...template, name: uniqueScenarioName(doc, template.name) }, "Add a scenario from the template");
  const duplicate = (name: string) => {
    const newName = uniqueScenarioName(doc, `${name} copy`);
    applyChanges([{ type: "duplicateScenario", name, newName }], `Duplicate scenario ${name}`);
    select(newName);
  };
  const remove = (name: string) => {
    applyChanges([{ type: "removeScenario", name }], `Delete scenario ${name}`);
    setNotice({ text: `Deleted scenario ${name}.`, offerUndo: true });
  };
  const moveBy = (name: string, by: number) => {
    const from = scenarios.findIndex((s) => s.name === name);
    if (from + by >= 0 && from + by < scenarios.length) applyChanges([{ type: "moveScenario", name, toIndex: from + by }], `Move scenario ${name} ${by < 0 ? "up" : "down"}`);
  };

  const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer.types).includes("Files");
  const onDragOver = (e: DragEvent<HTMLElement>) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = "copy";
    setDropping(true);
  };
  const onDrop = (e: DragEvent<HTMLElement>) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    setDropping(false);
    const file = e.dataTransfer.files[0];
    if (file) setSessionFile(file);
  };

  const onKey = (e: KeyboardEvent<HTMLUListElement>) => {
    if (!selected || renaming) return;
    const step = e.key === "ArrowUp" ? -1 : e.key === "ArrowDown" ? 1 : 0;
    if (step !== 0 && e.altKey) moveBy(selected, step);
    else if (step !== 0) {
      const next = scenarios[index + step];
      if (next) select(next.name);
    } else if (e.key === "F2") setRenaming(selected);
    else if (e.key === "Delete") remove(selected);
    else if (e.key.toLowerCase() === "d" && (e.ctrlKey || e.metaKey)) duplicate(selected);
    else return;
    e.preventDefault();
  };

  return (
    <section
      className={`${styles.listPane}${dropping ? ` ${sessionStyles.dropping}` : ""}`}
      aria-labelledby="scenarios-title"
      onDragOver={onDragOver}
      onDragLeave={() => setDropping(false)}
      onDrop={onDrop}
      data-testid="scenario-list-pane"
    >
      <div className={styles.listHead}>
        <h2 id="scenarios-title" className={styles.title}>
          Scenarios
        </h2>
        <details className={styles.addMenu}>
          <summary className="btn btn-quiet">+ Add</summary>
          <div className={styles.menu}>
            <button type="button" onClick={(e) => { closeMenu(e.currentTarget); addBlank(); }}>
              Blank scenario
            </button>
            <button
              type="button"
              disabled={!template}
              title={template ? `A copy of the ${template.name} scenario every new pipeline of this profile starts with` : "This profile has no template scenario"}
              onClick={(e) => {
                closeMenu(e.currentTarget);
                if (template) addTemplate(template);
              }}
            >
              From the profile template
            </button>
            <button
              type="button"
              disabled={!pipelineId}
              title="A Claude Code transcript, Codex rollout or OpenClaw session (.jsonl): its prompt, replies and tool results as a scenario. You can also drop the file on this list."
              onClick={(e) => {
                closeMenu(e.currentTarget);
                sessionInput.current?.click();
              }}
            >
              From a session file…
            </button>
          </div>
        </details>
        <input
          ref={sessionInput}
          type="file"
          accept=".jsonl,.json,application/jsonl,application/x-ndjson"
          className="visually-hidden"
          tabIndex={-1}
          aria-label="Session file to import as a scenario"
          data-testid="session-file-input"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = "";
            if (file) setSessionFile(file);
          }}
        />
      </div>
      {sessionFile && pipelineId ? (
        <SessionImportDialog
          pipelineId={pipelineId}
          file={sessionFile}
          onClose={() => setSessionFile(null)}
          onAdd={(scenarios) => addAll(scenarios, `Import session ${sessionFile.name}`)}
        />
      ) : null}
      {scenarios.length === 0 ? (
        <p className={styles.hint}>No scenario yet. Add one to run the pipeline.</p>
      ) : (
        <ul role="listbox" aria-label="Scenarios" tabIndex={0} className={styles.scenarioList} onKeyDown={onKey} aria-activedescendant={index >= 0 ? `scenario-option-${index}` : undefined}>
          {scenarios.map((s, i) => (
            <li key={s.name} id={`scenario-option-${i}`} role="option" aria-selected={s.name === selected} className={styles.option} onClick={() => select(s.name)} data-scenario={s.name}>
              {renaming === s.name ? (
                <RenameInput
                  name={s.name}
                  taken={scenarios.filter((x) => x.name !== s.name).map((x) => x.name)}
                  onDone={(newName) => {
                    setRenaming(null);
                    if (newName !== null && newName !== s.name) applyChanges([{ type: "renameScenario", name: s.name, newName }], `Rename scenario ${s.name} to ${newName}`);
                  }}
                />
              ) : (
                <span className={styles.optionName}>{s.name}</span>
              )}
              <span className={styles.optionMeta}>{s.model.kind === "scripted" ? `${s.model.responses.length} repl${s.model.responses.length === 1 ? "y" : "ies"}` : `model: ${s.model.provider}`}</span>
            </li>
          ))}
        </ul>
      )}
      {selected ? (
        <div className={styles.toolbar} role="toolbar" aria-label={`Scenario ${selected}`}>
          <button type="button" onClick={() => setRenaming(selected)} title="Rename (F2)">
            Rename
          </button>
          <button type="button" onClick={() => duplicate(selected)} title="Duplicate (Ctrl/⌘+D)">
            Duplicate
          </button>
          <button type="button" aria-label={`Move ${selected} up`} title="Move up (Alt+↑)" disabled={index <= 0} onClick={() => moveBy(selected, -1)}>
            ↑
          </button>
          <button type="button" aria-label={`Move ${selected} down`} title="Move down (Alt+↓)" disabled={index >= scenarios.length - 1} onClick={() => moveBy(selected, 1)}>
            ↓
          </button>
          <button type="button" className={styles.danger} onClick={() => remove(selected)} title="Delete (Del)">
            Delete
          </button>
        </div>
      ) : null}
    </section>
  );
}

function closeMenu(from: HTMLElement) {
  from.closest("details")?.removeAttribute("open");
}

/** Inline rename: Enter keeps, Escape cancels; an empty or taken name says why and stays open. */
function RenameInput(props: { name: string; taken: readonly string[]; onDone: (name: string | null) => void }) {
  const [text, setText] = useState(props.name);
  // Enter unmounts the input, which may also blur it: the rename must happen once.
  const ended = useRef(false);
  const done = (name: string | null) => {
    if (ended.current) return;
    ended.current = true;
    props.onDone(name);
  };
  const problem = text.trim() === "" ? "A scenario needs a name." : props.taken.includes(text.trim()) ? `Another scenario is called "${text.trim()}".` : null;
  return (
    <span className={styles.renameBox}>
      <input
        className={styles.input}
        aria-label={`New name of scenario ${props.name}`}
        aria-invalid={problem ? true : undefined}
        // The input replaces the name the user just asked to edit.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus
        value={text}
        onClick={(e) => e.stopPropagation()}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          e.stopPropagation();
          if (e.key === "Escape") done(null);
          if (e.key === "Enter" && !problem) done(text.trim());
        }}
        onBlur={() => done(problem ? null : text.trim())}
      />
      {problem ? <span className="field-error">{problem}</span> : null}
    </span>
  );
}
