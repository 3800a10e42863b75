/** One file of a plugin folder: a POSIX path relative to the plugin root, and its text. */
export interface BundleFile {
  path: string;
  content: string;
  /** A script the host runs by its path (a command hook's): written executable (0755). */
  executable?: boolean;
}

/**
 * The text files of a plugin folder keyed by POSIX path relative to its root. A file that
 * is not UTF-8 text (an image, a binary) maps to `null`: importing only fails if a hook
 * actually needs it.
 */
export type PluginFiles = ReadonlyMap<string, string | null>;
