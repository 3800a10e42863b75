import type { PluginFiles } from "./types";

/** The files under `root/`, their paths relative to it ("" : all of them as they are). */
export function filesUnder(files: PluginFiles, root: string): PluginFiles {
  if (root === "") return files;
  return new Map([...files].flatMap(([path, content]) => (path.startsWith(`${root}/`) ? [[path.slice(root.length + 1), content] as const] : [])));
}

/**
 * The folder's one top-level folder when every file sits in it (a zip of the folder itself), or "".
 * `hostFolders` are the host's own top folders (`.claude`, `hooks`…): files all under one of them are
 * a project or plugin at the top, not a wrapped folder.
 */
export function wrappingFolder(files: PluginFiles, hostFolders: readonly string[]): string {
  const tops = new Set([...files.keys()].map((p) => (p.includes("/") ? p.slice(0, p.indexOf("/")) : "")));
  const [only] = [...tops];
  return tops.size === 1 && only !== undefined && only !== "" && !hostFolders.includes(only) ? only : "";
}
