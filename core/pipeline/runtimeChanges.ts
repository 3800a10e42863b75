import type { PipelineChange } from "./changes";
import { hookIndex, PipelineChangeError, type Doc } from "./changeSupport";
import { commandRuntimeSchema, rRuntimeSchema, runtimeKindOf, scriptLocationSchema, type CommandLanguage, type CommandRuntime, type HookRuntime, type RRuntime, type ScriptLocation } from "./runtimeSchema";
import type { Hook } from "./schema";

/** The edits of how a hook runs (see {@link PipelineChange}): its runtime, and a command hook's language, command line and script. */

/**
 * How a hook runs, and its code with it, in one step: a command runtime (with the script's source,
 * "" for a one-liner), a Python runtime (with the module), or null for a function (the field
 * removed; `code` then the function's). Switching function ↔ command ↔ Python is this one change,
 * so one undo brings both back.
 */
export interface SetHookRuntimeChange {
  type: "setHookRuntime";
  hookId: string;
  runtime: HookRuntime | null;
  code: string;
}
/**
 * A command hook's script language; `code`, `command` and `script`, when given, change with it
 * (a script still at its template becomes the new language's, a default command line follows).
 */
export interface SetHookCommandLanguageChange {
  type: "setHookCommandLanguage";
  hookId: string;
  language: CommandLanguage;
  code?: string;
  command?: string;
  script?: ScriptLocation | null;
}
/** A command hook's command line, as the host's configuration holds it. */
export interface SetHookCommandChange {
  type: "setHookCommand";
  hookId: string;
  command: string;
}
/** Where a command hook's script lives; null: a one-liner with no script. */
export interface SetHookScriptChange {
  type: "setHookScript";
  hookId: string;
  script: ScriptLocation | null;
}

/**
 * The host's own per-hook timeout of a runtime that has one (deputy's `HookMatcher$new(timeout =)`
 * in seconds, for R hooks: 0 runs the callback in the agent's process); null removes it (the
 * host's default).
 */
export interface SetHookRuntimeTimeoutChange {
  type: "setHookRuntimeTimeout";
  hookId: string;
  timeout: number | null;
}

/** The runtimes whose settings carry a `timeout` in seconds, and the schema that checks it. */
const TIMEOUT_RUNTIMES = { r: rRuntimeSchema } as const;
type TimeoutRuntime = RRuntime;

function timeoutRuntimeOf(doc: Doc, hookId: string): TimeoutRuntime {
  const hook = doc.hooks[hookIndex(doc, hookId)] as Hook;
  const kind = runtimeKindOf(hook);
  if (!(kind in TIMEOUT_RUNTIMES) || !hook.runtime) throw new PipelineChangeError("INVALID_RUNTIME", `hook "${hookId}": a ${kind} hook has no timeout setting`);
  return hook.runtime as TimeoutRuntime;
}

function withTimeout(hookId: string, runtime: TimeoutRuntime, timeout: number | null): TimeoutRuntime {
  const { timeout: _old, ...rest } = runtime;
  const next = timeout === null ? rest : { ...rest, timeout };
  const parsed = TIMEOUT_RUNTIMES[runtime.kind].safeParse(next);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const why = issue?.code === "too_small" ? "must be 0 or more" : issue?.code === "too_big" ? "must be at most 3600" : (issue?.message ?? "invalid");
  throw new PipelineChangeError("INVALID_RUNTIME", `hook "${hookId}": timeout (seconds) ${why}`);
}

/** `runtime` checked as the file format checks it; the error names the hook, the field and what is wrong. */
function checkedRuntime(hookId: string, runtime: HookRuntime): HookRuntime {
  if (runtime.kind !== "command") return runtime;
  const parsed = commandRuntimeSchema.safeParse(runtime);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.join(".") === "script.path" ? "script path" : issue?.path[0] === "command" ? "command line" : (issue?.path.join(".") ?? "runtime");
  throw new PipelineChangeError("INVALID_RUNTIME", `hook "${hookId}": ${field}: ${issue?.message ?? "invalid"}`);
}

