import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { examplePipelines } from "../core/examples";
import type { PipelineInput } from "../core/pipeline/schema";
import { prepareDatabase } from "./client";
import { deletePipeline, listPipelines } from "./pipelineStore";
import { seedExamples } from "./seed";

let folder: string;
let file: string;
beforeEach(() => {
  folder = mkdtempSync(path.join(tmpdir(), "hookwright-seed-"));
  file = path.join(folder, "app.db");
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

/** One app start: open, migrate, seed, list, close. */
function start(): { seeded: string[]; names: string[] } {
  const handle = prepareDatabase({ file });
  try {
    return { seeded: handle.seeded, names: listPipelines(handle.db).map((p) => p.name).sort() };
  } finally {
    handle.close();
  }
}

const exampleNames = examplePipelines.map((e) => e.name).sort();

describe("seedExamples", () => {
  it("seeds the examples on the first start only", () => {
    const first = start();
    const second = start();

    expect(exampleNames.length).toBeGreaterThan(0);
    expect(first.seeded.sort()).toEqual(exampleNames);
    expect(first.names).toEqual(exampleNames);
    expect(second.seeded).toEqual([]);
    expect(second.names).toEqual(exampleNames);
  });

  it("does not bring back an example the user deleted", () => {
    start();
    const handle = prepareDatabase({ file });
    const [victim] = listPipelines(handle.db);
    if (!victim) throw new Error("no example was seeded");
    deletePipeline(handle.db, victim.id);
    handle.close();

    expect(start().names).toEqual(exampleNames.filter((n) => n !== victim.name));
  });

  it("seeds an example added to the app after the first start, once", () => {
    start();
    const later: PipelineInput = { format: "hookwright.pipeline/v1", name: "Added later", profile: "registry" };
    const handle = prepareDatabase({ file });
    const once = seedExamples(handle.db, [...examplePipelines, later]);
    const twice = seedExamples(handle.db, [...examplePipelines, later]);
    const names = listPipelines(handle.db).map((p) => p.name);
    handle.close();

    expect(once).toEqual({ seeded: ["Added later"], skipped: [] });
    expect(twice).toEqual({ seeded: [], skipped: [] });
    expect(names.filter((n) => n === "Added later")).toHaveLength(1);
  });

  it("skips an example the store rejects instead of failing the start", () => {
    const handle = prepareDatabase({ file });
    const bad: PipelineInput = { format: "hookwright.pipeline/v1", name: "Odd", profile: "no-such-host" };
    const result = seedExamples(handle.db, [bad]);
    handle.close();

    expect(result.seeded).toEqual([]);
    expect(result.skipped).toEqual([{ name: "Odd", reason: 'profile: unknown profile "no-such-host" (known: vellum, registry, openclaw, claude-code, fim-one, deputy, codex, claude-code-mods)' }]);
  });
});
