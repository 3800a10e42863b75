import { spawn } from "node:child_process";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { pgTestDatabase } from "./pg/testStore";
import type { SqliteStore } from "./sqlite/sqliteStore";
import type { Store } from "./store";
import { describeEachStore } from "./testStores";

/*
 * kill -9 of a process saving pipelines loses no acknowledged save: a child (db/testing/saveLoop.ts)
 * saves in a loop and prints each save once the store resolved it; it is SIGKILLed mid-loop, and
 * every revision it acknowledged is there afterwards, with its content, on a store opened anew.
 */

let store: Store | null = null;
afterEach(async () => {
  await store?.close();
  store = null;
});

/** Where the child opens the same data: the SQLite file, or this file's PostgreSQL database (its URL with the password). */
async function locationOf(opened: Store): Promise<string> {
  return opened.dialect === "sqlite" ? (opened as SqliteStore).location : pgTestDatabase();
}

/** Spawns the saving loop and SIGKILLs it once it acknowledged `acks` saves; resolves to the revisions it acknowledged. */
function saveUntilKilled(dialect: string, location: string, pipelineId: string, acks: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", path.join("db", "testing", "saveLoop.ts"), dialect, location, pipelineId], { stdio: ["ignore", "pipe", "pipe"] });
    const acknowledged: number[] = [];
    let buffered = "";
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on("data", (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split("\n");
      buffered = lines.pop() ?? "";
      for (const line of lines) acknowledged.push(Number(line.replace("saved ", "")));
      if (acknowledged.length >= acks && child.exitCode === null && !child.killed) child.kill("SIGKILL");
    });
    child.on("exit", (code, signal) => {
      if (signal === "SIGKILL") resolve(acknowledged);
      else reject(new Error(`the save loop exited by itself (code ${code}): ${stderr.trim()}`));
    });
  });
}

describeEachStore("kill -9 of a process saving a pipeline", (kind) => {
  it("loses no acknowledged save", { timeout: 60_000 }, async () => {
    store = await kind.open();
    const { id } = await store.pipelines.create({ format: "hookwright.pipeline/v1", name: "Saved often", profile: "vellum" });
    const acknowledged = await saveUntilKilled(kind.dialect, await locationOf(store), id, 40);

    expect(acknowledged.length).toBeGreaterThanOrEqual(40);
    expect(acknowledged).toEqual(Array.from({ length: acknowledged.length }, (_, i) => i + 2));
    const last = acknowledged.at(-1) ?? 0;
    const head = await store.pipelines.get(id);
    // The save in flight when it died is either all there or not at all.
    expect([last, last + 1]).toContain(head.headRevision);
    for (const revision of acknowledged) {
      const saved = await store.pipelines.getRevision({ id, revision });
      expect(saved.document.hooks.map((h) => h.code)).toEqual([`// saved as revision ${revision}`]);
    }
    expect((await store.pipelines.listRevisions({ id, limit: 1000 })).map((r) => r.revision)).toEqual(Array.from({ length: head.headRevision }, (_, i) => head.headRevision - i));
  });
});
