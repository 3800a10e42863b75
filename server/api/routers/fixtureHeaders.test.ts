import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SqliteStore } from "~/db/sqlite/sqliteStore";
import type { PipelineInput } from "~/core/pipeline/schema";
import { openTestApi, rejection, type TestApi } from "../testing/testApi";

/* A fixture header name the scenario form would refuse is refused when a pipeline file is imported or saved too. */

let store: SqliteStore;
let api: TestApi;
beforeEach(() => ({ store, api } = openTestApi()));
afterEach(() => store.close());

const fixtures = (headers: Record<string, string>) => [
  { method: "GET", url: "https://api.example.com/a", status: 200, headers: {}, body: "", delayMs: 0 },
  { method: "GET", url: "https://api.example.com/b", status: 200, headers, body: "", delayMs: 0 },
];

const document = (headers: Record<string, string>): PipelineInput => ({
  format: "hookwright.pipeline/v1",
  name: "Fixtures",
  profile: "vellum",
  scenarios: [{ name: "calm", prompt: "hi", model: { kind: "scripted", responses: [{ content: [{ type: "text", text: "ok" }] }] }, http: fixtures(headers) }],
});

describe("fixture headers through the API", () => {
  it("refuses an imported pipeline file whose fixture has a header name with a space, naming the field", async () => {
    const error = await rejection(api.pipelines.create({ from: "document", document: document({ "X-Rate Limit": "10" }) }));
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.message).toBe('document.scenarios[0].http[1].headers: "X-Rate Limit" is not a header name: no spaces or colons (the value goes in its own field)');
    expect(await api.pipelines.list()).toEqual([]);
  });

  it("refuses a save that repeats a header name, and keeps the saved revision", async () => {
    const { id, document: saved } = await api.pipelines.create({ from: "document", document: document({ "x-rate-limit": "10" }) });
    const [scenario] = saved.scenarios;
    if (!scenario) throw new Error("the pipeline has no scenario");
    const bad = { ...saved, scenarios: [{ ...scenario, http: fixtures({ "x-rate-limit": "10", "X-Rate-Limit": "11" }) }] };
    const error = await rejection(api.pipelines.save({ id, baseRevision: 1, document: bad }));
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.message).toBe("document.scenarios[0].http[1].headers: X-Rate-Limit is given twice (header names ignore case)");
    const current = await api.pipelines.get({ id });
    expect([current.revision, current.document.scenarios[0]?.http?.[1]?.headers]).toEqual([1, { "x-rate-limit": "10" }]);
  });
});