function checkedScript(hookId: string, script: ScriptLocation | null): ScriptLocation | null {
  if (script === null) return null;
  const parsed = scriptLocationSchema.safeParse(script);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new PipelineChangeError("INVALID_RUNTIME", `hook "${hookId}": script ${issue?.path.join(".") || "location"}: ${issue?.message ?? "invalid"}`);
}

function commandRuntimeOf(doc: Doc, hookId: string): CommandRuntime {
  const runtime = (doc.hooks[hookIndex(doc, hookId)] as Hook).runtime;
  if (runtime?.kind !== "command") throw new PipelineChangeError("NOT_A_COMMAND_HOOK", hookId);
  return runtime;
}

function sameRuntime(a: HookRuntime | undefined, b: HookRuntime | undefined): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** Sets a hook's runtime (undefined: removes the field) and, when given, its code. */
function patchRuntime(doc: Doc, hookId: string, runtime: HookRuntime | undefined, code?: string): Doc {
  const i = hookIndex(doc, hookId);
  const hook = doc.hooks[i] as Hook;
  if (sameRuntime(hook.runtime, runtime) && (code === undefined || code === hook.code)) return doc;
  const { runtime: _old, ...rest } = hook;
  const next: Hook = { ...rest, ...(runtime ? { runtime } : {}), ...(code === undefined ? {} : { code }) };
  const hooks = doc.hooks.slice();
  hooks[i] = next;
  return { ...doc, hooks };
}

export function applyRuntimeChange(doc: Doc, change: RuntimeChange): Doc {
  switch (change.type) {
    case "setHookRuntime":
      hookIndex(doc, change.hookId);
      return patchRuntime(doc, change.hookId, change.runtime ? checkedRuntime(change.hookId, change.runtime) : undefined, change.code);
    case "setHookCommandLanguage": {
      const current = commandRuntimeOf(doc, change.hookId);
      const next = checkedRuntime(change.hookId, {
        ...current,
        language: change.language,
        ...(change.command === undefined ? {} : { command: change.command }),
        ...(change.script === undefined ? {} : { script: change.script }),
      });
      return patchRuntime(doc, change.hookId, next, change.code);
    }
    case "setHookCommand": {
      const current = commandRuntimeOf(doc, change.hookId);
      return patchRuntime(doc, change.hookId, checkedRuntime(change.hookId, { ...current, command: change.command }));
    }
    case "setHookScript": {
      const current = commandRuntimeOf(doc, change.hookId);
      return patchRuntime(doc, change.hookId, { ...current, script: checkedScript(change.hookId, change.script) });
    }
    case "setHookRuntimeTimeout": {
      if (change.timeout !== null && !Number.isFinite(change.timeout)) throw new PipelineChangeError("INVALID_RUNTIME", `hook "${change.hookId}": timeout (seconds) must be a number`);
      return patchRuntime(doc, change.hookId, withTimeout(change.hookId, timeoutRuntimeOf(doc, change.hookId), change.timeout));
    }
  }
}

export type RuntimeChange = SetHookRuntimeChange | SetHookCommandLanguageChange | SetHookCommandChange | SetHookScriptChange | SetHookRuntimeTimeoutChange;

export function isRuntimeChange(change: PipelineChange): change is RuntimeChange {
  return change.type === "setHookRuntime" || change.type === "setHookCommandLanguage" || change.type === "setHookCommand" || change.type === "setHookScript" || change.type === "setHookRuntimeTimeout";
}


/** Every runtime change is undone by putting back the runtime and the code it may have replaced. */
export function invertRuntimeChange(doc: Doc, change: RuntimeChange): PipelineChange[] {
  const hook = doc.hooks[hookIndex(doc, change.hookId)] as Hook;
  return [{ type: "setHookRuntime", hookId: change.hookId, runtime: hook.runtime ?? null, code: hook.code }];
}
