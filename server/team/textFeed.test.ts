import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noPostgresReason, postgresBin } from "../../db/pg/testCluster";
import { startCluster, type PgCluster } from "../../scripts/pgCluster.mjs";
import { publishModelText, subscribeModelText, type ModelTextPiece } from "../providers/textBus";
import { RUN_TEXT_CHANNEL } from "./channels";
import { onModelText, relayModelText } from "./textFeed";

/*
 * A model's streaming reply text from a worker to a web instance, through NOTIFY on a real
 * PostgreSQL. In one process the worker's and the web's text bus are the same, so the web side
 * is a plain LISTEN connection here and onModelText is checked on its own.
 */

describe.skipIf(!postgresBin)(`model text between processes${postgresBin ? "" : ` (skipped: ${noPostgresReason})`}`, () => {
  let cluster: PgCluster;
  let db: pg.Pool;
  let listener: pg.Client;
  const payloads: string[] = [];
  beforeAll(async () => {
    cluster = await startCluster();
    db = new pg.Pool({ connectionString: cluster.url, max: 2 });
    // pg-pool's end() does not wait for its connections to close, so the cluster stopping right after
    // can reach one: its "terminating connection" error belongs to the teardown, not to a test.
    db.on("error", () => undefined);
    listener = new pg.Client({ connectionString: cluster.url });
    listener.on("error", () => undefined);
    await listener.connect();
    listener.on("notification", (message) => payloads.push(message.payload ?? ""));
    await listener.query(`LISTEN ${RUN_TEXT_CHANNEL}`);
  }, 60_000);
  afterAll(async () => {
    await listener?.end();
    await db?.end();
    await cluster?.stop();
  });

  async function received(count: number): Promise<{ runId: string; call: number; text: string }[]> {
    const end = Date.now() + 5_000;
    while (payloads.length < count && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 20));
    return payloads.splice(0, payloads.length).map((p) => JSON.parse(p) as { runId: string; call: number; text: string });
  }

  it("relays the pieces of one run in order, joined per call, and stops when told", async () => {
    const stop = relayModelText(db, "run-a");
    publishModelText("run-a", 1, "Hooks ");
    publishModelText("run-a", 1, "run at ");
    publishModelText("run-other", 1, "not this run");
    publishModelText("run-a", 2, "fixed points.");
    const first = await received(2);
    expect(first).toEqual([
      { runId: "run-a", call: 1, text: "Hooks run at " },
      { runId: "run-a", call: 2, text: "fixed points." },
    ]);
    publishModelText("run-a", 2, " More.");
    expect(await received(1)).toEqual([{ runId: "run-a", call: 2, text: " More." }]);
    stop();
    publishModelText("run-a", 2, " After the end.");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(payloads).toEqual([]);
  });

  it("cuts a long reply to fit PostgreSQL's 8000-byte payload without splitting a surrogate pair", async () => {
    const stop = relayModelText(db, "run-long");
    // 999 ASCII characters put an emoji's two halves across the 1000-unit cut; control characters are 6 bytes each in JSON.
    const text = `${"a".repeat(999)}😀${"\u0001".repeat(1200)}end`;
    publishModelText("run-long", 1, text);
    const pieces = await received(3);
    stop();
    expect(pieces.map((p) => p.text.length)).toEqual([999, 1000, 205]);
    expect(pieces.map((p) => p.text).join("")).toBe(text);
    for (const p of pieces) expect(Buffer.byteLength(JSON.stringify(p))).toBeLessThan(8000);
  });

  it("puts an announced piece on this process's text bus, and ignores what is not one", () => {
    const seen: ModelTextPiece[] = [];
    const stop = subscribeModelText("run-web", (piece) => seen.push(piece));
    onModelText(JSON.stringify({ runId: "run-web", call: 3, text: "Hi" }));
    onModelText("not json");
    onModelText(JSON.stringify({ runId: "run-web", call: "3", text: "wrong call" }));
    stop();
    expect(seen).toEqual([{ call: 3, text: "Hi" }]);
  });
});
