import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { SimulationError } from "../../core/engine/errors";
import type { HookRunnerFactory } from "../../core/engine/ports";
import { runScenario } from "../../core/engine/runScenario";
import { checkPipelineAgainstProfile, pickScenario } from "../../core/engine/validate";
import { describeIssues, parsePipeline } from "../../core/pipeline/parsePipeline";
import { getProfile, listProfiles } from "../../core/profiles";
import type { TraceSink } from "../../core/trace/recorder";
import { parseArgs, UsageError, type CliIO, type Command } from "./command";
import { createSummaryPrinter } from "./summary";

const USAGE = "hookwright run PIPELINE.json [--scenario NAME] [--json [--expand]]";

/**
 * `hookwright run`: runs a scenario of a pipeline file and prints its trace, as JSON Lines
 * with --json (hookwright.trace/v2: large fields as deltas where smaller; --expand writes every
 * field in full, still a valid v2 trace), readable otherwise. Exit codes: 0 the run completed (whatever its exitReason),
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
        if (error instanceof SimulationError) {
          io.stderr(`hookwright run: ${error.message}\n`);
          return 1;
        }
        throw error;
      }
    },
  };
}

async function run(args: readonly string[], io: CliIO, createRunner: HookRunnerFactory): Promise<number> {
  const { positionals, flags } = parseArgs(args, { scenario: "value", json: "boolean", expand: "boolean" });
  const [file, ...extra] = positionals;
  if (file === undefined) throw new UsageError("which pipeline file? Give its path");
  if (extra.length > 0) throw new UsageError(`one pipeline file at a time (also got ${extra.join(", ")})`);

  const path = resolve(io.cwd, file);
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    io.stderr(`hookwright run: cannot read ${file}: ${(error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : String(error)}\n`);
    return 1;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    io.stderr(`hookwright run: ${file} is not valid JSON: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
  const parsed = parsePipeline(json);
  if (!parsed.ok) {
    io.stderr(`hookwright run: ${file} is not a valid pipeline:\n${indent(describeIssues(parsed.issues))}\n`);
    return 1;
  }
  const pipeline = parsed.value;
  const profile = getProfile(pipeline.profile);
  if (!profile) {
    io.stderr(`hookwright run: ${file}: profile: unknown profile "${pipeline.profile}" (known: ${listProfiles().map((p) => p.id).join(", ")})\n`);
    return 1;
  }
  const issues = checkPipelineAgainstProfile(pipeline, profile);
  if (issues.length > 0) {
    io.stderr(`hookwright run: ${file} does not fit the ${profile.name} profile:\n${indent(describeIssues(issues))}\n`);
    return 1;
  }
  const scenario = pickScenario(pipeline, typeof flags.scenario === "string" ? flags.scenario : undefined);
  if (flags.expand === true && flags.json !== true) throw new UsageError("--expand changes the --json output: give both");
  const summary = createSummaryPrinter((line) => io.stdout(`${line}\n`));
  const emit: TraceSink =
    flags.json !== true ? (_, full) => summary(full) : flags.expand === true ? (_, full) => io.stdout(`${JSON.stringify(full)}\n`) : (written) => io.stdout(`${JSON.stringify(written)}\n`);
  const result = await runScenario({ pipeline, scenario, createRunner, emit });
  if (flags.json !== true) io.stdout(`${result.modelCalls} model call${result.modelCalls === 1 ? "" : "s"}, ${result.toolCalls} tool call${result.toolCalls === 1 ? "" : "s"}\n`);
  return result.exitReason === "internal_error" ? 1 : 0;
}

function indent(text: string): string {
  return text
    .split("\n")
    .map((l) => `  ${l}`)
    .join("\n");
}
