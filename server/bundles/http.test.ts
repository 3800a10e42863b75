import { unzipSync, zipSync } from "fflate";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { chainedPipeline } from "~/core/bundles/fixtures/pipelines";
import { openTestStore } from "~/db/testDatabase";
import { createCaller } from "~/server/api/root";
import { createContextInner } from "~/server/api/trpc";
import { exportResponse, importResponse, type ImportedPlugin } from "./http";
import { DEFAULT_ARCHIVE_LIMITS } from "./limits";
import { buildRawZip } from "./testing/rawZip";

let store: ReturnType<typeof openTestStore>;
beforeEach(async () => {
  store = openTestStore();
});
afterEach(() => store.close());

function upload(body: Uint8Array, headers: Record<string, string> = {}): Request {
  return new Request("http://localhost/api/bundles/import", { method: "POST", body: new Uint8Array(body), headers: { "content-type": "application/zip", ...headers } });
}

describe("bundle HTTP endpoints", () => {
  it("downloads a pipeline as a zip and imports it back as a new, equal pipeline", async () => {
    const created = await store.pipelines.create(chainedPipeline);
    const download = await exportResponse(store, created.id, null);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/zip");
    expect(download.headers.get("content-disposition")).toBe('attachment; filename="tool-result-guard.zip"');
    const zip = new Uint8Array(await download.arrayBuffer());
    expect(Object.keys(unzipSync(zip))).toContain("tool-result-guard/hooks/post-tool-use.ts");

    const response = await importResponse(store, upload(zip));
    expect(response.status).toBe(201);
    const body = (await response.json()) as ImportedPlugin;
    expect(body.name).toBe("Tool Result Guard");
    expect(body.warnings).toEqual([]);
    expect(body.id).not.toBe(created.id);
    expect((await store.pipelines.get(body.id)).document).toEqual(created.document);
  });

  it("answers a missing pipeline with 404 and a bad revision with 400", async () => {
    const missing = await exportResponse(store, "nope", null);
    expect(missing.status).toBe(404);
    const created = await store.pipelines.create(chainedPipeline);
    const bad = await exportResponse(store, created.id, "two");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: '"two" is not a revision number.', code: "BAD_REVISION" });
  });

  it("refuses an upload over the size limit with 413, by its declared length or while reading", async () => {
    const limits = { ...DEFAULT_ARCHIVE_LIMITS, maxArchiveBytes: 1024 };
    const declared = await importResponse(store, upload(new Uint8Array(10), { "content-length": String(5 * 1024 * 1024) }), limits);
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ error: "The archive is 5 MB; at most 1 KB are allowed.", code: "ARCHIVE_TOO_LARGE" });
    const streamed = await importResponse(store, upload(new Uint8Array(4096)), limits);
    expect(streamed.status).toBe(413);
    expect(await streamed.json()).toEqual({ error: "The archive is more than 1 KB; at most 1 KB are allowed.", code: "ARCHIVE_TOO_LARGE" });
  });

  it("refuses a malicious archive with 400 and a plugin it cannot read with 422", async () => {
    const evil = await importResponse(store, upload(buildRawZip([{ name: "../evil.ts", data: "x" }])));
    expect(evil.status).toBe(400);
    expect(await evil.json()).toEqual({ error: 'Entry "../evil.ts" contains "..", which could point outside the plugin folder.', code: "PARENT_PATH" });
    const noManifest = await importResponse(store, upload(buildRawZip([{ name: "p/hooks/stop.ts", data: "export default async () => {};" }])));
    expect(noManifest.status).toBe(422);
    expect(await noManifest.json()).toEqual({ error: "This is not a Vellum plugin: there is no package.json at its root.", code: "NO_MANIFEST" });
  });
});

describe("bundles.preview", () => {
  it("lists the plugin's files and where to download it", async () => {
    const created = await store.pipelines.create(chainedPipeline);
    const caller = createCaller(createContextInner({ store }));
    const preview = await caller.bundles.preview({ id: created.id });
    expect(preview.pluginName).toBe("tool-result-guard");
    expect(preview.revision).toBe(1);
    expect(preview.downloadUrl).toBe(`/api/bundles/export/${created.id}?revision=1`);
    expect(preview.files.map((f) => f.path)).toContain("hookwright/chain.ts");
    expect(preview.files.find((f) => f.path === "src/constants.ts")?.bytes).toBe(new TextEncoder().encode('export const ELLIPSIS = "…";\n').length);
  });

  it("says why a pipeline cannot be exported", async () => {
    const created = await store.pipelines.create({ ...chainedPipeline, modules: [{ path: "tools/x.ts", code: "" }] });
    const caller = createCaller(createContextInner({ store }));
    await expect(caller.bundles.preview({ id: created.id })).rejects.toThrow(
      "Module tools/x.ts would be loaded by the host as a plugin tool, because tools/ is a plugin surface folder; move it, for example to src/.",
    );
  });
});

describe("import endpoint, issue 10", () => {
  it("refuses a plugin sent as text/plain (a cross-site no-cors fetch) with 415 and plants nothing", async () => {
    const zip = new Uint8Array(await (await exportResponse(store, (await store.pipelines.create(chainedPipeline)).id, null)).arrayBuffer());
    const before = (await store.pipelines.list()).length;
    const response = await importResponse(store, upload(zip, { "content-type": "text/plain;charset=UTF-8" }));
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({
      error: 'Upload the plugin as application/zip or application/octet-stream; this request sent Content-Type "text/plain".',
      code: "UNSUPPORTED_MEDIA_TYPE",
    });
    expect((await store.pipelines.list()).length).toBe(before);
    expect((await importResponse(store, upload(zip, { "content-type": "application/octet-stream" }))).status).toBe(201);
  });

  it("refuses a hookwright.json nested 2500 deep with 400 naming the file and the field", async () => {
    const zip = new Uint8Array(await (await exportResponse(store, (await store.pipelines.create(chainedPipeline)).id, null)).arrayBuffer());
    const files = unzipSync(zip);
    const metadataPath = Object.keys(files).find((p) => p.endsWith("/hookwright.json"));
    if (!metadataPath) throw new Error("the export has no hookwright.json");
    const deep = `${'{"a":'.repeat(2500)}1${"}".repeat(2500)}`;
    files[metadataPath] = new TextEncoder().encode(`{"format":"x","pipeline":{"scenarios":[{"tools":[{"inputSchema":${deep}}]}]}}`);
    const response = await importResponse(store, upload(zipSync(files)));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: "In tool-result-guard/hookwright.json, pipeline.scenarios[0].tools[0].inputSchema.a.a…: nested more than 100 levels deep; JSON here may nest at most 100 levels.",
      code: "JSON_TOO_DEEP",
    });
  });
});
