/**
 * A change a hook made to the run's virtual file system (issue 15), as the trace records it on
 * `hook.end.files` and a hook card shows it as a diff. Contents are text when they are valid
 * UTF-8 (`encoding: "utf8"`), else base64; each side is cut at {@link MAX_FILE_CHARS}.
 */
export interface FileChange {
  op: "write" | "append" | "delete" | "mkdir" | "rename" | "copy";
  path: string;
  /** rename / copy: where the file went. */
  to?: string;
  /** The content before the change; null when the file did not exist. */
  before: string | null;
  /** The content after; null when it no longer exists (delete, rename's source). */
  after: string | null;
  encoding: "utf8" | "base64";
  /** A side was longer than {@link MAX_FILE_CHARS} and is cut there. */
  truncated?: boolean;
}

/** At most this many characters of each side of a change are kept in the trace. */
export const MAX_FILE_CHARS = 64 * 1024;

/** The plugin's directory in the sandbox's file system for a pipeline named `name`: `/workspace/plugins/<slug>`. */
export function pluginDirOf(name: string): string {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "plugin";
  return `/workspace/plugins/${slug}`;
}

/** A scenario's starting file: where (absolute, or relative to the plugin's directory) and its UTF-8 text. */
export interface ScenarioFile {
  path: string;
  content: string;
}

/** A file's state at the end of a run (on `run.end.files`): every file the run changed, null content when it was deleted. */
export interface FinalFile {
  path: string;
  content: string | null;
  encoding: "utf8" | "base64";
  truncated?: boolean;
}
