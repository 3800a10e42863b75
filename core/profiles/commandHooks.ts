import type { SetHookCommandLanguageChange, SetHookRuntimeChange } from "../pipeline/changes";
import type { CommandLanguage, RuntimeKind } from "../pipeline/runtimeSchema";
import type { Hook } from "../pipeline/schema";
import { runtimesOf } from "./pointRules";
import type { Profile } from "./types";

/**
 * The profile-aware side of authoring command hooks: which change switches a hook's runtime or
 * language, with the starter script, script location and command line the profile gives.
 * The changes themselves (core/pipeline/changes.ts) know no host.
 */

export { runtimesOf };

/**
 * The one change that turns `hook` into a `kind` hook: to a command, a bash script at the
 * profile's place for it, its command line, and the event's bash template; to Python, the
 * point's Python template (the profile's `pythonAuthoring`); to a function, the point's function
 * template.
 *
 * @returns null when the hook already is one, or the profile does not take `kind` (or has no template for it).
 * @example runtimeSwitchChange(claudeCodeProfile, hook, "command") // { type: "setHookRuntime", runtime: { kind: "command", language: "bash", … }, code: "#!/usr/bin/env bash…" }
 */
export function runtimeSwitchChange(profile: Profile, hook: Hook, kind: RuntimeKind): SetHookRuntimeChange | null {
  if ((hook.runtime?.kind ?? "function") === kind || !runtimesOf(profile, hook.point).includes(kind)) return null;
  if (kind === "function") {
    const point = profile.points.find((p) => p.id === hook.point);
    return { type: "setHookRuntime", hookId: hook.id, runtime: null, code: point?.template ?? "" };
  }
  if (kind === "python") {
    const template = profile.pythonAuthoring?.template(hook.point);
    return template == null ? null : { type: "setHookRuntime", hookId: hook.id, runtime: { kind: "python" }, code: template };
  }
  const authoring = profile.commandAuthoring;
  if (!authoring) return null;
  const script = authoring.scriptLocation(hook.name, "bash");
  return {
    type: "setHookRuntime",
    hookId: hook.id,
    runtime: { kind: "command", language: "bash", command: authoring.commandLine(script, "bash"), script },
    code: authoring.template(hook.point, "bash") ?? "",
  };
}

/** Whether `code` is still what the profile starts a command hook on `point` with in `language` (or empty). */
export function isCommandTemplate(profile: Profile, args: { point: string; language: CommandLanguage; code: string }): boolean {
  return args.code.trim() === "" || profile.commandAuthoring?.template(args.point, args.language) === args.code;
}

/**
 * The change that sets a command hook's script language. A script still at its template becomes
 * the new language's template; a script path with the old language's extension gets the new
 * one, and a command line still the profile's default for the script follows it.
 *
 * @returns null for a function hook, or when the language is already `language`.
 */
export function commandLanguageChange(profile: Profile, hook: Hook, language: CommandLanguage): SetHookCommandLanguageChange | null {
  const runtime = hook.runtime;
  if (runtime?.kind !== "command" || runtime.language === language) return null;
  const change: SetHookCommandLanguageChange = { type: "setHookCommandLanguage", hookId: hook.id, language };
  const authoring = profile.commandAuthoring;
  if (!authoring) return change;
  if (isCommandTemplate(profile, { point: hook.point, language: runtime.language, code: hook.code })) {
    const template = authoring.template(hook.point, language);
    if (template !== null) change.code = template;
  }
  const script = runtime.script;
  if (script && runtime.command === authoring.commandLine(script, runtime.language)) {
    const from = extensionOf(authoring.scriptLocation("x", runtime.language).path);
    const to = extensionOf(authoring.scriptLocation("x", language).path);
    const path = from !== to && script.path.endsWith(from) ? `${script.path.slice(0, script.path.length - from.length)}${to}` : script.path;
    const next = { ...script, path };
    change.script = next;
    change.command = authoring.commandLine(next, language);
  }
  return change;
}

function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf("/") + 1);
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot) : "";
}
