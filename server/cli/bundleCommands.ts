import { BundleError } from "~/core/bundles/errors";
import { ArchiveError } from "~/server/bundles/archiveError";
import { UsageError, type CliIO } from "./command";

/**
 * Runs a bundle command body, turning the errors a user can act on into one line on stderr
 * and an exit code: 2 for usage mistakes, 1 for refused input. Anything else is a bug and
 * propagates.
 */
export async function runBundleCommand(io: CliIO, usage: string, body: () => Promise<void>): Promise<number> {
  try {
    await body();
    return 0;
  } catch (err) {
    if (err instanceof UsageError) {
      io.stderr(`${err.message}\n\n${usage}\n`);
      return 2;
    }
    if (err instanceof BundleError || err instanceof ArchiveError) {
      io.stderr(`${err.message}\n`);
      return 1;
    }
    const fsError = err as NodeJS.ErrnoException | null;
    const plain: Record<string, string> = { ENOENT: "No such file or folder", EACCES: "Permission denied", EISDIR: "This is a folder, not a file", ENOTDIR: "Not a folder" };
    const reason = fsError?.code === undefined ? undefined : plain[fsError.code];
    if (reason !== undefined) {
      io.stderr(`${reason}: ${fsError?.path ?? ""}\n`);
      return 1;
    }
    throw err;
  }
}

export function printNotes(io: CliIO, warnings: readonly string[]): void {
  for (const warning of warnings) io.stderr(`note: ${warning}\n`);
}
