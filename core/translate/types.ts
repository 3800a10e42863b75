/** One thing that does not carry over (or carries over changed), in plain words, for one hook or for the pipeline. */
export interface TranslationNote {
  /** null: about the pipeline as a whole (its scenarios, its modules). */
  hookId: string | null;
  hookName: string | null;
  /** `dropped`: the hook is not in the export; `changed`: it is, rewritten (a matcher, a timeout, a command); `differs`: it is, as written, but the target host treats what it does differently. */
  kind: "dropped" | "changed" | "differs";
  text: string;
}

/** A model tool of the source host and what it is called, with what input, on the target. */
export interface ModelToolMapping {
  name: string;
  /** The tool_use input in the target's terms (`{ command }` → `{ cmd }`). */
  input: (input: Record<string, unknown>) => Record<string, unknown>;
  /** The target tool's input schema, replacing the source's. */
  inputSchema: Record<string, unknown>;
}

/** A behaviour of the target host that differs from the source's, noted for a hook whose code shows it. */
export interface BehaviourNote {
  event: string;
  /** Tested against the hook's code (or command line and script): null notes every hook on the event. */
  when: RegExp | null;
  /** Not noted when the code also shows this (a deny that gives a reason). */
  unless?: RegExp;
  /** Only when another hook on the same event also shows `when` (two denies). */
  several?: boolean;
  /** Only when the hook's matcher lets it see tools other than these (its own shell). */
  beyondTools?: readonly string[];
  text: string;
}

/**
 * How hooks written for one host's profile move to another's: a table of data (events, tool names
 * as hooks see them, the model's tools in scenarios, the types module, behaviours that differ) and
 * small functions where a value must be rewritten. Registered by the pair of profile ids
 * (core/translate/registry.ts); nothing else in Hookwright knows which hosts they are.
 */
export interface HostTranslation {
  from: string;
  to: string;
  /** The source host's name and the target's, as notes say them ("Claude Code", "Codex"). */
  fromName: string;
  toName: string;
  /** Source event → target event, or why it has none. */
  events: Readonly<Record<string, string | { none: string }>>;
  /** Tool names as hooks see them: source → target names ([]: the target has no such tool). Names not listed carry over as they are. */
  hookTools: Readonly<Record<string, readonly string[]>>;
  /** Tool names the table cannot map one by one (MCP tools, `mcp__<server>__<tool>`): what a matcher naming one should know. */
  toolNameNotes?: readonly { pattern: RegExp; text: string }[];
  /** The model's tools in scenarios: source → target (names not listed carry over). */
  modelTools: Readonly<Record<string, ModelToolMapping>>;
  /** Rewrites a command line for the target (environment variables the target does not set), saying what changed; null when nothing did. */
  command?: (command: string) => { command: string; note: string } | null;
  behaviours: readonly BehaviourNote[];
}

/** A pipeline moved to another profile, with what did not carry over. */
export interface TranslationResult<TPipeline> {
  pipeline: TPipeline;
  notes: TranslationNote[];
}
