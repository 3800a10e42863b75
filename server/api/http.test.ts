import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as RouteModule from "~/app/api/trpc/[trpc]/route";

/* The HTTP edge as a browser sees it: status codes and the error body of the real route. */

let folder: string;
let route: typeof RouteModule;
beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), "hookwright-http-"));
  // The route opens the app database the way the server does: from HOOKWRIGHT_DB, migrated and seeded.
  process.env.HOOKWRIGHT_DB = path.join(folder, "app.db");
  route = await import("~/app/api/trpc/[trpc]/route");
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function call(procedure: string, input: unknown): Promise<Response> {
  return route.POST(
    new Request(`http://localhost/api/trpc/${procedure}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ json: input }),
    }),
  );
}

interface ErrorBody {
  error: { json: { message: string; data: { code: string; httpStatus: number; issues: unknown; zodError: unknown } } };
}

describe("POST /api/trpc", () => {
  it("answers a bad input with 400, the field and the reason", async () => {
    const response = await call("pipelines.create", { from: "blank", name: "", profile: "vellum" });
    const body = (await response.json()) as ErrorBody;

    expect(response.status).toBe(400);
    expect(body.error.json.message).toBe("name: a pipeline needs a name");
    expect(body.error.json.data.code).toBe("BAD_REQUEST");
    expect(body.error.json.data.issues).toEqual([{ path: "name", message: "a pipeline needs a name" }]);
    expect(body.error.json.data.zodError).toEqual({ formErrors: [], fieldErrors: { name: ["a pipeline needs a name"] } });
  });

  it("answers malformed JSON with 400, not 500", async () => {
    const response = await route.POST(
      new Request("http://localhost/api/trpc/pipelines.create", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{not json",
      }),
    );
    expect(response.status).toBe(400);
  });

  it("answers a stale save with 409", async () => {
    const created = await call("pipelines.create", { from: "blank", name: "P", profile: "vellum" });
    const { result } = (await created.json()) as { result: { data: { json: { id: string; document: unknown } } } };
    const { id, document } = result.data.json;
    await call("pipelines.save", { id, baseRevision: 1, document });
    const stale = await call("pipelines.save", { id, baseRevision: 1, document });

    expect(stale.status).toBe(409);
    expect(((await stale.json()) as ErrorBody).error.json.message).toMatch(/^This pipeline was changed elsewhere \(revision 2\)/);
  });

  it("answers an unknown id with 404", async () => {
    const response = await route.GET(
      new Request(`http://localhost/api/trpc/pipelines.get?input=${encodeURIComponent(JSON.stringify({ json: { id: "x" } }))}`),
    );
    expect(response.status).toBe(404);
  });
});
