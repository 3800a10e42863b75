import { openPgStore } from "../pg/pgStore";
import { openSqliteStore } from "../sqlite/sqliteStore";
import type { Store } from "../store";

/*
 * The child process of db/killSave.test.ts: saves one pipeline in a loop and, after each save
 * resolved, prints `saved <revision>` on stdout: the acknowledgement a user's browser would get.
 * It runs until it is killed (SIGKILL, mid-save). Usage:
 *   node --import tsx db/testing/saveLoop.ts sqlite <file> <pipelineId>
 *   node --import tsx db/testing/saveLoop.ts postgres <url> <pipelineId>
 */

const [dialect, location, pipelineId] = process.argv.slice(2);
if (!location || !pipelineId || (dialect !== "sqlite" && dialect !== "postgres")) {
  console.error("usage: saveLoop.ts sqlite|postgres <file|url> <pipelineId>");
  process.exit(2);
}

const store: Store = dialect === "sqlite" ? openSqliteStore({ file: location }) : await openPgStore({ url: location });
let head = await store.pipelines.get(pipelineId);
for (;;) {
  const revision = head.headRevision + 1;
  const hooks = [{ id: "h", point: "pre-model-call", name: "h", code: `// saved as revision ${revision}` }];
  head = await store.pipelines.save({ id: pipelineId, baseRevision: head.headRevision, document: { ...head.document, hooks } });
  process.stdout.write(`saved ${head.revision}\n`);
}
