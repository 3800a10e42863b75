import type { CommandLanguage, ScriptLocation } from "../../pipeline/runtimeSchema";
import { kebabCase } from "../../bundles/names";

/**
 * Starter scripts of Claude Code command hooks, per event and language (docs/command-hooks.md).
 * Each reads the event's JSON on stdin and answers as Claude Code reads a command hook: JSON on
 * stdout with exit 0, or exit 2 with the reason on stderr, or nothing (exit 0) to let things go on.
 * What each event's script does is one {@link Recipe}; the languages only spell it.
 */

type Recipe =
  /** PreToolUse: deny a Bash command containing `rm -rf`. */
  | { kind: "deny-rm" }
  /** PermissionRequest: allow the Read tool without asking. */
  | { kind: "allow-read" }
  /** UserPromptSubmit: block a prompt mentioning a password, else add context. */
  | { kind: "block-prompt" }
  /** Add context for Claude (only when `onlyIf.field` equals `onlyIf.value`). */
  | { kind: "context"; text: string; onlyIf?: { field: string; value: string } }
  /** Stop: send Claude back once (stop_hook_active guards the second time). */
  | { kind: "block-once" }
  /** Observe: write one field of the event to stderr (shown in the host's transcript only). */
  | { kind: "observe"; field: string };

const recipes: Record<string, Recipe> = {
  SessionStart: { kind: "context", text: "This project uses npm; run npm test before you finish.", onlyIf: { field: "source", value: "startup" } },
  UserPromptSubmit: { kind: "block-prompt" },
  PreToolUse: { kind: "deny-rm" },
  PermissionRequest: { kind: "allow-read" },
  PostToolUse: { kind: "context", text: "Check the tool's output before you rely on it." },
  PostToolUseFailure: { kind: "context", text: "The tool failed: read its error before you retry." },
  PostToolBatch: { kind: "context", text: "All tool calls of this batch are done." },
  Notification: { kind: "observe", field: "message" },
  Stop: { kind: "block-once" },
  StopFailure: { kind: "observe", field: "error" },
  SubagentStart: { kind: "context", text: "Report back in at most five lines." },
  SubagentStop: { kind: "observe", field: "agent_type" },
  PreCompact: { kind: "observe", field: "trigger" },
  PostCompact: { kind: "observe", field: "compact_summary" },
  SessionEnd: { kind: "observe", field: "reason" },
};

const DENY_REASON = "rm -rf is not allowed";
const PROMPT_REASON = "Prompts must not contain passwords.";
const STOP_REASON = "Run the tests before you finish.";
const PROMPT_CONTEXT = "Answer in English.";

function summary(event: string, recipe: Recipe): string {
  switch (recipe.kind) {
    case "deny-rm":
      return `denies a Bash command containing "rm -rf"; otherwise says nothing and the call goes on.`;
    case "allow-read":
      return "allows the Read tool without asking; otherwise the person is asked as usual.";
    case "block-prompt":
      return "blocks a prompt that mentions a password; otherwise adds context to it.";
    case "context":
      return `adds context for Claude${recipe.onlyIf ? ` (only when ${recipe.onlyIf.field} is ${recipe.onlyIf.value})` : ""}.`;
    case "block-once":
      return "sends Claude back once with a reason; stop_hook_active is true the next time, so it lets Claude stop then.";
    case "observe":
      return `observes the event: writes ${recipe.field} to stderr (exit 0: shown in the transcript only). ${event} ignores stdout.`;
  }
}

const header = (comment: string, event: string, recipe: Recipe) => [
  `${comment} ${event} hook: Claude Code writes the event's JSON on stdin.`,
  `${comment} This one ${summary(event, recipe)}`,
  `${comment} Answer with JSON on stdout and exit 0, or exit 2 with the reason on stderr.`,
];

const json = (value: unknown) => JSON.stringify(value);
const specific = (event: string, fields: Record<string, unknown>) => ({ hookSpecificOutput: { hookEventName: event, ...fields } });

