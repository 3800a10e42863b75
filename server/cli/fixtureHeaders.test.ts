import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { HookRunnerFactory } from "../../core/engine/ports";
import { createInProcessRunner } from "../../core/engine/testing/inProcessRunner";
import type { PipelineInput } from "../../core/pipeline/schema";
import { createRunCommand } from "./runCommand";

/* `hookwright run` refuses a pipeline file whose HTTP fixture has a header name the scenario form would refuse. */

const noHooks: HookRunnerFactory = () => Promise.resolve(createInProcessRunner({ hooks: {} }));
const dir = mkdtempSync(join(tmpdir(), "hookwright-cli-headers-"));

async function run(file: string, pipeline: PipelineInput) {
  writeFileSync(join(dir, file), JSON.stringify(pipeline));
  let stdout = "";
  let stderr = "";
  const code = await createRunCommand(noHooks).run([file], { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), cwd: dir });
  return { code, stdout, stderr };
}

const pipeline = (headers: Record<string, string>): PipelineInput => ({
  format: "hookwright.pipeline/v1",
  name: "Fixtures",
  profile: "vellum",
  scenarios: [
    {
      name: "calm",
      prompt: "hi",
      model: { kind: "scripted", responses: [{ content: [{ type: "text", text: "ok" }] }] },
      http: [{ url: "https://api.example.com/a", headers }],
    },
  ],
});

describe("hookwright run: fixture headers", () => {
  it("exits 1 naming the fixture's headers and the bad name, before running anything", async () => {
    expect(await run("bad.json", pipeline({ "X-Rate Limit": "10", "X-Note": "a\nb" }))).toEqual({
      code: 1,
      stdout: "",
      stderr:
        "hookwright run: bad.json is not a valid pipeline:\n" +
        '  scenarios[0].http[0].headers: "X-Rate Limit" is not a header name: no spaces or colons (the value goes in its own field)\n' +
        "  scenarios[0].http[0].headers: the value of X-Note cannot hold a line break\n",
    });
  });

  it("runs a file whose header names are HTTP tokens", async () => {
    expect((await run("good.json", pipeline({ "x-rate-limit": "10" }))).code).toBe(0);
  });
});
