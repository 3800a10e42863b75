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

/* Issue 10, items 4–6 and 8: the exact requests that failed, answered with a 4xx naming the field. */

function post(procedure: string, body: string, headers: Record<string, string> = {}): Promise<Response> {
  return route.POST(
    new Request(`http://localhost/api/trpc/${procedure}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body }),
  );
}

async function errorOf(response: Response): Promise<{ status: number; message: string; code: string }> {
  const body = (await response.json()) as ErrorBody;
  return { status: response.status, message: body.error.json.message, code: body.error.json.data.code };
}

const deep = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;

async function createdPipelineId(): Promise<string> {
  const created = await call("pipelines.create", { from: "blank", name: "Target", profile: "vellum" });
  return ((await created.json()) as { result: { data: { json: { id: string } } } }).result.data.json.id;
}

function documentWithTool(inputSchema: string, results = '["ok"]'): string {
  return `{"format":"hookwright.pipeline/v1","name":"Deep","profile":"vellum","scenarios":[{"name":"s","prompt":"hi","model":{"kind":"scripted","responses":[]},"tools":[{"name":"t","inputSchema":${inputSchema},"results":${results}}]}]}`;
}

describe("bad input gets a 4xx that names the field (issue 10)", () => {
  it("refuses JSON nested 2500 deep in pipelines.create, pipelines.save and runs.start with 400 and the field", async () => {
    const create = await errorOf(await post("pipelines.create", `{"json":{"from":"document","document":${documentWithTool(deep(2500))}}}`));
    expect(create).toEqual({
      status: 400,
      code: "BAD_REQUEST",
      message: "document.scenarios[0].tools[0].inputSchema.a.a…: nested more than 100 levels deep; JSON here may nest at most 100 levels.",
    });

    const id = await createdPipelineId();
    const save = await errorOf(await post("pipelines.save", `{"json":{"id":"${id}","baseRevision":1,"document":${documentWithTool(deep(2500))}}}`));
    expect(save.status).toBe(400);
    expect(save.message).toBe("document.scenarios[0].tools[0].inputSchema.a.a…: nested more than 100 levels deep; JSON here may nest at most 100 levels.");

    const scenario = `{"name":"s","prompt":"hi","model":{"kind":"scripted","responses":[]},"history":[{"role":"user","content":[{"type":"tool_use","id":"u","name":"n","input":${deep(2500)}}]}]}`;
    const start = await errorOf(await post("runs.start", `{"json":{"pipelineId":"${id}","scenario":${scenario}}}`));
    expect(start).toEqual({
      status: 400,
      code: "BAD_REQUEST",
      message: "scenario.history[0].content[0].input.a.a…: nested more than 100 levels deep; JSON here may nest at most 100 levels.",
    });
  });

  it("names the field in a batched call too, and accepts nesting up to the limit", async () => {
    const batched = await route.POST(
      new Request("http://localhost/api/trpc/pipelines.create?batch=1", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: `{"0":{"json":{"from":"document","document":${documentWithTool(deep(2500))}}}}`,
      }),
    );
    expect(batched.status).toBe(400);
    const [first] = (await batched.json()) as Array<ErrorBody>;
    expect(first?.error.json.message).toMatch(/^document\.scenarios\[0\]\.tools\[0\]\.inputSchema\.a\.a…: nested more than 100 levels/);

    // 100 levels in all, counting the envelope and the document's own levels.
    const fits = await post("pipelines.create", `{"json":{"from":"document","document":${documentWithTool(deep(100 - 7))}}}`);
    expect(fits.status).toBe(200);
  });

  it("answers runs.onEvent for an unknown run with NOT_FOUND at once, without logging an incident", async () => {
    const logged: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => logged.push(args);
    try {
      const started = Date.now();
      const response = await route.GET(
        new Request(`http://localhost/api/trpc/runs.onEvent?input=${encodeURIComponent(JSON.stringify({ json: { runId: "no-such-run" } }))}`, {
          headers: { accept: "text/event-stream" },
        }),
      );
      const reader = response.body?.getReader();
      if (!reader) throw new Error("the subscription answered without a body");
      let text = "";
      while (!/event: serialized-error\ndata: .*\n/.test(text)) {
        const { done, value } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value);
      }
      await reader.cancel();
      expect(Date.now() - started).toBeLessThan(2000);
      const data = /event: serialized-error\ndata: (.*)\n/.exec(text)?.[1];
      const shape = (JSON.parse(data ?? "{}") as { json: { message: string; data: { code: string } } }).json;
      expect(shape.data.code).toBe("NOT_FOUND");
      expect(shape.message).toBe("run no-such-run does not exist");
      expect(logged).toEqual([]);
    } finally {
      console.error = original;
    }
  });

  it("ends a stream that waited for a run which never started with NOT_FOUND, not an incident", async () => {
    const logged: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => logged.push(args);
    try {
      const input = encodeURIComponent(JSON.stringify({ json: { runId: "never-started", awaitStart: true } }));
      const response = await route.GET(new Request(`http://localhost/api/trpc/runs.onEvent?input=${input}`, { headers: { accept: "text/event-stream" } }));
      const reader = response.body?.getReader();
      if (!reader) throw new Error("the subscription answered without a body");
      let text = "";
      while (!/event: serialized-error\ndata: .*\n/.test(text)) {
        const { done, value } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value);
      }
      await reader.cancel();
      const data = /event: serialized-error\ndata: (.*)\n/.exec(text)?.[1];
      expect((JSON.parse(data ?? "{}") as { json: { data: { code: string } } }).json.data.code).toBe("NOT_FOUND");
      expect(logged).toEqual([]);
    } finally {
      console.error = original;
    }
  }, 20_000);

  it("answers unknown runs with 404 in runs.events and runs.outline, and runs.list of an unknown pipeline with 404", async () => {
    const get = (procedure: string, input: unknown) =>
      route.GET(new Request(`http://localhost/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`));
    expect(await errorOf(await get("runs.events", { runId: "nope", afterSeq: 0 }))).toEqual({ status: 404, code: "NOT_FOUND", message: "run nope does not exist" });
    expect(await errorOf(await get("runs.outline", { runId: "nope" }))).toEqual({ status: 404, code: "NOT_FOUND", message: "run nope does not exist" });
    expect(await errorOf(await get("runs.list", { pipelineId: "nope" }))).toEqual({
      status: 404,
      code: "NOT_FOUND",
      message: 'There is no pipeline with id "nope"; it may have been deleted.',
    });
    const id = await createdPipelineId();
    const empty = await get("runs.list", { pipelineId: id });
    expect(empty.status).toBe(200);
  });

  it("answers a null body on a mutation in plain words", async () => {
    expect(await errorOf(await post("pipelines.delete", "null"))).toEqual({
      status: 400,
      code: "BAD_REQUEST",
      message: 'The request body must be a JSON object like {"json": <input>}, not null.',
    });
  });

  it("names the allowed values for stopReason and for a tool's results", async () => {
    const id = await createdPipelineId();
    const bored = await errorOf(
      await call("runs.start", { pipelineId: id, scenario: { name: "s", prompt: "hi", model: { kind: "scripted", responses: [{ content: [], stopReason: "bored" }] } } }),
    );
    expect(bored).toEqual({
      status: 400,
      code: "BAD_REQUEST",
      message: 'scenario.model.responses[0].stopReason: Invalid option: expected one of "end_turn"|"tool_use"|"max_tokens"|"stop_sequence"',
    });
    const five = await errorOf(await post("pipelines.create", `{"json":{"from":"document","document":${documentWithTool('{"type":"object"}', "[5]")}}}`));
    expect(five).toEqual({
      status: 400,
      code: "BAD_REQUEST",
      message: "document.scenarios[0].tools[0].results[0]: a tool result is a string or an object { content: string, isError?: boolean }",
    });
  });

  it("quotes at most ~100 characters of a 1 MB value", async () => {
    const huge = "x".repeat(1024 * 1024);
    const id = await errorOf(await call("pipelines.delete", { id: huge }));
    expect(id).toEqual({ status: 400, code: "BAD_REQUEST", message: "id: a pipeline id has at most 200 characters" });
    const example = await errorOf(await call("pipelines.create", { from: "example", example: huge }));
    expect(example.status).toBe(400);
    expect(example.message).toBe(`example: there is no example named "${"x".repeat(100)}… (1048476 more characters)"`);
  });

  it("refuses a body over 10 MB with 413, by its declared length or while reading", async () => {
    const hook = "/".repeat(10 * 1024 * 1024);
    const body = `{"json":{"from":"document","document":{"format":"hookwright.pipeline/v1","name":"Big","profile":"vellum","hooks":[{"id":"h","point":"stop","name":"big","code":"${hook}"}]}}}`;
    expect(await errorOf(await post("pipelines.create", body))).toEqual({
      status: 413,
      code: "PAYLOAD_TOO_LARGE",
      message: "The request body is more than 10 MB; at most 10 MB are allowed here.",
    });
    expect(await errorOf(await post("pipelines.create", "{}", { "content-length": String(300 * 1024 * 1024) }))).toEqual({
      status: 413,
      code: "PAYLOAD_TOO_LARGE",
      message: "The request body is 300 MB; at most 10 MB are allowed here.",
    });
  });

  it("does not run a mutation sent as GET (a link or an <img> cannot change anything)", async () => {
    const id = await createdPipelineId();
    const response = await route.GET(new Request(`http://localhost/api/trpc/pipelines.delete?input=${encodeURIComponent(JSON.stringify({ json: { id } }))}`));
    expect(await errorOf(response)).toEqual({ status: 405, code: "METHOD_NOT_SUPPORTED", message: 'Unsupported GET-request to mutation procedure at path "pipelines.delete"' });
    const still = await route.GET(new Request(`http://localhost/api/trpc/pipelines.get?input=${encodeURIComponent(JSON.stringify({ json: { id } }))}`));
    expect(still.status).toBe(200);
  });

  it("refuses a body that is not JSON (a cross-site form's) with 415", async () => {
    const form = await post("pipelines.delete", "json=x", { "content-type": "multipart/form-data; boundary=x" });
    expect(await errorOf(form)).toEqual({
      status: 415,
      code: "UNSUPPORTED_MEDIA_TYPE",
      message: 'The API takes JSON: send Content-Type: application/json (this request sent "multipart/form-data; boundary=x").',
    });
  });
});