function bash(event: string, r: Recipe): string[] {
  const head = ["#!/usr/bin/env bash", ...header("#", event, r), "set -euo pipefail", "", "input=$(cat)"];
  switch (r.kind) {
    case "deny-rm":
      return [
        ...head,
        `command=$(jq -r '.tool_input.command // ""' <<<"$input")`,
        'if [[ "$command" == *"rm -rf"* ]]; then',
        `  jq -n --arg reason ${shq(DENY_REASON)} '{hookSpecificOutput: {hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: $reason}}'`,
        `  # or: echo ${shq(DENY_REASON)} >&2; exit 2`,
        "fi",
        "exit 0",
      ];
    case "allow-read":
      return [
        ...head,
        `if [[ "$(jq -r '.tool_name' <<<"$input")" == "Read" ]]; then`,
        `  echo ${shq(json(specific(event, { decision: { behavior: "allow" } })))}`,
        "fi",
        "exit 0",
      ];
    case "block-prompt":
      return [
        ...head,
        `prompt=$(jq -r '.prompt' <<<"$input")`,
        'if [[ "$prompt" == *password* ]]; then',
        `  jq -n --arg reason ${shq(PROMPT_REASON)} '{decision: "block", reason: $reason}'`,
        "  exit 0",
        "fi",
        `jq -n --arg context ${shq(PROMPT_CONTEXT)} '{hookSpecificOutput: {hookEventName: "UserPromptSubmit", additionalContext: $context}}'`,
      ];
    case "context": {
      const out = `jq -n --arg context ${shq(r.text)} '{hookSpecificOutput: {hookEventName: "${event}", additionalContext: $context}}'`;
      if (!r.onlyIf) return [...head, out];
      return [...head, `if [[ "$(jq -r '.${r.onlyIf.field}' <<<"$input")" != ${shq(r.onlyIf.value)} ]]; then exit 0; fi`, out];
    }
    case "block-once":
      return [
        ...head,
        "# Already sent back once: let Claude stop, or the loop only ends at the host's cap.",
        `if [[ "$(jq -r '.stop_hook_active' <<<"$input")" == "true" ]]; then exit 0; fi`,
        `said=$(jq -r '.last_assistant_message // ""' <<<"$input")`,
        'if [[ "$said" != *test* ]]; then',
        `  jq -n --arg reason ${shq(STOP_REASON)} '{decision: "block", reason: $reason}'`,
        "fi",
        "exit 0",
      ];
    case "observe":
      return [...head, `echo "${event}: $(jq -r '.${r.field} // ""' <<<"$input")" >&2`, "exit 0"];
  }
}

/** POSIX sh: no `[[`, no here-strings; still jq for the JSON, and exit 2 + stderr where it blocks. */
function sh(event: string, r: Recipe): string[] {
  const head = ["#!/bin/sh", ...header("#", event, r), "set -eu", "", "input=$(cat)", 'field() { printf \'%s\' "$input" | jq -r "$1"; }'];
  switch (r.kind) {
    case "deny-rm":
      return [...head, 'case "$(field \'.tool_input.command // ""\')" in', `  *"rm -rf"*) echo ${shq(DENY_REASON)} >&2; exit 2 ;;`, "esac", "exit 0"];
    case "allow-read":
      return [...head, `if [ "$(field '.tool_name')" = "Read" ]; then`, `  echo ${shq(json(specific(event, { decision: { behavior: "allow" } })))}`, "fi", "exit 0"];
    case "block-prompt":
      return [
        ...head,
        `case "$(field '.prompt')" in`,
        `  *password*) echo ${shq(PROMPT_REASON)} >&2; exit 2 ;;`,
        "esac",
        `echo ${shq(json(specific(event, { additionalContext: PROMPT_CONTEXT })))}`,
      ];
    case "context": {
      const out = `echo ${shq(json(specific(event, { additionalContext: r.text })))}`;
      if (!r.onlyIf) return [...head, out];
      return [...head, `if [ "$(field '.${r.onlyIf.field}')" != ${shq(r.onlyIf.value)} ]; then exit 0; fi`, out];
    }
    case "block-once":
      return [
        ...head,
        "# Already sent back once: let Claude stop, or the loop only ends at the host's cap.",
        `if [ "$(field '.stop_hook_active')" = "true" ]; then exit 0; fi`,
        `case "$(field '.last_assistant_message // ""')" in`,
        "  *test*) exit 0 ;;",
        "esac",
        `echo ${shq(STOP_REASON)} >&2`,
        "exit 2",
      ];
    case "observe":
      return [...head, `echo "${event}: $(field '.${r.field} // ""')" >&2`, "exit 0"];
  }
}

