/**
 * Hookwright's recorder, shared by every host's form of it (recorderCommand.ts for command hosts,
 * recorderOpenClaw.ts, recorderVellum.ts): what one recorded line holds, the size caps, and the
 * README section that says exactly what is recorded. A recording is read back by
 * core/sessions/recording.ts (`hookwright import-session`).
 *
 * One line per hook event:
 * `{"hookwright_recording":1,"host":H,"point":P,"at":ISO,"session":S,"input":I}` and, where the
 * host lets a hook see what the earlier hooks decided, `"after":A` (the context as they left it).
 */

/** The marker field of every recorded line (its value is the recording format's version). */
export const RECORDING_MARK = "hookwright_recording";

/** A recording file stops growing at this size; the recorder then writes one last line saying so. */
export const RECORDING_CAP_BYTES = 20 * 1024 * 1024;

/** One event's line is at most this long; a larger input is recorded as its size only. */
export const RECORDING_LINE_CAP_BYTES = 1024 * 1024;

/** The recorder's file name stem (its script or module), so importers can recognise and skip it. */
export const RECORDER_STEM = "hookwright-recorder";

export function formatMiB(bytes: number): string {
  return `${bytes / (1024 * 1024)} MiB`;
}

export interface RecorderReadme {
  /** The recorder's file in the export. */
  file: string;
  /** The host's name ("Claude Code"). */
  host: string;
  /** Which points it records, in words ("every Claude Code event: SessionStart, …"). */
  points: string[];
  /** Where a session's recording is written. */
  where: string;
  /** What `input` holds, in the host's terms. */
  input: string;
  /** Whether the decision is recorded, and why (not). */
  decision: string;
  /** How to turn the recorder off again. */
  remove: string;
}

/** The README section of an export with the recorder: what it records, where, the caps, how to import, how to stop. */
export function recorderReadmeSection(r: RecorderReadme): string[] {
  return [
    "## Recorder",
    "",
    `This export includes Hookwright's recorder (\`${r.file}\`), because "Add a recorder" was chosen. It records on ${r.points.length === 1 ? "one point" : `${r.points.length} points`}: ${r.points.map((p) => `\`${p}\``).join(", ")}.`,
    "",
    `- **What**: one JSON line per event, \`{"${RECORDING_MARK}":1,"host":…,"point":…,"at":"<ISO time>","session":…,"input":…}\`, where \`input\` is ${r.input}`,
    `- **Decisions**: ${r.decision}`,
    `- **Where**: ${r.where} (one file per session).`,
    `- **Caps**: a file stops growing once it reaches ${formatMiB(RECORDING_CAP_BYTES)}: the event that crosses it is its last, followed by the line \`{"${RECORDING_MARK}":1,"capped":true,…}\`; one event's line is at most ${formatMiB(RECORDING_LINE_CAP_BYTES)} (a larger input is recorded as its size only, \`"input":null,"inputBytes":N\`).`,
    "- **Never in the way**: it changes nothing, answers nothing, and a failure to write is ignored.",
    "- **Privacy**: the recordings hold what the hooks see: prompts, tool inputs and outputs, file contents, possibly secrets. Keep them out of version control.",
    "",
    "Import a recording into Hookwright: `hookwright import-session <file>.jsonl --pipeline P.json`, or *Scenarios → From a session file…* in the app. Each file is one session and becomes one scenario (prompt, tool calls and their results, final reply; files joined into one import as branches, one per session), and every recorded input becomes a *Run this point* context; secret-shaped values are stripped as for any session import.",
    "",
    `To stop recording, ${r.remove}`,
    "",
  ];
}

/** `"id"` safe as a file name: letters, digits, `.`, `_`, `-`, at most 120 characters; "no-session" when empty. */
export const SESSION_FILE_NAME_JS = 'const fileNameOf = (s) => (String(s).replace(/[^A-Za-z0-9._-]/g, "_").replace(/^\\.+/, "_").slice(0, 120) || "no-session");';
