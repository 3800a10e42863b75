import type { JsonObject } from "../../json";
import { parsePipeline } from "../../pipeline/parsePipeline";
import type { Pipeline, PipelineInput } from "../../pipeline/schema";
import { PIPELINE_FORMAT } from "../../pipeline/schema";
import { getProfile } from "../../profiles";
import type { EncodedTraceEvent, HookEndEvent, TraceEvent } from "../../trace/events";
import { resolveTrace } from "../../trace/resolve";
import { applyPatch } from "../../trace/jsonPatch";
import { createScriptedModel } from "../scriptedModel";
import { simulate, type SimulationResult } from "../simulate";
import { createInProcessRunner, type InProcessRunner, type TestHook, type TestTool } from "./inProcessRunner";

/** Test-only: runs a pipeline with in-process hooks and checks the trace contract on the way. */

export type HarnessScenario = Partial<Exclude<PipelineInput["scenarios"], undefined>[number]>;

export interface HarnessRun extends SimulationResult {
  events: TraceEvent[];
  runner: InProcessRunner;
  pipeline: Pipeline;
  of<TType extends TraceEvent["type"]>(type: TType): Extract<TraceEvent, { type: TType }>[];
  hookEnd(hookId: string, nth?: number): HookEndEvent;
}

export async function runHarness(options: {
  profile: "vellum" | "registry";
  /** point -> hooks in order; ids are `${point}#${index}` unless given as [id, fn]. */
  hooks?: Record<string, (TestHook | [string, TestHook])[]>;
  tools?: Record<string, TestTool>;
  scenario?: HarnessScenario;
}): Promise<HarnessRun> {
  const fns: Record<string, TestHook> = {};
  const hookEntries: NonNullable<PipelineInput["hooks"]> = [];
  for (const [point, list] of Object.entries(options.hooks ?? {})) {
    list.forEach((entry, i) => {
      const [id, fn] = Array.isArray(entry) ? entry : [`${point}#${i}`, entry];
      fns[id] = fn;
      hookEntries.push({ id, point, name: id, enabled: true, code: "// in-process test hook" });
    });
  }
  const input: PipelineInput = {
    format: PIPELINE_FORMAT,
    name: "test",
    profile: options.profile,
    hooks: hookEntries,
    scenarios: [{ name: "s", prompt: "Hello", model: { kind: "scripted", responses: [{ content: [{ type: "text", text: "Hi" }], stopReason: "end_turn" }] }, ...options.scenario }],
  };
  const parsed = parsePipeline(input);
  if (!parsed.ok) throw new Error(parsed.issues.map((i) => `${i.path}: ${i.message}`).join("\n"));
  const pipeline = parsed.value;
  const scenario = pipeline.scenarios[0];
  const profile = getProfile(options.profile);
  if (!scenario || !profile) throw new Error("harness setup");
  const runner = createInProcessRunner({ hooks: fns, tools: options.tools });
  // Through JSON Lines and back, then resolved: what a reader of the written trace (v2, deltas) gets.
  const written: EncodedTraceEvent[] = [];
  const result = await simulate({ pipeline, scenario, profile, runner, model: createScriptedModel(scenario.model), emit: (e) => written.push(JSON.parse(JSON.stringify(e)) as EncodedTraceEvent) });
  const events: TraceEvent[] = resolveTrace(written);
  assertTraceContract(events, runner);
  return {
    ...result,
    events,
    runner,
    pipeline,
    of: (type) => events.filter((e) => e.type === type) as never,
    hookEnd(hookId, nth = 0) {
      const e = events.filter((x): x is HookEndEvent => x.type === "hook.end" && x.hookId === hookId)[nth];
      if (!e) throw new Error(`no hook.end #${nth} for ${hookId}`);
      return e;
    },
  };
}

/**
 * The contract of DESIGN.md (what check-trace.mjs checks), plus: for sequential chains the
 * snapshot with the patches so far equals exactly the context the next hook received.
 */
export function assertTraceContract(events: readonly TraceEvent[], runner?: InProcessRunner): void {
  const fail = (msg: string): never => {
    throw new Error(`trace contract: ${msg}`);
  };
  events.forEach((e, i) => e.seq !== i + 1 && fail(`event ${i + 1} has seq ${e.seq}`));
  if (events[0]?.type !== "run.start") fail("first event is not run.start");
  if (events[events.length - 1]?.type !== "run.end") fail("last event is not run.end");
  let open: { point: string; context: JsonObject; execution: string } | null = null;
  let receivedIndex = 0;
  for (const e of events) {
    if (e.type === "point.start") {
      if (open) fail(`seq ${e.seq}: point ${open.point} still open`);
      const spec = getProfile((events[0] as { profile: string }).profile)?.points.find((p) => p.id === e.point);
      open = { point: e.point, context: e.context, execution: spec?.execution ?? "chain" };
    } else if (e.type === "hook.end") {
      if (!open) return fail(`seq ${e.seq}: hook.end outside a point`);
      if (e.error !== null && e.patch.length > 0) fail(`seq ${e.seq}: failed hook with a patch`);
      if (runner && open.execution === "chain") {
        const got = runner.received[receivedIndex];
        if (got?.hookId !== e.hookId) fail(`seq ${e.seq}: runner order differs (${got?.hookId} vs ${e.hookId})`);
        if (JSON.stringify(sortKeys(got?.context)) !== JSON.stringify(sortKeys(open.context))) fail(`seq ${e.seq}: ${e.hookId} received a context the patches do not reproduce`);
      }
      open.context = applyPatch(open.context, e.patch);
    } else if (e.type === "point.end") {
      if (!open || open.point !== e.point) fail(`seq ${e.seq}: point.end mismatch`);
      open = null;
    }
    if (e.type === "hook.end") receivedIndex++;
  }
  if (open) fail(`point ${open.point} never closed`);
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => [k, sortKeys(v)]));
  return value;
}
