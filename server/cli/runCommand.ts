import { createRunGate } from "../../core/approvals/gate";
import { SimulationError } from "../../core/engine/errors";
import type { HookRunnerFactory } from "../../core/engine/ports";
import { runScenario } from "../../core/engine/runScenario";
import { runPoint } from "../../core/engine/runPoint";
import { pickScenario } from "../../core/engine/validate";
import { checkExpectations } from "../../core/expectations";
import type { JsonObject } from "../../core/json";
import type { Pipeline } from "../../core/pipeline/schema";
import { exampleContext } from "../../core/run/exampleContext";
import type { TraceEvent } from "../../core/trace/events";
import type { TraceSink } from "../../core/trace/recorder";
import { parseArgs, UsageError, type CliIO, type Command } from "./command";
import { expectationLines } from "./expectationLines";
import { FileProblem, readJsonFile, readPipelineFile } from "./pipelineFile";
import { createSummaryPrinter } from "./summary";
import { cliLiveModel } from "./liveModel";

const USAGE = "hookwright run PIPELINE.json [--scenario NAME | --point NAME [--context FILE.json]] [--json [--expand]]";

/**
 * `hookwright run`: runs a scenario of a pipeline file (or, with --point, one hook point's chain
 * on a context from --context, by default the profile's example) and prints its trace, as JSON Lines
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
  if (point !== undefined && flags.scenario !== undefined) throw new UsageError("--point runs one hook point on a context, not a scenario: give --point or --scenario");
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
    if (!profile.points.some((p) => p.id === point)) {
      throw new FileProblem(`--point: "${point}" is not a hook point of the ${profile.name} profile (known: ${profile.points.map((p) => p.id).join(", ")})`);
    }
    const context = await pointContext(io, pipeline, point, typeof flags.context === "string" ? flags.context : undefined);
    const result = await runPoint({ pipeline, point, context, createRunner, emit });
    return result.exitReason === "internal_error" ? 1 : 0;
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
  }
  return result.exitReason === "internal_error" ? 1 : 0;
}

/** The context for --point: the --context file (a JSON object), or the profile's example context. */
async function pointContext(io: CliIO, pipeline: Pipeline, point: string, file: string | undefined): Promise<JsonObject> {
  if (file === undefined) {
    const example = await exampleContext(pipeline, point);
    if (!example) throw new FileProblem(`--point ${point}: give its context with --context FILE.json (the profile has no example context for it)`);
    io.stderr(`hookwright run: no --context given: ${point} runs on the example context of the ${pipeline.profile} profile\n`);
    return example;
  }
  const value = await readJsonFile(io.cwd, file);
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new FileProblem(`${file} must hold a JSON object: the context of ${point} as its point.start carries it`);
  }
  return value as JsonObject;
}
