import type { Json, JsonObject, JsonPatch } from "../json";
import type { ContentBlock, Message, Pipeline, ToolDefinition } from "../pipeline/schema";
import type { FoldRequest } from "../chain/fold/spec";
import type { FileChange, FinalFile, ScenarioFile } from "../files/fileChange";
import type { HttpExchange, HttpFixture } from "../sandbox/http";
import type { EnvRead } from "../sandbox/envRead";
import type { InferenceExchange } from "../sandbox/inference";
import type { ScenarioInference } from "../pipeline/inferenceSchema";
import type { ExecutionModel, MiddlewareSpec } from "../profiles/types";
import type { LogEntry, ModelCallMeta, ModelRoute, ProcessRecord, SourceLocation } from "../trace/events";
import type { CommandProtocol } from "../profiles/types";

export type { ModelCallMeta, ModelRoute };

/**
 * The simulator (core/engine) is handed these ports; it never runs user code or does I/O
 * itself. server/sandbox implements HookRunner with QuickJS; tests may pass in-process fakes.
 */

export interface SandboxLimits {
  timeoutMs: number;
  memoryBytes: number;
}

export interface HookFailure {
  kind: "threw" | "timeout" | "memory";
  message: string; // plain words, e.g. "TypeError: x is undefined" or "timed out after 1000 ms"
  location: SourceLocation | null;
}

/** What one hook call did, as the chain semantics decided it. */
export interface HookCallResult {
  hookId: string;
  /** RFC 6902 against the context this hook received; [] when its changes were dropped. */
  patch: JsonPatch;
  /** What the hook returned: undefined when it returned nothing. */
  returned: Json | undefined;
  failure: HookFailure | null;
  logs: LogEntry[];
  durationMs: number;
  /** Values handed out by Date.now()/new Date() and Math.random() during the call. */
  clock: number[];
  random: number[];
  /** Changes the call made to the run's virtual file system, in order (absent: none). */
  files?: FileChange[];
  /** HTTP requests the call made and their fixture answers, in order (absent: none). */
  requests?: HttpExchange[];
  /** process.env names the call read, in first-read order (absent: none). */
  env?: EnvRead[];
  /** Model calls the hook made itself (a host module's provider) and their scripted answers, in order (absent: none). */
  inference?: InferenceExchange[];
  /** Events the hook published on the host's event hub, in order (absent: none). */
  published?: Json[];
  /** A command hook's process and what came out of it (absent: a function hook). */
  process?: ProcessRecord;
  /** For claiming chains: this hook claimed (`handled: true`) and stopped the chain. */
  claimed?: boolean;
  /** Writes the execution model threw away (void/claiming drafts, a failed hook's draft, losing keys); see core/chain. */
  droppedWrites?: { path: string; reason: string }[];
  /** "fold": what the handler returned, as the host reads it (JSON; null for nothing). */
  output?: Json | null;
  /** Notes the execution model adds to the hook's card (e.g. a sync hook that returned a Promise). */
  warnings?: string[];
  /** "fold": JSON pointers of functions the hook returned (they do not cross into the trace). */
  functions?: string[];
  /** "middleware": how this hook ended (passed on, rewrote, answered, failed, not reached). */
  middleware?: MiddlewareCall;
}

export interface ChainRequest {
  point: string;
  execution: ExecutionModel;
  /** Enabled hooks in effective run order. */
  hookIds: string[];
  /** The context entering the chain. Not mutated. */
  context: JsonObject;
  /** JSON pointer groups that are one shared value in the host (pass to core/chain executeChain). */
  aliases?: string[][];
  /**
   * Context field where the host hands each hook a logger (Vellum: "logger"); null/absent: none.
   * The runner provides it through executeChain's `extras` (`{ [loggerField]: logger }`) with
   * info/warn/error/debug methods captured into that call's logs like console.*.
   */
  loggerField?: string | null;
  /** "fold": the host's merge rules for this point (core/chain/fold), handler arguments included. */
  fold?: FoldRequest;
  /**
   * "fold": each hook's per-handler budget in ms of the run's virtual clock, by position in
   * `hookIds` (null: none). A handler still pending after it fails with the host's
   * "timed out after Nms"; the host does not cancel it, the sandbox does (docs/openclaw.md).
   */
  timeouts?: (number | null)[];
  /** "middleware": the onion's rules (the point's {@link MiddlewareSpec}). */
  middleware?: MiddlewareSpec;
  /**
   * "middleware": the host's own link beneath the last hook (what runs when every hook passed
   * on; may run more than once, or never). Absent: the link answers `{}`.
   */
  inner?: (event: JsonObject) => Promise<Json>;
}

