import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as RouteModule from "~/app/api/trpc/[trpc]/route";
import { listProfiles } from "~/core/profiles";
import { newHookRuntime } from "~/core/profiles/newHookRuntime";

/*
 * Issue 9 through the real route, as the browser calls it: the app's database, run service and
 * worker pool (runs on worker threads, hooks in the sandbox). A new pipeline runs at once and its
 * default scenario's expectations pass; one point runs alone on an edited context.
 */

let folder: string;
let route: typeof RouteModule;
beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), "hookwright-authoring-"));
  process.env.HOOKWRIGHT_DB = path.join(folder, "app.db");
  process.env.HOOKWRIGHT_RUN_WORKERS = "1";
  route = await import("~/app/api/trpc/[trpc]/route");
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function mutate<T>(procedure: string, input: unknown): Promise<T> {
  const response = await route.POST(new Request(`http://localhost/api/trpc/${procedure}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ json: input }) }));
  const body = (await response.json()) as { result?: { data: { json: T } }; error?: unknown };
  if (!body.result) throw new Error(`${procedure}: ${JSON.stringify(body.error)}`);
  return body.result.data.json;
}

async function query<T>(procedure: string, input: unknown): Promise<T> {
  const response = await route.GET(new Request(`http://localhost/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`));
  const body = (await response.json()) as { result?: { data: { json: T } }; error?: unknown };
  if (!body.result) throw new Error(`${procedure}: ${JSON.stringify(body.error)}`);
  return body.result.data.json;
}

interface RunRow {
  status: string;
  exitReason: string | null;
  point: string | null;
  expectationsPassed: number | null;
  expectationsFailed: number | null;
}

async function finished(runId: string): Promise<RunRow> {
  for (let i = 0; i < 200; i++) {
    const { run } = await query<{ run: RunRow }>("runs.get", { runId });
    if (run.status !== "running") return run;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`run ${runId} did not finish`);
}

describe("authoring over HTTP (worker pool, sandbox)", () => {
  it("a new pipeline on each profile runs at once; with each point's template hook, every hook runs and the default scenario's expectations pass", async () => {
    for (const profile of listProfiles()) {
      const created = await mutate<{ id: string; document: { scenarios: { name: string }[] } }>("pipelines.create", { from: "blank", name: `New ${profile.id}`, profile: profile.id });
      expect(created.document.scenarios.map((s) => s.name)).toEqual(["default"]);
      const bare = await mutate<{ runs: { runId: string }[] }>("runs.startAll", { pipelineId: created.id });
      expect(await finished(bare.runs[0]?.runId ?? "")).toMatchObject({ status: "finished", exitReason: "no_tool_calls", expectationsPassed: 2, expectationsFailed: 0 });

      // In the host's own language where it takes no functions (deputy: R).
      const runtime = newHookRuntime(profile);
      const hooks = profile.points.map((p) => ({ id: p.id, point: p.id, name: p.id, enabled: true, code: p.template, ...(runtime ? { runtime } : {}) }));
      // Every host setting at the value that lets every hook run (OpenClaw allowConversationAccess).
      const hostSettings = Object.fromEntries((profile.settings ?? []).map((s) => [s.id, s.requires]));
      const saved = await mutate<{ revision: number }>("pipelines.save", { id: created.id, baseRevision: 1, document: { ...created.document, hooks, ...(profile.settings ? { hostSettings } : {}) } });
      expect(saved.revision).toBe(2);
      const started = await mutate<{ revision: number; runs: { runId: string }[] }>("runs.startAll", { pipelineId: created.id });
      expect(started.revision).toBe(2);
      const runId = started.runs[0]?.runId ?? "";
      expect(await finished(runId)).toMatchObject({ status: "finished", exitReason: "no_tool_calls", expectationsPassed: 2, expectationsFailed: 0 });
      const notes = await query<{ hookId: string; fired: boolean }[]>("runs.hookNotes", { runId });
      // Points a profile marks conditional fire only on an outcome the default turn avoids (Claude Code's
      // PermissionRequest needs an "ask", StopFailure an API error); every other hook fires.
      const conditional = profile.points.filter((p) => p.conditional).map((p) => p.id);
      expect(notes.filter((n) => !n.fired).map((n) => n.hookId).sort()).toEqual(conditional.sort());
    }
  }, 60_000);

  it("runs one point alone on an edited context, prefilled from the profile's example", async () => {
    const created = await mutate<{ id: string; document: Record<string, unknown> }>("pipelines.create", { from: "example", example: "Be concise" });
    const prefill = await query<{ source: string; context: Record<string, unknown> }>("runs.pointContext", { pipelineId: created.id, point: "pre-model-call" });
    expect(prefill.source).toBe("example");
    const { runId } = await mutate<{ runId: string }>("runs.startPoint", { pipelineId: created.id, point: "pre-model-call", context: { ...prefill.context, systemPrompt: "Edited." } });
    expect(await finished(runId)).toMatchObject({ status: "finished", exitReason: "point_only", point: "pre-model-call" });
    const events = await query<{ type: string; patch?: unknown }[]>("runs.events", { runId, afterSeq: 0 });
    expect(events.find((e) => e.type === "hook.end")?.patch).toEqual([{ op: "replace", path: "/systemPrompt", value: "Edited.\nBe concise." }]);
  }, 60_000);
});
