import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openSqliteStore, type SqliteStore } from "./sqlite/sqliteStore";

/**
 * A migrated, empty SQLite store in a fresh temp folder, for tests. `close()` also deletes
 * the folder. Not seeded: tests create exactly the pipelines they assert on.
 */
export function openTestStore(): SqliteStore & { folder: string } {
  const folder = mkdtempSync(path.join(tmpdir(), "hookwright-test-"));
  const store = openSqliteStore({ file: path.join(folder, "test.db") });
  return {
    ...store,
    folder,
    close: async () => {
      await store.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
