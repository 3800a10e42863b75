/** POSIX path helpers for plugin-relative paths (core has no `node:path`). */

export function dirnameOf(path: string): string {
  const at = path.lastIndexOf("/");
  return at < 0 ? "" : path.slice(0, at);
}

/**
 * Resolves `specifier` (relative, like `../src/util.js`) against the folder `fromDir`.
 * Returns null when the result leaves the plugin root.
 */
export function resolveRelative(fromDir: string, specifier: string): string | null {
  const parts = fromDir === "" ? [] : fromDir.split("/");
  for (const segment of specifier.split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(segment);
  }
  return parts.join("/");
}

export function isRelativeSpecifier(specifier: string): boolean {
  return specifier === "." || specifier === ".." || specifier.startsWith("./") || specifier.startsWith("../");
}

/**
 * When every path sits in one top-level folder that holds `package.json` (a zip of the plugin
 * folder itself, as Hookwright writes it), returns that folder; otherwise "".
 */
export function singleRootFolder(paths: Iterable<string>): string {
  let root: string | null = null;
  for (const path of paths) {
    const at = path.indexOf("/");
    if (at < 0) return "";
    const top = path.slice(0, at);
    if (root === null) root = top;
    else if (root !== top) return "";
  }
  return root ?? "";
}
