import { claudeCodeSharedTypes } from "../claude-code/sharedTypes";

/**
 * The mods' API as Hookwright's editor sees it, with the names of the `claude-code.d.ts` the docs
 * publish (`Register`, `On`, `PluginOptions`, `EngineInterface`, `ToolCallResult`; not vendored: the
 * file is ~21,000 lines of Anthropic's, written by the engine) for the parts
 * (https://github.com/anthropics/claude-code/blob/main/mods/types/claude-code.d.ts) that Hookwright
 * runs, with the shapes the engine (2.1.330) was seen to use (docs/claude-code-mods.md): the
 * tool envelope, what `await next(e)` resolves to, the answers each event takes, and `$`.
 */
export const modsSharedTypes = `${claudeCodeSharedTypes}
/** What \`await next(e)\` resolves to on tool.call: the engine ran the tool (fact 1). */
export type ToolCallResult =
  | { ref: number; result: { stdout: string; stderr: string; interrupted: boolean; isImage: boolean; noOutputExpected?: boolean }; text: string }
  | { ref: number; result: string; text: string; isError: true };
/** A tool.call answer without next: the tool's output in its own shape (fact 4), or a deny (fact 6; after next, fact 7). */
export type ToolCallAnswer = ToolCallResult | { result: unknown } | { deny: string };
/** classic.PreToolUse: the settings hooks' folded answer (\`{}\` without any), extended or replaced. */
export type ClassicPreToolUseAnswer = { deny?: string; updatedInput?: Record<string, unknown>; additionalContext?: string[]; [key: string]: unknown };
/** Bash's output as the classic events carry it (\`tool_response\`). */
export interface BashToolResponse { readonly stdout: string; readonly stderr: string; readonly interrupted: boolean; readonly isImage: boolean; readonly noOutputExpected?: boolean }
/**
 * classic.PostToolUse / classic.UserPromptSubmit / classic.Stop: what their \`next(e)\` resolves to (the
 * settings.json hooks' fold, \`{}\` without any) and what a hook may answer. Any other key (\`decision\`,
 * \`reason\`) or a non-string \`block\` is a wrong shape: the engine skips the hook.
 */
export type ClassicPostToolUseAnswer = { block?: string; additionalContext?: string[]; updatedToolOutput?: unknown };
export type ClassicUserPromptSubmitAnswer = { block?: string; additionalContext?: string[] };
export type ClassicStopAnswer = { block?: string; additionalContext?: string[] };
export interface Next<E, R> {
  /** Passes the event on (or a rewrite of it: \`next({ ...e, command })\`) and resolves to what the links beneath answered. */
  (e?: E): Promise<R>;
  /** Whether this hook has called next. */
  readonly called: boolean;
  /** The event's name. */
  readonly event: string;
}
/** What a mod may call on \`$\`. Hookwright simulates \`$.ui.log\`; every other \`$.noun.event()\` throws, naming itself (the hook then fails open). */
export interface Dollar {
  ui: { log(text: string): void; [event: string]: (...args: never[]) => unknown };
  /** Typed to take nothing: Hookwright refuses the call by name (the engine would act on the machine or the session). */
  [noun: string]: { [event: string]: (...args: never[]) => unknown };
}
export type ToolCallHook = ($: Dollar, e: ToolCallEvent, next: Next<ToolCallEvent, ToolCallResult>) => Promise<ToolCallAnswer> | ToolCallAnswer;
export type ClassicPreToolUseHook = ($: Dollar, e: ClassicPreToolUseEvent, next: Next<ClassicPreToolUseEvent, ClassicPreToolUseAnswer>) => Promise<ClassicPreToolUseAnswer> | ClassicPreToolUseAnswer;
export type ClassicPostToolUseHook = ($: Dollar, e: ClassicPostToolUseEvent, next: Next<ClassicPostToolUseEvent, ClassicPostToolUseAnswer>) => Promise<ClassicPostToolUseAnswer> | ClassicPostToolUseAnswer;
export type ClassicUserPromptSubmitHook = ($: Dollar, e: ClassicUserPromptSubmitEvent, next: Next<ClassicUserPromptSubmitEvent, ClassicUserPromptSubmitAnswer>) => Promise<ClassicUserPromptSubmitAnswer> | ClassicUserPromptSubmitAnswer;
export type ClassicStopHook = ($: Dollar, e: ClassicStopEvent, next: Next<ClassicStopEvent, ClassicStopAnswer>) => Promise<ClassicStopAnswer> | ClassicStopAnswer;
/** The engine's name for \`$\` (claude-code.d.ts \`EngineInterface\`); Hookwright runs \`$.ui.log\` only. */
export type EngineInterface = Dollar;
/** A plugin's options as \`register(on, options)\` receives them (claude-code.d.ts). */
export type PluginOptions = Readonly<Record<string, string | number | boolean | readonly string[]>>;
/** A filter: each key's value a literal, a RegExp, or an array of them (any matches); every key must match. */
export type Filter<E> = { readonly [K in keyof E]?: E[K] | RegExp | readonly (E[K] | RegExp)[] };
/** The events Hookwright runs, each with its event and hook type (the engine's \`On\` is generic over every event). */
export interface ModEventMap {
  "tool.call": { event: ToolCallEvent; hook: ToolCallHook };
  "classic.PreToolUse": { event: ClassicPreToolUseEvent; hook: ClassicPreToolUseHook };
  "classic.PostToolUse": { event: ClassicPostToolUseEvent; hook: ClassicPostToolUseHook };
  "classic.UserPromptSubmit": { event: ClassicUserPromptSubmitEvent; hook: ClassicUserPromptSubmitHook };
  "classic.Stop": { event: ClassicStopEvent; hook: ClassicStopHook };
}
/** \`on(event, filter?, hook)\`, one overload per arity over {@link ModEventMap}, so an error names the event's own types. */
export interface On {
  <K extends keyof ModEventMap>(event: K, hook: ModEventMap[K]["hook"]): unknown;
  <K extends keyof ModEventMap>(event: K, filter: Filter<ModEventMap[K]["event"]>, hook: ModEventMap[K]["hook"]): unknown;
}
/** A hooks module's entry, \`export const register: Register = (on, options) => { … }\` (claude-code.d.ts); Hookwright imports its on() calls as hooks. */
export type Register = (on: On, options: PluginOptions) => unknown;`;
