import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase, type DbHandle } from "./client";

/**
 * A migrated, empty database in a fresh temp folder, for tests. `close()` also deletes
 * the folder. Not seeded: tests create exactly the pipelines they assert on.
 */
export function openTestDatabase(): DbHandle & { folder: string } {
  const folder = mkdtempSync(path.join(tmpdir(), "hookwright-test-"));
  const handle = openDatabase({ file: path.join(folder, "test.db") });
  return {
    ...handle,
    folder,
    close: () => {
      handle.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
