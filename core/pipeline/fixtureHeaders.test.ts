import { describe, expect, it } from "vitest";
import { describeIssues, parsePipeline } from "./parsePipeline";
import type { PipelineInput } from "./schema";

/* A pipeline file's HTTP fixture headers are checked as the scenario form checks its header rows. */

const withHeaders = (...headers: Record<string, string>[]): PipelineInput => ({
  format: "hookwright.pipeline/v1",
  name: "Fixtures",
  profile: "vellum",
  scenarios: [
    {
      name: "calm",
      prompt: "hi",
      model: { kind: "scripted", responses: [{ content: [{ type: "text", text: "ok" }] }] },
      http: headers.map((h, i) => ({ url: `https://api.example.com/${i}`, headers: h })),
    },
  ],
});

const problems = (doc: PipelineInput) => {
  const parsed = parsePipeline(doc);
  return parsed.ok ? "" : describeIssues(parsed.issues);
};

describe("fixture headers in a pipeline file", () => {
  it("accepts header names that are HTTP tokens, in any case", () => {
    expect(problems(withHeaders({ "x-rate-limit": "10", "Content-Type": "application/json", "X-Weird!#$%&'*+.^_`|~": "" }))).toBe("");
  });

  it("names the fixture and what is wrong with a header, as the scenario form does", () => {
    expect(problems(withHeaders({ ok: "1" }, { "X-Rate Limit": "10" }))).toBe(
      'scenarios[0].http[1].headers: "X-Rate Limit" is not a header name: no spaces or colons (the value goes in its own field)',
    );
    expect(problems(withHeaders({ "X-Rate-Limit": "10", "x-rate-limit": "11" }))).toBe("scenarios[0].http[0].headers: x-rate-limit is given twice (header names ignore case)");
    expect(problems(withHeaders({ "": "1" }))).toBe("scenarios[0].http[0].headers: a header needs a name");
    expect(problems(withHeaders({ "X-(a)": "1" }))).toBe('scenarios[0].http[0].headers: "X-(a)" is not a header name: letters, digits and ! # $ % & \' * + - . ^ _ ` | ~ only');
    expect(problems(withHeaders({ "X-Note": "one\ntwo" }))).toBe("scenarios[0].http[0].headers: the value of X-Note cannot hold a line break");
  });
});