function python(event: string, r: Recipe): string[] {
  const head = ["#!/usr/bin/env python3", ...header("#", event, r), "import json", "import sys", "", "data = json.load(sys.stdin)", ""];
  const answer = (value: unknown) => `print(json.dumps(${pyLiteral(value)}))`;
  switch (r.kind) {
    case "deny-rm":
      return [
        ...head,
        'tool_input = data.get("tool_input") or {}',
        'command = tool_input.get("command", "") if isinstance(tool_input, dict) else ""',
        'if "rm -rf" in command:',
        `    ${answer(specific(event, { permissionDecision: "deny", permissionDecisionReason: DENY_REASON }))}`,
        `    # or: print(${pyLiteral(DENY_REASON)}, file=sys.stderr); sys.exit(2)`,
        "sys.exit(0)",
      ];
    case "allow-read":
      return [...head, 'if data.get("tool_name") == "Read":', `    ${answer(specific(event, { decision: { behavior: "allow" } }))}`, "sys.exit(0)"];
    case "block-prompt":
      return [
        ...head,
        'if "password" in data.get("prompt", ""):',
        `    ${answer({ decision: "block", reason: PROMPT_REASON })}`,
        "    sys.exit(0)",
        answer(specific(event, { additionalContext: PROMPT_CONTEXT })),
      ];
    case "context":
      return [
        ...head,
        ...(r.onlyIf ? [`if data.get(${pyLiteral(r.onlyIf.field)}) != ${pyLiteral(r.onlyIf.value)}:`, "    sys.exit(0)"] : []),
        answer(specific(event, { additionalContext: r.text })),
      ];
    case "block-once":
      return [
        ...head,
        "# Already sent back once: let Claude stop, or the loop only ends at the host's cap.",
        'if data.get("stop_hook_active"):',
        "    sys.exit(0)",
        'said = data.get("last_assistant_message") or ""',
        'if "test" not in said:',
        `    ${answer({ decision: "block", reason: STOP_REASON })}`,
        "sys.exit(0)",
      ];
    case "observe":
      return [...head, `print(f"${event}: {data.get('${r.field}', '')}", file=sys.stderr)`, "sys.exit(0)"];
  }
}

function node(event: string, r: Recipe): string[] {
  const answer = (value: unknown) => `process.stdout.write(JSON.stringify(${json(value)}) + "\\n");`;
  const body = (lines: string[]) => [
    "#!/usr/bin/env node",
    ...header("//", event, r),
    "",
    "function main(input) {",
    ...lines.map((l) => `  ${l}`),
    "}",
    "",
    'let raw = "";',
    'process.stdin.setEncoding("utf8");',
    'process.stdin.on("data", (chunk) => (raw += chunk));',
    'process.stdin.on("end", () => main(JSON.parse(raw)));',
  ];
  switch (r.kind) {
    case "deny-rm":
      return body([
        'const command = (input.tool_input && input.tool_input.command) || "";',
        'if (command.includes("rm -rf")) {',
        `  ${answer(specific(event, { permissionDecision: "deny", permissionDecisionReason: DENY_REASON }))}`,
        `  // or: process.stderr.write(${json(DENY_REASON)}); process.exitCode = 2;`,
        "}",
      ]);
    case "allow-read":
      return body(['if (input.tool_name === "Read") {', `  ${answer(specific(event, { decision: { behavior: "allow" } }))}`, "}"]);
    case "block-prompt":
      return body([
        'if ((input.prompt || "").includes("password")) {',
        `  ${answer({ decision: "block", reason: PROMPT_REASON })}`,
        "  return;",
        "}",
        answer(specific(event, { additionalContext: PROMPT_CONTEXT })),
      ]);
    case "context":
      return body([
        ...(r.onlyIf ? [`if (input.${r.onlyIf.field} !== ${json(r.onlyIf.value)}) return;`] : []),
        answer(specific(event, { additionalContext: r.text })),
      ]);
    case "block-once":
      return body([
        "// Already sent back once: let Claude stop, or the loop only ends at the host's cap.",
        "if (input.stop_hook_active) return;",
        'const said = input.last_assistant_message || "";',
        `if (!said.includes("test")) ${answer({ decision: "block", reason: STOP_REASON })}`,
      ]);
    case "observe":
      return body([`process.stderr.write(\`${event}: \${input.${r.field} ?? ""}\\n\`);`]);
  }
}

