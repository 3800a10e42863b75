import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createRunCommand } from "../../cli/runCommand";
import { createSandboxRunner } from "..";
import { examplePipelines } from "../../../core/examples";
import { checkExpectations } from "../../../core/expectations/check";
import { parsePipeline } from "../../../core/pipeline/parsePipeline";
import { deputyProfile } from "../../../core/profiles";
import { collectTrace, createSandboxSimulator } from "../testing/simulateInSandbox";
import { rSkipReason } from "./testing";

/** The deputy examples (core/examples) run as the app runs them: R hooks in the sandboxed R, every scenario's expectations. */

const sandbox = createSandboxSimulator();
afterAll(() => sandbox.dispose());

describe.skipIf(rSkipReason !== null)("deputy examples", () => {
  for (const example of examplePipelines.filter((p) => p.profile === "deputy")) {
    it(`${example.name}: every scenario's expectations pass`, async () => {
      const parsed = parsePipeline(example);
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
      const pipeline = parsed.value;
      for (const scenario of pipeline.scenarios) {
        const trace = collectTrace();
        await sandbox.simulate({ pipeline, scenario, profile: deputyProfile, emit: trace.emit });
        const report = checkExpectations({ events: trace.events, pipeline, expectations: scenario.expectations ?? [] });
        expect(report.results.filter((r) => !r.pass), scenario.name).toEqual([]);
      }
    });
  }

  it("deputy bash gate: the model receives ellmer's rejection text for rm -rf", async () => {
    const parsed = parsePipeline(examplePipelines.find((p) => p.name === "deputy bash gate"));
    if (!parsed.ok) throw new Error("setup");
    const scenario = parsed.value.scenarios[0];
    if (!scenario) throw new Error("setup");
    const trace = collectTrace();
    await sandbox.simulate({ pipeline: parsed.value, scenario, profile: deputyProfile, emit: trace.emit });
    expect(trace.of("model.request")[1]?.messages.at(-1)?.content).toEqual([
      { type: "tool_result", tool_use_id: "call_rm", content: "Tool calling failed with error Tool call rejected. Dangerous!", is_error: true },
    ]);
  });

  const checkTrace = resolve(__dirname, "../../../../shared/tools/check-trace.mjs");
  it.runIf(existsSync(checkTrace))("hookwright run --json writes traces check-trace.mjs accepts, compact and --expand", async () => {
    const dir = mkdtempSync(join(tmpdir(), "hookwright-deputy-"));
    const command = createRunCommand(createSandboxRunner);
    for (const [i, example] of examplePipelines.filter((p) => p.profile === "deputy").entries()) {
      writeFileSync(join(dir, `d${i}.json`), JSON.stringify(example));
      for (const flags of [["--json"], ["--json", "--expand"]]) {
        let stdout = "";
        const code = await command.run([`d${i}.json`, ...flags], { stdout: (t) => void (stdout += t), stderr: () => undefined, cwd: dir });
        expect(code).toBe(0);
        const checked = spawnSync(process.execPath, [checkTrace, "-"], { input: stdout, encoding: "utf8" });
        expect(`${example.name} ${flags.join(" ")}: ${checked.stdout.trim().split("\n").pop() ?? ""}`).toMatch(/: trace follows the contract$/);
      }
    }
  });
});
