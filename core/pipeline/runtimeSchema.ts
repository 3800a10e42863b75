import { z } from "zod";

/**
 * How a hook's code runs (DESIGN.md "Runtime"). Absent: a function, the sandboxed TypeScript
 * Hookwright has always run. A command is what Claude Code, Codex, Cursor and Copilot run: a
 * process reading the event's JSON on stdin and answering on stdout, stderr and its exit code.
 * The hook's `code` is then the script's source (empty for a one-liner with no script). A Python
 * hook is its host's own Python (FIM One's classes), run in a sandboxed CPython.
 */

/** The languages a command hook's script is edited and templated in. */
export const COMMAND_LANGUAGES = ["bash", "sh", "python", "node", "other"] as const;
export type CommandLanguage = (typeof COMMAND_LANGUAGES)[number];

/** Where a command hook's script lives, as the host's command line names it. */
export const scriptLocationSchema = z.object({
  /** `project`: under the project folder (`$CLAUDE_PROJECT_DIR/.claude/hooks/x.py`); `plugin`: under the plugin's root (`${CLAUDE_PLUGIN_ROOT}/hooks/x.sh`). */
  root: z.enum(["project", "plugin"]),
  path: z
    .string()
    .min(1, "a script needs a path")
    .max(300)
    .refine((p) => !p.startsWith("/") && !p.split("/").includes(".."), "a script path is relative to its root and may not contain .."),
});
export type ScriptLocation = z.infer<typeof scriptLocationSchema>;

export const commandRuntimeSchema = z.object({
  kind: z.literal("command"),
  language: z.enum(COMMAND_LANGUAGES),
  /** The command line exactly as the host's configuration holds it (run by `sh -c`). */
  command: z.string().trim().min(1, "a command hook needs the command line the host runs").max(4000),
  /** The script the command runs, whose source is the hook's `code`; null: a one-liner, `code` unused. */
  script: scriptLocationSchema.nullable().default(null),
});
export type CommandRuntime = z.infer<typeof commandRuntimeSchema>;

/**
 * A hook written in Python as its host writes it (FIM One: a module defining a `Hook` subclass),
 * run by the host's own rules implemented in Python, in a sandboxed CPython; `code` is the module.
 */
export const pythonRuntimeSchema = z.object({ kind: z.literal("python") });

/**
 * A hook written in R as its host writes it (deputy: a callback closure, `code` is R source whose
 * last value is the function), run by the host's own rules implemented in R, in a sandboxed R.
 * `timeout` is deputy's `HookMatcher$new(timeout = )` in seconds: absent means deputy's default
 * 30 (the callback runs in a fresh R process through callr); 0 runs it in the agent's own process.
 */
export const rRuntimeSchema = z.object({ kind: z.literal("r"), timeout: z.number().min(0).max(3600).optional() });
export type RRuntime = z.infer<typeof rRuntimeSchema>;

export const hookRuntimeSchema = z.discriminatedUnion("kind", [z.object({ kind: z.literal("function") }), commandRuntimeSchema, pythonRuntimeSchema, rRuntimeSchema]);
export type HookRuntime = z.infer<typeof hookRuntimeSchema>;

/** The runtime kinds, as profiles list the ones their host takes. */
export type RuntimeKind = HookRuntime["kind"];

export function runtimeKindOf(hook: { runtime?: HookRuntime }): RuntimeKind {
  return hook.runtime?.kind ?? "function";
}
