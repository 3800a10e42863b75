import { ArchiveError } from "./archiveError";

/**
 * Checks one path from an untrusted archive or folder and returns it normalised (`./`
 * segments dropped). Refuses what could point anywhere but inside the plugin folder.
 *
 * @throws {ArchiveError} `ABSOLUTE_PATH`, `PARENT_PATH` or `BAD_NAME`, naming the entry.
 */
export function checkEntryName(raw: string): { name: string; isDirectory: boolean } {
  const shown = JSON.stringify(raw).slice(1, -1);
  if (raw === "") throw new ArchiveError("BAD_NAME", "An entry of the archive has an empty name.");
  // Control characters (NUL above all) can truncate or disguise a path in other tools.
  if (/[\u0000-\u001f\u007f]/.test(raw)) throw new ArchiveError("BAD_NAME", `Entry "${shown}" has control characters in its name.`);
  if (raw.startsWith("/") || /^[A-Za-z]:/.test(raw)) throw new ArchiveError("ABSOLUTE_PATH", `Entry "${shown}" has an absolute path; entries must be relative to the plugin folder.`);
  if (raw.includes("\\")) throw new ArchiveError("BAD_NAME", `Entry "${shown}" has a backslash in its name; zip paths use forward slashes.`);
  const isDirectory = raw.endsWith("/");
  const segments = (isDirectory ? raw.slice(0, -1) : raw).split("/");
  if (segments.includes("..")) throw new ArchiveError("PARENT_PATH", `Entry "${shown}" contains "..", which could point outside the plugin folder.`);
  if (segments.includes("")) throw new ArchiveError("BAD_NAME", `Entry "${shown}" has an empty folder name in its path.`);
  const kept = segments.filter((s) => s !== ".");
  if (kept.length === 0) throw new ArchiveError("BAD_NAME", `Entry "${shown}" does not name a file.`);
  return { name: kept.join("/") + (isDirectory ? "/" : ""), isDirectory };
}
