import type { HookRunnerFactory } from "../../core/engine/ports";
import { readPointContext } from "../../core/engine/pointContext";
import { runPoint } from "../../core/engine/runPoint";
import type { JsonObject } from "../../core/json";
import type { Pipeline, Scenario } from "../../core/pipeline/schema";
import type { Profile } from "../../core/profiles/types";
import { exampleContext } from "../../core/run/exampleContext";
import type { TraceSink } from "../../core/trace/recorder";
import type { CliIO } from "./command";
import { FileProblem, readJsonFile } from "./pipelineFile";

/**
 * `hookwright run --point NAME`: one hook point's chain on a context (the --context file, by
 * default the profile's example), in a sandbox set up as a scenario's run would be: its files,
 * HTTP fixtures, clock start and seed. The scenario is the one --scenario names, by default the
 * pipeline's first; a hook that reads a file or fetches then behaves as it does in a full run.
 *
 * @returns the exit code: 1 when the run failed inside Hookwright, else 0.
 * @throws {FileProblem} an unknown point or scenario, an unreadable or non-object context file.
 */
export async function runPointCommand(options: {
  io: CliIO;
  pipeline: Pipeline;
  profile: Profile;
  point: string;
  /** The --context file, relative to the working directory. */
  contextFile: string | undefined;
  /** The --scenario name. */
  scenarioName: string | undefined;
  createRunner: HookRunnerFactory;
  emit: TraceSink;
}): Promise<number> {
  const { io, pipeline, profile, point } = options;
  if (!profile.points.some((p) => p.id === point)) {
    throw new FileProblem(`--point: "${point}" is not a hook point of the ${profile.name} profile (known: ${profile.points.map((p) => p.id).join(", ")})`);
  }
  const scenario = sandboxScenario(io, pipeline, point, options.scenarioName);
  const context = await pointContext(io, { pipeline, profile, point }, options.contextFile);
  const result = await runPoint({
    pipeline,
    point,
    context,
    createRunner: options.createRunner,
    emit: options.emit,
    ...(scenario ? { clockStart: scenario.clockStart, seed: scenario.seed, files: scenario.files ?? [], http: scenario.http ?? [], ...(scenario.inference ? { inference: scenario.inference } : {}) } : {}),
  });
  return result.exitReason === "internal_error" ? 1 : 0;
}

/**
 * The scenario whose sandbox inputs the point runs with: the named one, else the first (a note on
 * stderr says so when it brings files or fixtures), else none (an empty file system, no fixtures).
 */
function sandboxScenario(io: CliIO, pipeline: Pipeline, point: string, name: string | undefined): Scenario | null {
  if (name !== undefined) {
    const found = pipeline.scenarios.find((s) => s.name === name);
    if (!found) {
      const names = pipeline.scenarios.map((s) => `"${s.name}"`);
      throw new FileProblem(
        `--scenario: pipeline "${pipeline.name}" has no scenario "${name}" (${names.length > 0 ? `it has: ${names.join(", ")}` : "it has none"}); --point ${point} takes its files and HTTP fixtures from it`,
      );
    }
    return found;
  }
  const first = pipeline.scenarios[0];
  if (!first) return null;
  const files = first.files?.length ?? 0;
  const http = first.http?.length ?? 0;
  if (files + http > 0) {
    const what = [files > 0 ? `${files} file${files === 1 ? "" : "s"}` : "", http > 0 ? `${http} HTTP fixture${http === 1 ? "" : "s"}` : ""].filter(Boolean).join(" and ");
    io.stderr(`hookwright run: --point ${point} runs with the ${what} of scenario "${first.name}" (choose another with --scenario NAME)\n`);
  }
  return first;
}

/**
 * The context for --point: the --context file, as the point's point.start carries it or as the
 * host hands it to a hook (read by the profile: core/engine/pointContext.ts), else the profile's
 * example context. Anything else is refused before any hook runs, naming what the point takes.
 */
async function pointContext(io: CliIO, at: { pipeline: Pipeline; profile: Profile; point: string }, file: string | undefined): Promise<JsonObject> {
  const { pipeline, profile, point } = at;
  if (file === undefined) {
    const example = await exampleContext(pipeline, point);
    if (!example) throw new FileProblem(`--point ${point}: give its context with --context FILE.json (the profile has no example context for it)`);
    io.stderr(`hookwright run: no --context given: ${point} runs on the example context of the ${pipeline.profile} profile\n`);
    return example;
  }
  const read = readPointContext(profile, point, await readJsonFile(io.cwd, file));
  if ("problem" in read) throw new FileProblem(`${file}: ${read.problem}`);
  if (read.from === "host") io.stderr(`hookwright run: ${file} is the host's own payload of ${point}: it runs as { ${Object.keys(read.context).join(", ")} }\n`);
  return read.context;
}
