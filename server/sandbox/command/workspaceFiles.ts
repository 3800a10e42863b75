import type { FileChange } from "../../../core/files/fileChange";
import { MAX_FILE_CHARS } from "../../../core/files/fileChange";
import type { FileChange as ProcessFileChange } from "../process";

/** A file of the run's /workspace, relative to it: what a command hook's project folder holds. */
export interface WorkspaceFile {
  path: string;
  bytes: Uint8Array;
}

function text(bytes: Uint8Array): { text: string; encoding: "utf8" | "base64" } {
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "utf8" };
  } catch {
    return { text: Buffer.from(bytes).toString("base64"), encoding: "base64" };
  }
}

/**
 * The project folder's changes as the run records file changes (hook.end.files, against
 * /workspace), each with what the file held before. A symlink the command made is not carried
 * into the run (the run's file system has none); it is reported as the link's target text.
 */
export function fileChangesOf(changes: readonly ProcessFileChange[], before: readonly WorkspaceFile[]): { recorded: FileChange[]; applied: FileChange[] } {
  const recorded = changeList(changes, before, true);
  return { recorded, applied: changeList(changes, before, false) };
}

/** The changes, each side cut at MAX_FILE_CHARS for the trace (`cut`), or whole to make them in the run's files. */
function changeList(changes: readonly ProcessFileChange[], before: readonly WorkspaceFile[], cutSides: boolean): FileChange[] {
  const old = new Map(before.map((f) => [f.path, f.bytes]));
  return changes.map((c) => {
    const path = `/workspace/${c.path}`;
    const was = old.get(c.path);
    const prior = was ? text(was) : null;
    const after = c.kind === "deleted" ? null : c.type === "symlink" ? `-> ${c.linkTarget ?? ""}` : c.content;
    const encoding = c.encoding === "base64" || prior?.encoding === "base64" ? "base64" : "utf8";
    const cut = (s: string | null) => (cutSides && s !== null && s.length > MAX_FILE_CHARS ? s.slice(0, MAX_FILE_CHARS) : s);
    const beforeText = prior ? (encoding === "base64" && prior.encoding === "utf8" ? Buffer.from(prior.text, "utf8").toString("base64") : prior.text) : null;
    const afterText = after !== null && encoding === "base64" && c.encoding === "utf8" ? Buffer.from(after, "utf8").toString("base64") : after;
    const truncated = c.contentTruncated || (cutSides && ((beforeText?.length ?? 0) > MAX_FILE_CHARS || (afterText?.length ?? 0) > MAX_FILE_CHARS));
    return { op: c.kind === "deleted" ? ("delete" as const) : ("write" as const), path, before: cut(beforeText), after: cut(afterText), encoding, ...(truncated ? { truncated: true } : {}) };
  });
}
