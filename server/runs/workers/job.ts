import type { KnownAnswer } from "../../../core/approvals/gate";
import type { ModelProvider } from "../../../core/engine/ports";
import type { JsonObject } from "../../../core/json";
import type { Pipeline, Scenario } from "../../../core/pipeline/schema";
import type { TraceEvent } from "../../../core/trace/events";
import { createReplayModelProvider } from "../replayProvider";
import { cancellable, createLiveModelProvider } from "../../providers/live";
import type { ProviderConfig } from "../../providers/types";

/**
 * One run to execute, as plain data: it crosses to a worker thread by structured clone, and a
 * later job queue (PostgreSQL) can store it as JSON. The recorder keeps everything else (ids,
 * numbering, the database) on its own side.
 */
export interface RunJob {
  runId: string;
  pipeline: Pipeline;
  scenario: Scenario;
  model: ModelSource;
  /** Run only this hook point's chain on this context (runs.startPoint) instead of the scenario's turn. */
  point?: { name: string; context: JsonObject };
  /**
   * Who answers the run's approval requests besides the scenario's script: answers already known
   * (a resumed run replays to its request with them; a re-run reuses the recording's), and whether
   * a person may answer the rest (interactive: the run parks, see docs/approvals.md) or nobody can
   * (the host's "approval unavailable"). Absent: nobody, as a headless run.
   */
  approvals?: { known: KnownAnswer[]; interactive: boolean };
  /** A person cancelled the run before a worker took it: it ends at its first model call. */
  cancelled?: boolean;
}

/**
 * Who answers the run's model calls: the scenario's scripted replies, the replies recorded in
 * an earlier run (a re-run), or the real providers configured on the server (`live`: with their
 * keys, so a live job stays in server memory; `recorded` answers its first calls, a resumed run).
 * A description rather than a provider object, so it can be sent to a worker thread.
 */
export type ModelSource =
  | { kind: "scripted" }
  | { kind: "recorded"; events: TraceEvent[] }
  | { kind: "live"; providers: ProviderConfig[]; recorded?: TraceEvent[] };

/** The recorded-model source of a trace: only the events the replay provider reads, so a re-run's job stays small. */
export function recordedModel(events: readonly TraceEvent[]): ModelSource {
  return { kind: "recorded", events: events.filter((e) => e.type === "model.response" || e.type === "run.end") };
}

/** What a live model needs from the thread running the job: the cancel signal, and where streamed text goes. */
export interface LiveModelHooks {
  signal?: AbortSignal;
  onText?: (call: number, text: string) => void;
}

/** The provider a job's model source describes; `scripted` builds the scenario's scripted model. Every kind stops at a cancel. */
export function modelOf(job: Pick<RunJob, "model" | "scenario">, scripted: (scenario: Scenario) => ModelProvider, live: LiveModelHooks = {}): ModelProvider {
  const source = job.model;
  if (source.kind === "recorded") return cancellable(createReplayModelProvider(source.events), live.signal);
  if (source.kind === "live" && job.scenario.model.kind === "provider") {
    const recorded = source.recorded ? Object.assign(createReplayModelProvider(source.recorded), { calls: source.recorded.filter((e) => e.type === "model.response").length }) : undefined;
    return createLiveModelProvider({ model: job.scenario.model, providers: source.providers, signal: live.signal, onText: live.onText, recorded });
  }
  return cancellable(scripted(job.scenario), live.signal);
}
