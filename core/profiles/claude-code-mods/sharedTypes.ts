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
/** The engine's name for \`$\` (claude-code.d.ts \`EngineInterface\`); Hookwright runs \`$.ui.log\` only. */
export type EngineInterface = Dollar;
/** A plugin's options as \`register(on, options)\` receives them (claude-code.d.ts). */
export type PluginOptions = Readonly<Record<string, string | number | boolean | readonly string[]>>;
/** A filter: each key's value a literal, a RegExp, or an array of them (any matches); every key must match. */
export type Filter<E> = { readonly [K in keyof E]?: E[K] | RegExp | readonly (E[K] | RegExp)[] };
/** \`on(event, filter?, hook)\`, for the events Hookwright runs (the engine's \`On\` is generic over every event). */
export interface On {
  (event: "tool.call", hook: ToolCallHook): unknown;
  (event: "tool.call", filter: Filter<ToolCallEvent>, hook: ToolCallHook): unknown;
  (event: "classic.PreToolUse", hook: ClassicPreToolUseHook): unknown;
  (event: "classic.PreToolUse", filter: Filter<ClassicPreToolUseEvent>, hook: ClassicPreToolUseHook): unknown;
}
/** A hooks module's entry, \`export const register: Register = (on, options) => { … }\` (claude-code.d.ts); Hookwright imports its on() calls as hooks. */
export type Register = (on: On, options: PluginOptions) => unknown;`;
