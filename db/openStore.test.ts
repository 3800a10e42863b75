import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { examplePipelines } from "../core/examples";
import { prepareStore, storeConfigFrom } from "./openStore";

let folder: string;
let file: string;
beforeEach(async () => {
  folder = mkdtempSync(path.join(tmpdir(), "hookwright-seed-"));
  file = path.join(folder, "app.db");
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

/** One app start: open, migrate, seed, list, close. */
async function start(): Promise<{ seeded: string[]; names: string[] }> {
  const { store, seeded } = await prepareStore({ dialect: "sqlite", file });
  try {
    return { seeded, names: (await store.pipelines.list()).map((p) => p.name).sort() };
  } finally {
    await store.close();
  }
}

const exampleNames = examplePipelines.map((e) => e.name).sort();

describe("prepareStore", () => {
  it("seeds the examples on the first start only", async () => {
    const first = await start();
    const second = await start();

    expect(exampleNames.length).toBeGreaterThan(0);
    expect(first.seeded.sort()).toEqual(exampleNames);
    expect(first.names).toEqual(exampleNames);
    expect(second.seeded).toEqual([]);
    expect(second.names).toEqual(exampleNames);
  });

  it("does not bring back an example the user deleted", async () => {
    await start();
    const { store } = await prepareStore({ dialect: "sqlite", file });
    const [victim] = await store.pipelines.list();
    if (!victim) throw new Error("no example was seeded");
    await store.pipelines.delete(victim.id);
    await store.close();

    expect((await start()).names).toEqual(exampleNames.filter((n) => n !== victim.name));
  });
});

describe("storeConfigFrom", () => {
  it("is the SQLite file of HOOKWRIGHT_DB without DATABASE_URL, PostgreSQL with a postgres URL and HOOKWRIGHT_SECRET, and refuses any other URL", async () => {
    expect(storeConfigFrom({ HOOKWRIGHT_DB: "x/app.db" })).toEqual({ dialect: "sqlite", file: path.resolve("x/app.db") });
    expect(storeConfigFrom({ DATABASE_URL: " " })).toEqual({ dialect: "sqlite", file: path.resolve("data/hookwright.db") });
    expect(storeConfigFrom({ DATABASE_URL: "postgresql://u:p@db:5432/hw", HOOKWRIGHT_SECRET: "s" })).toEqual({ dialect: "postgres", url: "postgresql://u:p@db:5432/hw" });
    expect(() => storeConfigFrom({ DATABASE_URL: "postgres://db/hw" })).toThrow(
      "hookwright: DATABASE_URL selects PostgreSQL, which needs HOOKWRIGHT_SECRET (the same value on every web instance and worker: it seals the stored provider keys); set it, or unset DATABASE_URL to use SQLite.",
    );
    expect(() => storeConfigFrom({ DATABASE_URL: "mysql://db/hw" })).toThrow('hookwright: DATABASE_URL must be a postgres://… URL (it starts with "mysql:"); unset it to use the SQLite file of HOOKWRIGHT_DB.');
  });
});