/** "other": a script run through its own shebang; it starts as the bash one, to be rewritten. */
function other(event: string, r: Recipe): string[] {
  const lines = bash(event, r);
  return [lines[0] ?? "#!/usr/bin/env bash", "# Any language: the command runs this file through its shebang line (chmod +x).", ...lines.slice(1)];
}

const writers: Record<CommandLanguage, (event: string, r: Recipe) => string[]> = { bash, sh, python, node, other };

/**
 * The starter script of a command hook on `event` in `language`: a working hook (deny `rm -rf` on
 * PreToolUse, block once on Stop, add context elsewhere), or an observer for events whose output
 * the host ignores.
 *
 * @returns the script's source, ending in a newline; null for an event Claude Code does not have.
 * @example claudeCodeCommandTemplate("PreToolUse", "python") // '#!/usr/bin/env python3\n# PreToolUse hook: …'
 */
export function claudeCodeCommandTemplate(event: string, language: CommandLanguage): string | null {
  const recipe = recipes[event];
  return recipe ? `${writers[language](event, recipe).join("\n")}\n` : null;
}

const extensions: Record<CommandLanguage, string> = { bash: ".sh", sh: ".sh", python: ".py", node: ".js", other: "" };
const interpreters: Record<CommandLanguage, string> = { bash: "bash ", sh: "sh ", python: "python3 ", node: "node ", other: "" };
const roots: Record<ScriptLocation["root"], string> = { project: "$CLAUDE_PROJECT_DIR", plugin: "${CLAUDE_PLUGIN_ROOT}" };

/** Where a new command hook's script goes: `<folder>/<kebab-name>.<ext>` in the project. */
export function scriptLocationIn(folder: string): (hookName: string, language: CommandLanguage) => ScriptLocation {
  return (hookName, language) => ({ root: "project", path: `${folder}/${kebabCase(hookName) || "hook"}${extensions[language]}` });
}

/** A host's command line for `script` in `language`, its roots spelled as the host's configuration spells them. */
export function commandLineWith(hostRoots: Record<ScriptLocation["root"], string>): (script: ScriptLocation, language: CommandLanguage) => string {
  return (script, language) => `${interpreters[language]}"${hostRoots[script.root]}/${script.path}"`;
}

/** Where a new command hook's script goes: `.claude/hooks/<kebab-name>.<ext>` in the project. */
export const claudeCodeScriptLocation = scriptLocationIn(".claude/hooks");

/** The command line settings.json holds to run `script` in `language`: `python3 "$CLAUDE_PROJECT_DIR/.claude/hooks/x.py"`. */
export const claudeCodeCommandLine = commandLineWith(roots);

/** Single-quoted for sh (a `'` becomes `'\''`). */
function shq(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** A Python literal of JSON data (True/False/None; strings as JSON's, which Python reads the same). */
function pyLiteral(value: unknown): string {
  if (value === null) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (Array.isArray(value)) return `[${value.map(pyLiteral).join(", ")}]`;
  if (typeof value === "object") {
    return `{${Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${JSON.stringify(k)}: ${pyLiteral(v)}`)
      .join(", ")}}`;
  }
  return JSON.stringify(value);
}
