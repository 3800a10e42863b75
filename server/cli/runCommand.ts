import { createRunGate } from "../../core/approvals/gate";
import { SimulationError } from "../../core/engine/errors";
import type { HookRunnerFactory } from "../../core/engine/ports";
import { runScenario } from "../../core/engine/runScenario";
import { pickScenario } from "../../core/engine/validate";
import { checkExpectations } from "../../core/expectations";
import type { TraceEvent } from "../../core/trace/events";
import type { TraceSink } from "../../core/trace/recorder";
import { parseArgs, UsageError, type CliIO, type Command } from "./command";
import { expectationLines } from "./expectationLines";
import { FileProblem, readPipelineFile } from "./pipelineFile";
import { runPointCommand } from "./runPoint";
import { createSummaryPrinter } from "./summary";
import { sessionVerdictLines } from "./sessionLines";
import { cliLiveModel } from "./liveModel";

const USAGE = "hookwright run PIPELINE.json [--scenario NAME] [--point NAME [--context FILE.json]] [--json [--expand]]";

/**
 * `hookwright run`: runs a scenario of a pipeline file (or, with --point, one hook point's chain
 * on a context from --context, by default the profile's example, with the files and HTTP fixtures
 * of --scenario, by default the first: ./runPoint.ts) and prints its trace, as JSON Lines
 * with --json (hookwright.trace/v2: large fields as deltas where smaller; --expand writes every
 * field in full, still a valid v2 trace), readable otherwise, with the scenario's expectations checked. Exit codes: 0 the run completed (whatever its exitReason),
 * 1 the file or the run is unusable (message names the field), 2 a usage mistake.
 */
export function createRunCommand(createRunner: HookRunnerFactory): Command {
  return {
    name: "run",
    summary: "Run a scenario of a pipeline file and print its trace.",
    usage: USAGE,
    async run(args, io) {
      try {
        return await run(args, io, createRunner);
      } catch (error) {
        if (error instanceof UsageError) {
          io.stderr(`hookwright run: ${error.message}\nusage: ${USAGE}\n`);
          return 2;
        }
        if (error instanceof SimulationError || error instanceof FileProblem) {
          io.stderr(`hookwright run: ${error.message}\n`);
          return 1;
        }
        throw error;
      }
    },
  };
}

async function run(args: readonly string[], io: CliIO, createRunner: HookRunnerFactory): Promise<number> {
  const { positionals, flags } = parseArgs(args, { scenario: "value", json: "boolean", expand: "boolean", point: "value", context: "value" });
  const [file, ...extra] = positionals;
  if (file === undefined) throw new UsageError("which pipeline file? Give its path");
  if (extra.length > 0) throw new UsageError(`one pipeline file at a time (also got ${extra.join(", ")})`);
  if (flags.expand === true && flags.json !== true) throw new UsageError("--expand changes the --json output: give both");
  const point = typeof flags.point === "string" ? flags.point : undefined;
  if (point === undefined && flags.context !== undefined) throw new UsageError("--context is the context of the point given with --point");

  const { pipeline, profile } = await readPipelineFile(io.cwd, file);
  const summary = createSummaryPrinter((line) => io.stdout(`${line}\n`));
  const full: TraceEvent[] = [];
  const print: TraceSink =
    flags.json !== true ? (_, event) => summary(event) : flags.expand === true ? (_, event) => io.stdout(`${JSON.stringify(event)}\n`) : (written) => io.stdout(`${JSON.stringify(written)}\n`);
  const emit: TraceSink = (written, event) => {
    full.push(event);
    print(written, event);
  };

  if (point !== undefined) {
    const contextFile = typeof flags.context === "string" ? flags.context : undefined;
    const scenarioName = typeof flags.scenario === "string" ? flags.scenario : undefined;
    return runPointCommand({ io, pipeline, profile, point, contextFile, scenarioName, createRunner, emit });
  }

  const scenario = pickScenario(pipeline, typeof flags.scenario === "string" ? flags.scenario : undefined);
  // Headless: the scenario's scripted answers, else the host's "approval unavailable" (core/approvals).
  const approvals = createRunGate({ script: scenario.approvals ?? [], clockStart: scenario.clockStart });
  // A real model's text streams to stderr as it arrives (stdout stays the trace or its summary).
  const live = cliLiveModel(scenario, { onText: flags.json === true ? undefined : (text) => io.stderr(text) });
  let result: Awaited<ReturnType<typeof runScenario>>;
  try {
    result = await runScenario({ pipeline, scenario, createRunner, emit, approvals, ...(live ? { model: live.model } : {}) });
  } finally {
    live?.dispose();
  }
  if (flags.json !== true) {
    io.stdout(`${result.modelCalls} model call${result.modelCalls === 1 ? "" : "s"}, ${result.toolCalls} tool call${result.toolCalls === 1 ? "" : "s"}\n`);
    const expectations = scenario.expectations ?? [];
    if (expectations.length > 0) for (const line of expectationLines(checkExpectations({ events: full, expectations, pipeline }))) io.stdout(`${line}\n`);
    for (const line of sessionVerdictLines(scenario, full)) io.stdout(`${line}\n`);
  }
  return result.exitReason === "internal_error" ? 1 : 0;
}
