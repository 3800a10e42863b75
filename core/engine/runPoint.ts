import { getProfile, listProfiles } from "../profiles";
import { getBinding } from "../profiles/bindings";
import type { FinalFile, ScenarioFile } from "../files/fileChange";
import type { JsonObject } from "../json";
import type { Pipeline } from "../pipeline/schema";
import type { HttpFixture } from "../sandbox/http";
import type { ScenarioInference } from "../pipeline/inferenceSchema";
import { TRACE_FORMAT, type TraceEvent, type UnsequencedTraceEvent } from "../trace/events";
import { createRecorder, type TraceSink } from "../trace/recorder";
import type { ProfileBinding, StageBinding } from "./binding";
import { SimulationError } from "./errors";
import { createFirePoint, hooksForPoint } from "./firePoint";
import { readPointContext } from "./pointContext";
import type { HookRunnerFactory } from "./ports";

/** The exit reason of a run of one point alone that completed. */
export const POINT_ONLY_EXIT = "point_only";

export interface PointRunResult {
  /** `point_only`; `hook_error` when a hook's failure propagated (the host would fail the turn); `internal_error`. */
  exitReason: string;
  error: string | null;
}

/**
 * Runs only `point`'s chain of `pipeline` on `context` (the point's context as its `point.start`
 * would carry it, or the host's own payload, read by {@link readPointContext}): a trace with run.start, point.start, hook.start/hook.end per hook, point.end and
 * run.end (`point_only`), recorded like a full run, so the same views show it. The hooks run
 * through the runner (the sandbox), with the chain semantics, aliases and decision field of the
 * profile's binding for that point. A point with no enabled hook still records its context.
 *
 * @throws {SimulationError} UNKNOWN_PROFILE, UNKNOWN_POINT (naming the profile's points),
 *   BAD_CONTEXT when `context` is neither the point's context nor the host's payload for it
 *   (naming the fields the point expects) — before any event is emitted.
 */
export async function runPoint(options: {
  pipeline: Pipeline;
  point: string;
  context: JsonObject;
  createRunner: HookRunnerFactory;
  emit: TraceSink;
  runId?: string;
  /** Default: the first scenario's, else the format's defaults. */
  clockStart?: number;
  seed?: number;
  /** The files the sandbox's virtual file system starts with (a scenario's `files`); default none. */
  files?: ScenarioFile[];
  /** The HTTP fixtures that answer the hooks' requests (a scenario's `http`); default none. */
  http?: HttpFixture[];
  /** The inference settings hooks' own model calls see and get (a scenario's `inference`); default none. */
  inference?: ScenarioInference;
}): Promise<PointRunResult> {
  const { pipeline, point } = options;
  const profile = getProfile(pipeline.profile);
  if (!profile) throw new SimulationError("UNKNOWN_PROFILE", `unknown profile "${pipeline.profile}" (known: ${listProfiles().map((p) => p.id).join(", ")})`);
  const spec = profile.points.find((p) => p.id === point);
  if (!spec) throw new SimulationError("UNKNOWN_POINT", `"${point}" is not a hook point of the ${profile.name} profile (known: ${profile.points.map((p) => p.id).join(", ")})`);
  const read = readPointContext(profile, point, options.context);
  if ("problem" in read) throw new SimulationError("BAD_CONTEXT", read.problem);
  const context = read.context;
  const first = pipeline.scenarios[0];
  const clockStart = options.clockStart ?? first?.clockStart ?? 1_767_225_600_000;
  const seed = options.seed ?? first?.seed ?? 1;
  const recorder = createRecorder(options.emit);
  const record = (event: UnsequencedTraceEvent): TraceEvent => recorder.record(event) as TraceEvent;
  const bound = stageFor(getBinding(profile.id), point);
  const edge = bound?.edge ?? profile.edges.find((e) => e.points.includes(point))?.id ?? "";
  const stage: StageBinding<null, null> = {
    point,
    edge,
    context: () => context,
    aliases: bound?.aliases,
    decisionField: bound?.decisionField,
    // The host's read-back needs the loop's state, which a point run does not have; the trace's point.end still lists the fields it reads.
    readBack: () => ({ value: null }),
  };

  record({ type: "run.start", format: TRACE_FORMAT, runId: options.runId ?? "run-1", pipeline: pipeline.name, profile: profile.id, scenario: `point ${point}`, clockStart, seed });
  let result: PointRunResult = { exitReason: POINT_ONLY_EXIT, error: null };
  const runner = await options.createRunner({
    pipeline,
    clockStart,
    seed,
    limits: { timeoutMs: pipeline.limits.timeoutMs, memoryBytes: pipeline.limits.memoryMiB * 1024 * 1024 },
    ...(profile.hostModules ? { hostModules: profile.hostModules } : {}),
    ...(profile.commandProtocol ? { commandProtocol: profile.commandProtocol } : {}),
    ...(options.inference ? { inference: options.inference } : {}),
    ...(options.files ? { files: options.files } : {}),
    ...(options.http ? { http: options.http } : {}),
  });
  try {
    if (hooksForPoint(pipeline, spec).length === 0) {
      record({ type: "point.start", point, edge, context });
      record({ type: "point.end", point, result: {} });
    } else {
      const pluginId = getBinding(profile.id)?.pluginId?.(pipeline.name);
      const fired = await createFirePoint({ pipeline, profile, runner, record, pluginId })(stage, null);
      if (fired.aborted) result = { exitReason: "hook_error", error: `hook "${fired.aborted.hookId}" failed and the failure propagated: ${fired.aborted.failure.message}` };
    }
  } catch (error) {
    result = { exitReason: "internal_error", error: `the run failed inside Hookwright: ${error instanceof Error ? error.message : String(error)}` };
  }
  // The files the hooks changed, as they ended (as a full run's run.end lists them).
  let files: FinalFile[] = [];
  try {
    files = runner.finalFiles?.() ?? [];
  } finally {
    runner.dispose();
  }
  record({ type: "run.end", exitReason: result.exitReason, error: result.error, ...(files.length > 0 ? { files } : {}) });
  return result;
}

/** The binding's stage that fires `point` (its edge, aliases and decision field), if any. */
function stageFor(binding: ProfileBinding | undefined, point: string): StageBinding<unknown, unknown> | undefined {
  for (const value of Object.values(binding ?? {})) {
    if (typeof value === "object" && value !== null && "point" in value && value.point === point && "context" in value) return value as StageBinding<unknown, unknown>;
  }
  return undefined;
}
