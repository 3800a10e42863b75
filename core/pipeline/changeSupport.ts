import type { Hook, Pipeline } from "./schema";

/**
 * What every kind of pipeline change shares (core/pipeline/changes.ts): the error a change that
 * does not fit its document throws, and the lookups and edits the kinds of change have in common.
 */

export type PipelineChangeErrorCode =
  | "UNKNOWN_HOOK"
  | "DUPLICATE_HOOK_ID"
  | "UNKNOWN_MODULE"
  | "DUPLICATE_MODULE"
  | "UNKNOWN_SCENARIO"
  | "DUPLICATE_SCENARIO"
  | "EMPTY_SCENARIO_NAME"
  | "NOT_A_COMMAND_HOOK"
  | "INVALID_RUNTIME";

const errorMessages: Record<PipelineChangeErrorCode, (subject: string) => string> = {
  UNKNOWN_HOOK: (s) => `there is no hook with id "${s}"`,
  DUPLICATE_HOOK_ID: (s) => `a hook with id "${s}" already exists`,
  UNKNOWN_MODULE: (s) => `there is no module "${s}"`,
  DUPLICATE_MODULE: (s) => `a module "${s}" already exists`,
  UNKNOWN_SCENARIO: (s) => `there is no scenario "${s}"`,
  DUPLICATE_SCENARIO: (s) => `a scenario "${s}" already exists`,
  EMPTY_SCENARIO_NAME: () => "a scenario needs a name",
  NOT_A_COMMAND_HOOK: (s) => `hook "${s}" is a function hook: switch it to a command first`,
  INVALID_RUNTIME: (s) => s,
};

/** A change that does not fit the document it is applied to (a stale id, a taken path). */
export class PipelineChangeError extends Error {
  override name = "PipelineChangeError";
  constructor(
    readonly code: PipelineChangeErrorCode,
    readonly subject: string,
  ) {
    super(errorMessages[code](subject));
  }
}

export type Doc = Readonly<Pipeline>;

export function hookIndex(doc: Doc, hookId: string): number {
  const i = doc.hooks.findIndex((h) => h.id === hookId);
  if (i < 0) throw new PipelineChangeError("UNKNOWN_HOOK", hookId);
  return i;
}

export function clampIndex(index: number | undefined, length: number): number {
  if (index === undefined) return length;
  return Math.max(0, Math.min(length, Math.trunc(index)));
}

export function insertAt<T>(items: readonly T[], index: number, item: T): T[] {
  return [...items.slice(0, index), item, ...items.slice(index)];
}

/** Replaces one hook's fields; returns `doc` itself when every field is already equal. */
export function patchHook(doc: Doc, hookId: string, patch: Partial<Hook>): Doc {
  const i = hookIndex(doc, hookId);
  const hook = doc.hooks[i] as Hook;
  const keys = Object.keys(patch) as (keyof Hook)[];
  if (keys.every((k) => Object.is(hook[k], patch[k]))) return doc;
  const hooks = doc.hooks.slice();
  hooks[i] = { ...hook, ...patch };
  return { ...doc, hooks };
}

