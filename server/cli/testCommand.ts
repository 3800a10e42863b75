import { writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { SimulationError } from "../../core/engine/errors";
import type { HookRunnerFactory } from "../../core/engine/ports";
import { pickScenario } from "../../core/engine/validate";
import { parseArgs, UsageError, type Command } from "./command";
import { junitXml } from "./junit";
import { FileProblem, readPipelineFile } from "./pipelineFile";
import { testScenario, type ScenarioOutcome } from "./testRun";

const USAGE = "hookwright test PIPELINE.json [--scenario NAME] [--reporter junit [--output FILE]]";
const REPORTERS = ["junit"];

/**
 * `hookwright test`: runs every scenario of a pipeline file (or the one named) and checks its
 * expectations: a line per scenario, each failed expectation with its reason, a summary. Exit
 * codes: 0 all passed, 1 a scenario failed or could not run (or the file is unusable), 2 a usage
 * mistake. `--reporter junit` writes JUnit XML for CI: to --output FILE, else to stdout instead
 * of the lines.
 */
export function createTestCommand(createRunner: HookRunnerFactory): Command {
  return {
    name: "test",
    summary: "Run every scenario of a pipeline file and check its expectations (exit 1 on a failure).",
    usage: USAGE,
    async run(args, io) {
      try {
        const { positionals, flags } = parseArgs(args, { scenario: "value", reporter: "value", output: "value" });
        const [file, ...extra] = positionals;
        if (file === undefined) throw new UsageError("which pipeline file? Give its path");
        if (extra.length > 0) throw new UsageError(`one pipeline file at a time (also got ${extra.join(", ")})`);
        const reporter = typeof flags.reporter === "string" ? flags.reporter : null;
        if (reporter !== null && !REPORTERS.includes(reporter)) throw new UsageError(`unknown reporter "${reporter}" (reporters: ${REPORTERS.join(", ")})`);
        const output = typeof flags.output === "string" ? flags.output : null;
        if (output !== null && reporter === null) throw new UsageError("--output is where --reporter junit writes: give both");

        const { pipeline } = await readPipelineFile(io.cwd, file);
        const scenarios = typeof flags.scenario === "string" ? [pickScenario(pipeline, flags.scenario)] : pipeline.scenarios;
        if (scenarios.length === 0) throw new FileProblem(`${file}: pipeline "${pipeline.name}" has no scenarios to test: add one to "scenarios"`);
        const lines = reporter === null || output !== null ? (line: string) => io.stdout(`${line}\n`) : () => undefined;
        const outcomes: ScenarioOutcome[] = [];
        for (const scenario of scenarios) {
          const outcome = await testScenario(pipeline, scenario, createRunner);
          outcomes.push(outcome);
          outcomeLines(outcome).forEach(lines);
        }
        lines(summaryLine(outcomes));
        if (reporter === "junit") {
          const xml = junitXml(pipeline.name, outcomes);
          if (output === null) io.stdout(xml);
          else {
            try {
              await writeFile(resolve(io.cwd, output), xml);
            } catch (error) {
              throw new FileProblem(`cannot write ${output}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
            }
            lines(`JUnit report written to ${output}`);
          }
        }
        return outcomes.every((o) => o.status === "passed") ? 0 : 1;
      } catch (error) {
        if (error instanceof UsageError) {
          io.stderr(`hookwright test: ${error.message}\nusage: ${USAGE}\n`);
          return 2;
        }
        if (error instanceof SimulationError || error instanceof FileProblem) {
          io.stderr(`hookwright test: ${error.message}\n`);
          return 1;
        }
        throw error;
      }
    },
  };
}

function outcomeLines(o: ScenarioOutcome): string[] {
  const ms = `${Math.round(o.durationMs)} ms`;
  if (o.status === "error") return [`✗ ${o.scenario}  could not run: ${o.error ?? o.exitReason ?? "unknown failure"}  ${ms}`];
  const counted = o.report ? `${o.report.passed}/${o.report.results.length} expectations` : "no expectations";
  const head = `${o.status === "passed" ? "✓" : "✗"} ${o.scenario}  ${counted}  ${ms}`;
  const failed = (o.report?.results ?? []).filter((r) => !r.pass).map((r) => `    ✗ ${r.label}: ${r.reason}${r.seq !== null ? `  [step ${r.seq}]` : ""}`);
  return [head, ...failed, ...(o.sessionLines ?? [])];
}

function summaryLine(outcomes: readonly ScenarioOutcome[]): string {
  const passed = outcomes.filter((o) => o.status === "passed").length;
  const failed = outcomes.filter((o) => o.status === "failed").length;
  const errors = outcomes.length - passed - failed;
  const n = outcomes.length;
  return `${n} scenario${n === 1 ? "" : "s"}: ${passed} passed, ${failed} failed${errors > 0 ? `, ${errors} could not run` : ""}`;
}
