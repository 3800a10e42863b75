import type { Profile } from "../profiles/types";
import { BundleError } from "./errors";
import type { HooksMap } from "./exportClaudeCodeLayout";
import { RECORDER_STEM, recorderReadmeSection } from "./recorder";
import { recorderHelpersSource } from "./recorderSource";

/**
 * The recorder of hosts that run command hooks with the event's JSON on stdin (Claude Code, and
 * Codex, whose hooks take the same input): one self-contained node script, registered on every
 * event of the profile (matcher `*` where the event has matchers), that appends the event's input
 * to `<project>/.hookwright/recordings/<session_id>.jsonl`. It exits 0 with no output whatever
 * happens, and gives up after a few seconds, so it can never block or change what the host does.
 */

/** The recorder script's file name. */
export const COMMAND_RECORDER_FILE = `${RECORDER_STEM}.mjs`;

/** Seconds the host waits for the recorder at most (it exits by itself well before). */
const RECORDER_TIMEOUT_S = 10;

export interface CommandRecorderHost {
  /** The `host` field of every line ("claude-code"). */
  host: string;
  /** The host's name for the README ("Claude Code"). */
  name: string;
  /** The environment variable holding the project folder, when the host sets one; else the input's `cwd`. */
  projectEnv: string | null;
}

/** What an import says when it leaves the recorder out. */
export const RECORDER_LEFT_OUT = `Hookwright's recorder is left out: it is an export option ("Add a recorder"), not a hook.`;

/** A hooks.json command that runs Hookwright's recorder (an import leaves it out). */
export function isCommandRecorder(command: string): boolean {
  return command.includes(`/hooks/${COMMAND_RECORDER_FILE}`);
}

/** The script's text: reads stdin, appends one line, exits 0. */
export function commandRecorderScript(recorder: CommandRecorderHost): string {
  const project = recorder.projectEnv ? `process.env[${JSON.stringify(recorder.projectEnv)}] || ` : "";
  return [
    `// ${RECORDER_STEM}: Hookwright's recorder for ${recorder.name}. It appends each hook event's input to`,
    "// <project>/.hookwright/recordings/<session id>.jsonl and never answers: exit 0, no output, always.",
    'import { appendFileSync, mkdirSync, statSync } from "node:fs";',
    'import { join } from "node:path";',
    "",
    recorderHelpersSource("js"),
    "",
    "const record = (text) => {",
    "  const input = JSON.parse(text);",
    '  if (typeof input !== "object" || input === null || Array.isArray(input)) return;',
    '  const session = typeof input.session_id === "string" && input.session_id !== "" ? input.session_id : "no-session";',
    `  const project = ${project}(typeof input.cwd === "string" && input.cwd !== "" ? input.cwd : process.cwd());`,
    '  const point = typeof input.hook_event_name === "string" ? input.hook_event_name : null;',
    `  appendRecording(join(project, ".hookwright", "recordings"), { host: ${JSON.stringify(recorder.host)}, point, at: new Date().toISOString(), session, input });`,
    "};",
    "",
    "// The host must never wait on the recorder: give up after 3 s, whatever is left unread.",
    "setTimeout(() => process.exit(0), 3000).unref();",
    "const chunks = [];",
    'process.stdin.on("data", (chunk) => chunks.push(chunk));',
    'process.stdin.on("error", () => process.exit(0));',
    'process.stdin.on("end", () => {',
    "  try {",
    '    record(Buffer.concat(chunks).toString("utf8"));',
    "  } catch {",
    "    // Unreadable input or an unwritable folder: recording is best effort, the host goes on.",
    "  }",
    "  process.exit(0);",
    "});",
    "",
  ].join("\n");
}

/**
 * Adds the recorder to a hooks.json / settings.json map: on every event of the profile, as the last
 * group (its own, matcher `*` where the event takes matchers), after the pipeline's hooks. Events
 * keep the profile's order.
 */
export function withCommandRecorder(map: HooksMap, profile: Profile, command: string): HooksMap {
  const out: HooksMap = {};
  const handler = { type: "command", command, timeout: RECORDER_TIMEOUT_S };
  for (const point of profile.points) {
    const groups = map[point.id] ?? [];
    out[point.id] = [...groups, point.hasMatcher ? { matcher: "*", hooks: [handler] } : { hooks: [handler] }];
  }
  for (const [event, groups] of Object.entries(map)) if (out[event] === undefined) out[event] = groups;
  return out;
}

/** Puts the script at `path`, refusing to overwrite a hook's own file there. */
export function addCommandRecorderScript(files: Map<string, string>, path: string, recorder: CommandRecorderHost): void {
  if (files.has(path)) throw new BundleError("PATH_COLLISION", `The recorder would overwrite ${path}, which a hook of the pipeline also writes; rename that hook to export with a recorder.`);
  files.set(path, commandRecorderScript(recorder));
}

/** The README section of a command host's recorder. */
export function commandRecorderReadme(options: { recorder: CommandRecorderHost; profile: Profile; file: string; config: string }): string[] {
  const { recorder } = options;
  return recorderReadmeSection({
    file: options.file,
    host: recorder.name,
    points: options.profile.points.map((p) => p.id),
    where: `\`<project>/.hookwright/recordings/<session_id>.jsonl\`, the project being ${recorder.projectEnv ? `\`$${recorder.projectEnv}\` (else the input's \`cwd\`)` : "the input's `cwd`"}`,
    input: `the hook input JSON exactly as ${recorder.name} writes it to a hook's stdin (\`session_id\`, \`transcript_path\`, \`cwd\`, \`hook_event_name\`, and the event's own fields such as \`tool_name\`, \`tool_input\`, \`tool_response\`, \`prompt\`, \`last_assistant_message\`).`,
    decision: `not recorded: ${recorder.name} runs every matching hook of an event in parallel on the same input, so no hook (the recorder included) sees what the others decide. The tool results (PostToolUse) show what did run.`,
    remove: `delete the recorder's entries from ${options.config} (each runs \`${COMMAND_RECORDER_FILE}\`) and the script, or export again without "Add a recorder".`,
  });
}
