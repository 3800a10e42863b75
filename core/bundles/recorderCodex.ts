import type { Profile } from "../profiles/types";
import type { CodexHooksMap } from "./exportCodexLayout";
import { RECORDER_STEM } from "./recorder";
import { addCommandRecorderScript, COMMAND_RECORDER_FILE, commandRecorderReadme, withCommandRecorder, type CommandRecorderHost } from "./recorderCommand";

/**
 * The recorder in Codex exports: the command recorder of Claude Code (Codex hands hooks the same
 * stdin JSON, ../shared/reference/codex.md), found as the export's other scripts are. Codex sets
 * no project-folder variable and runs hooks in the session's folder, so recordings go under the
 * input's `cwd`.
 */
const CODEX_RECORDER: CommandRecorderHost = { host: "codex", name: "Codex", projectEnv: null };

export interface CodexRecorderTarget {
  recorder?: boolean;
  profile: Profile;
  files: Map<string, string>;
  /** Where the export's scripts go (`.codex/hooks/`, `hooks/`). */
  scripts: string;
  /** The command that runs a script of that folder, by file name without `.mjs`. */
  command: (file: string) => string;
}

/** The hooks map with the recorder as every event's last group, its script added to the files; the map as it is without a recorder. */
export function codexRecorderMap(map: CodexHooksMap, target: CodexRecorderTarget): CodexHooksMap {
  if (!target.recorder) return map;
  addCommandRecorderScript(target.files, `${target.scripts}${COMMAND_RECORDER_FILE}`, CODEX_RECORDER);
  return withCommandRecorder(map, target.profile, target.command(RECORDER_STEM));
}

/** The README with the recorder's section appended (unchanged without a recorder). */
export function codexRecorderReadme(readme: string | undefined, target: CodexRecorderTarget & { config: string }): string {
  if (!target.recorder) return readme ?? "";
  return [readme ?? "", ...commandRecorderReadme({ recorder: CODEX_RECORDER, profile: target.profile, file: `${target.scripts}${COMMAND_RECORDER_FILE}`, config: target.config }), "Codex runs the recorder only once it is trusted, like every hook (see Trust).", ""].join("\n");
}