/** How one middleware ended (core/chain/middleware/onion.ts MiddlewareOutcome), on its card. */
export interface MiddlewareCall {
  outcome: "passed" | "rewrote" | "answered" | "failed" | "not-reached";
  nextCalls: number;
  /** The hook whose answer (or closed failure) stopped the chain above this one. */
  stoppedBy: string | null;
  /** It called next, then returned something else than what next resolved to (its own answer). */
  ownAnswer?: boolean;
}

export interface ChainResult {
  /** One per hook that ran, in the order they ran (void hooks: in start order). */
  calls: HookCallResult[];
  /** The context after the chain, before the host reads back its fields. */
  context: JsonObject;
  /** A failure that propagated (modifying/claiming): the chain stopped at this hook. */
  aborted?: { hookId: string; failure: HookFailure } | null;
  /** "fold": the point's merged result exactly as the host's runner returns it (null: nothing). */
  result?: Json | null;
  /** "fold": a fail-closed handler failed; the host's runner threw this message (result is null). */
  pointError?: string | null;
}

/**
 * Runs user code for one run. Created per run (module state lives as long as the run), then disposed.
 * Called with hooks and tool handlers compiled from one pipeline revision.
 */
export interface HookRunner {
  /** Runs a hook point's chain with the semantics of `execution`, marshalling the context once. */
  runChain(request: ChainRequest): Promise<ChainResult>;
  /**
   * Calls back, once, the `requireApproval.onResolution` function the hook's latest fold call
   * returned (OpenClaw), with the approval's decision, in that hook's realm. Null: it kept none.
   */
  callResolution?(hookId: string, decision: string): Promise<ResolutionCall | null>;
  /** Runs a scenario tool's TypeScript handler. */
  runTool(tool: string, input: JsonObject): Promise<ToolRunResult>;
  /**
   * Does again what a recorded tool handler did to the run, without running it (a re-run's tool
   * returns its recorded result): its file changes are made in the virtual file system, and the
   * clock and random generator move on past the values it took, so later hooks get what they got.
   */
  replayTool?(recorded: RecordedToolEffects): void;
  /** The files the run changed in the virtual file system, as they are now (for run.end). */
  finalFiles?(): FinalFile[];
  dispose(): void;
}

/** What a tool handler answered, and what it did in the sandbox on the way. */
export interface ToolRunResult {
  content: string;
  isError: boolean;
  logs: LogEntry[];
  failure: HookFailure | null;
  /** Changes the handler made to the run's virtual file system, in order (absent: none). */
  files?: FileChange[];
  /** HTTP requests the handler made and their fixture answers, in order (absent: none). */
  requests?: HttpExchange[];
  /** process.env names the handler read, in first-read order (absent: none). */
  env?: EnvRead[];
  /** Date.now()/new Date() and Math.random() values the handler took, in order (absent: none). */
  clock?: number[];
  random?: number[];
}

/** What a tool handler did to the run that a re-run must do again (recorded on its tool.result). */
export interface RecordedToolEffects {
  files?: readonly FileChange[];
  /** Date.now()/new Date() values the handler read, in order. */
  clock?: readonly number[];
  /** Math.random() values the handler drew, in order. */
  random?: readonly number[];
}

/** What an onResolution callback did: its logs, and how it failed (threw or rejected), if it did. */
export interface ResolutionCall {
  logs: LogEntry[];
  failure: HookFailure | null;
}

export interface HookRunnerFactory {
  (options: {
    pipeline: Pipeline;
    clockStart: number;
    seed: number;
    limits: SandboxLimits;
    /** The scenario's starting files for the virtual file system. */ files?: ScenarioFile[];
    /** The scenario's HTTP fixtures. */ http?: HttpFixture[];
    /** The profile's host modules (Profile.hostModules): bare specifier -> host module id. */
    hostModules?: Readonly<Record<string, string>>;
    /** The scenario's inference settings: what hooks' own model calls see and are answered with. */
    inference?: ScenarioInference;
    /** How the profile's host runs command hooks (Profile.commandProtocol), when it takes them. */
    commandProtocol?: CommandProtocol;
  }): Promise<HookRunner>;
}

export interface ModelRequest {
  system: string | null;
  messages: Message[];
  tools: Pick<ToolDefinition, "name" | "description" | "inputSchema">[];
  call: number;
  route?: ModelRoute | null;
}

export type ModelReply =
  | { content: ContentBlock[]; stopReason: string; meta?: ModelCallMeta }
  /**
   * `code: "script_exhausted"`: the scripted model has no response left; `"cancelled"`: a person
   * cancelled the turn. Either ends the run with that exit reason (not a provider rejection).
   */
  | { error: string; code?: "script_exhausted" | "cancelled"; meta?: ModelCallMeta };

/** The model. `scripted` is the default; real providers (server/providers) sit behind the same port. */
export interface ModelProvider {
  respond(request: ModelRequest): Promise<ModelReply>;
}
