import type { Json, JsonObject, JsonPatch } from "../json";
import type { FileChange, FinalFile } from "../files/fileChange";
import type { HttpExchange } from "../sandbox/http";
import type { InferenceExchange } from "../sandbox/inference";
import type { EnvRead } from "../sandbox/envRead";
import type { ContentBlock, Message } from "../pipeline/schema";

/**
 * The trace contract (DESIGN.md, "Contracts that other tools rely on"; docs/formats.md).
 * Every event has `seq` (from 1, no gaps) and `type`. Fields may be added, never removed.
 */

/** The format written now: v1 plus fields stored as deltas (see {@link FieldDelta}). */
export const TRACE_FORMAT = "hookwright.trace/v2";
/** Traces recorded before deltas; they read as v2 traces without deltas. */
export const TRACE_FORMAT_V1 = "hookwright.trace/v1";
export type TraceFormat = typeof TRACE_FORMAT | typeof TRACE_FORMAT_V1;

export interface LogEntry {
  level: "log" | "info" | "warn" | "error" | "debug";
  message: string;
}

/** Where a user-code error happened, in the user's own TypeScript source. */
export interface SourceLocation {
  file: string; // "hooks/<hookId>.ts" or a module path such as "src/util.ts"
  line: number; // 1-based
  column: number; // 1-based
}

export type HookStatus =
  | "unchanged" // ran, changed nothing
  | "changed" // ran and its patch is non-empty
  | "threw"
  | "timeout"
  | "memory" // hit the memory limit
  | "blocked" // a claiming/gating hook blocked (e.g. a tool call)
  | "claimed"; // a claiming hook handled the event

export interface IgnoredWrite {
  path: string; // JSON pointer into the context
  reason: string; // e.g. "read-only field: the host does not read it back"
}

interface Base<TType extends string> {
  seq: number;
  type: TType;
  /** Milliseconds since run start on the run's virtual clock (deterministic). */
  t?: number;
}

export interface RunStartEvent extends Base<"run.start"> {
  format: TraceFormat;
  runId: string;
  pipeline: string;
  profile: string;
  scenario: string;
  clockStart: number;
  seed: number;
}
export interface PointStartEvent extends Base<"point.start"> {
  point: string;
  /** The lifecycle edge this point fires on (profile edge id). */
  edge?: string;
  context: JsonObject;
  /**
   * Enabled hooks of this point that did not run because their matcher does not cover this call
   * (the tool name, source, trigger … the point tests). A point where no hook matched is still
   * recorded, with every hook here and nothing run.
   */
  unmatched?: string[];
  /**
   * Enabled hooks of this point the host's loader drops at registration (a plugin setting such as
   * OpenClaw's allowConversationAccess is off), in the loader's words; they never run. A point
   * where every hook was dropped is still recorded, with nothing run.
   */
  dropped?: DroppedHook[];
}
/** A hook the host's loader drops (core/profiles/gating.ts). */
export interface DroppedHook {
  hookId: string;
  name: string;
  /** The setting that drops it. */
  setting: string;
  /** In the loader's words: `the loader drops it: typed hook "before_prompt_build" blocked because …`. */
  reason: string;
}
export interface HookStartEvent extends Base<"hook.start"> {
  hookId: string;
  point: string;
  name?: string;
}
export interface HookEndEvent extends Base<"hook.end"> {
  hookId: string;
  point: string;
  /** RFC 6902 against the context this hook received; [] when its changes were dropped. */
  patch: JsonPatch;
  error: string | null;
  errorLocation?: SourceLocation | null;
  durationMs: number;
  logs: LogEntry[];
  status?: HookStatus;
  /** Writes the host will not read back (read-only or unknown fields). */
  ignoredWrites?: IgnoredWrite[];
  /** A decision the hook returned, as the profile names it (continue, block, claim, ...). */
  decision?: Json;
  /**
   * Where the profile's hooks answer with a result (OpenClaw "fold" points): the JSON value the
   * hook returned as the host reads it, null when it returned nothing (DESIGN.md "Hook outputs").
   */
  output?: Json | null;
  /** Values the sandbox handed out for Date.now()/new Date() and Math.random(), in order. */
  clock?: number[];
  random?: number[];
  /** Changes the hook made to the run's virtual file system (issue 15), in order; absent when none. */
  files?: FileChange[];
  /** HTTP requests the hook made, answered from the scenario's fixtures (or failed), in order; absent when none. */
  requests?: HttpExchange[];
  /** The `process.env` names the hook read, in first-read order, never values; absent when none. */
  env?: EnvRead[];
  /** Model calls the hook made itself (Vellum's getConfiguredProvider), answered from the scenario's inference replies (or failed), in order; absent when none. */
  inference?: InferenceExchange[];
  /** Events the hook published on the host's event hub (Vellum's assistantEventHub), in order; absent when none. */
  published?: Json[];
  /** A command hook: the process the host ran and what came out of it; absent for a function hook. */
  process?: ProcessRecord;
  /**
   * A middleware hook (a "middleware" point, Claude Code mods): how it ended in the onion, and
   * whose answer stopped the chain above it when it was never called; absent elsewhere.
   */
  middleware?: MiddlewareEnd;
}

/** How one middleware ended: passed on, rewrote the event, answered without next, failed (skipped) or was never reached. */
export interface MiddlewareEnd {
  outcome: "passed" | "rewrote" | "answered" | "failed" | "not-reached";
  /** not-reached: the hook whose answer stopped the chain (null: none named, a closed failure above it). */
  stoppedBy: string | null;
  /** How many times it called next. */
  nextCalls: number;
}

/**
 * A command hook's process, as the host ran it (docs/command-hooks.md): the command line, the
 * JSON it read on stdin, both streams, how it ended. Its clock and randomness are the machine's,
 * not the run's virtual ones.
 */
export interface ProcessRecord {
  command: string;
  /** The script's language (what the card names it and Monaco highlights). */
  language: string;
  stdin: string;
  stdout: string;
  stderr: string;
  /** null when the host (the sandbox) killed it: a timeout or too much output. */
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  stdoutTruncated?: boolean;
  stderrTruncated?: boolean;
  /** Killed for printing more than the sandbox allows. */
  outputLimitHit?: boolean;
  /** Killed for filling the project folder past the sandbox's cap. */
  diskLimitHit?: boolean;
  /** The command did not run at all (no sandbox on this machine): why, and what to install. */
  refused?: string;
  /** How the host read the answer when it is not plain JSON (plain stdout as context, or ignored). */
  note?: string;
  /** An identical command already ran for this event: the host ran it once (this hook id's answer is that one's). */
  dedupedWith?: string;
}
export interface PointEndEvent extends Base<"point.end"> {
  point: string;
  /**
   * What the host reads back after the chain (the fields it consumes); for a point whose hooks
   * answer with results, the merged result exactly as the host's runner returns it (null: none).
   */
  result?: JsonObject | Json | null;
  /** The host's runner failed the whole point (a fail-closed hook threw or timed out); result is then null. */
  error?: string;
}
/**
 * Where hooks routed a call, as the profile's binding reads it back: an inference profile key
 * (Vellum `modelProfile`, looked up in the scenario's `profiles`) and/or a provider and model
 * (OpenClaw `providerOverride`/`modelOverride`). Null: the scenario's model.
 */
export interface ModelRoute {
  profile?: string;
  provider?: string;
  model?: string;
}

/** What a real provider call adds to its model.response event (docs/providers.md). */
export interface ModelCallMeta {
  /** The provider and model that actually answered (after routing). */
  provider?: { name: string; kind: string; model: string; routing?: string };
  /** Tokens as the provider reported them. */
  usage?: { inputTokens: number; outputTokens: number };
  /** The stream, coalesced: ms to the first text, ms to the end, chunks received, text chars. */
  stream?: { firstTextMs: number | null; durationMs: number; chunks: number; textChars: number };
  /** A rejection's kind, HTTP status and the retry-after it carried. */
  rejection?: { kind: string; status: number | null; retryAfterSeconds: number | null };
  /** Answered from a recording (re-run, resumed run), not by calling the provider. */
  recorded?: boolean;
  /** A person cancelled the turn at this call: `"before_call"` or `"during_call"` (the call in flight was aborted). */
  cancelled?: "before_call" | "during_call";
}

export interface ModelRequestEvent extends Base<"model.request"> {
  messages: Message[];
  system: string | null;
  call: number; // 1-based index of the model call in this run
  /** The inference profile a hook routed this call to (Vellum pre-model-call modelProfile). */
  modelProfile?: string | null;
  /** This call re-queries after a post-model-call `continue` (1-based count in the run). */
  continueOf?: number;
  /** Where hooks routed this call (real providers follow it; see ModelRoute). */
  route?: ModelRoute;
}
export type ModelResponseEvent = Base<"model.response"> & { call: number } & ModelCallMeta & (
    | { content: ContentBlock[]; stopReason: string; error?: undefined }
    | { error: string; content?: undefined; stopReason?: undefined }
  );
export interface ToolCallEvent extends Base<"tool.call"> {
  toolUseId: string;
  name: string;
  input: JsonObject;
}
export interface ToolResultEvent extends Base<"tool.result"> {
  toolUseId: string;
  content: string;
  isError: boolean;
  /** The hook that blocked or answered the call instead of the tool (registry before_tool_call). */
  claimedBy?: string;
  /** Output of a TypeScript tool handler. */
  logs?: LogEntry[];
  /** Changes a TypeScript tool handler made to the run's virtual file system, in order; absent when none. */
  files?: FileChange[];
  /** HTTP requests a TypeScript tool handler made, answered from the scenario's fixtures (or failed), in order; absent when none. */
  requests?: HttpExchange[];
  /** The `process.env` names a TypeScript tool handler read, in first-read order, never values; absent when none. */
  env?: EnvRead[];
  /** Values a TypeScript tool handler got from Date.now()/new Date() and Math.random(), in order; absent when none (a re-run takes them again). */
  clock?: number[];
  random?: number[];
}
export interface CompactEvent extends Base<"compact"> {
  beforeChars: number;
  afterChars: number;
  /** How many older messages the summary replaced. */
  removedMessages?: number;
}
/**
 * A hook asked a person to approve a tool call (DESIGN.md "Approvals"); the run waits for the
 * matching {@link ApprovalResolveEvent}. `request` is what the approval card shows, as the host
 * normalised it (OpenClaw: title, description, severity, timeoutMs, allowedDecisions, ...).
 */
export interface ApprovalRequestEvent extends Base<"approval.request"> {
  /** Unique across runs: `<runId>.a<n>`, n counting this run's requests from 1. */
  approvalId: string;
  point: string;
  hookId: string;
  toolUseId: string;
  request: JsonObject;
  /** The tool and the params the person is asked about. */
  toolName?: string;
  params?: JsonObject;
  /** What the host warns about this request (e.g. an ignored timeoutBehavior). */
  warnings?: string[];
}
/** The answer to an approval request: who decided what, and when (ms since epoch). */
export interface ApprovalResolveEvent extends Base<"approval.resolve"> {
  approvalId: string;
  /** allow-once, allow-always, deny (or the profile's own names), timeout, cancelled. */
  decision: string;
  /** A person's name, "script" (scenario), "timeout", "host" (no approval surface), "recorded" (a re-run). */
  by: string;
  at: number;
  /** For cancelled: the host's reason; for a person's answer: what they wrote with it (FIM One: a rejection's reason). */
  reason?: string;
  /**
   * The hook's `requireApproval.onResolution(decision)` callback ran (OpenClaw): its logs, and the
   * host's warning when it threw or rejected (the host only logs it; the run goes on).
   */
  onResolution?: { hookId: string; decision: string; logs: LogEntry[]; error?: string };
}
export interface RunEndEvent extends Base<"run.end"> {
  exitReason: string;
  error?: string | null;
  messages?: Message[];
  /** Tokens the run's real model calls used, as the providers reported them (absent: none reported; recorded replies do not count). */
  usage?: { inputTokens: number; outputTokens: number };
  /** Every file the run changed in the sandbox's virtual file system, as it ended (absent: none). */
  files?: FinalFile[];
}

export type TraceEvent =
  | RunStartEvent
  | PointStartEvent
  | HookStartEvent
  | HookEndEvent
  | PointEndEvent
  | ModelRequestEvent
  | ModelResponseEvent
  | ToolCallEvent
  | ToolResultEvent
  | CompactEvent
  | ApprovalRequestEvent
  | ApprovalResolveEvent
  | RunEndEvent;

export type TraceEventType = TraceEvent["type"];
/** An event before the recorder numbers it, in full. */
export type UnsequencedTraceEvent = TraceEvent extends infer E ? (E extends TraceEvent ? Omit<E, "seq"> : never) : never;

/**
 * Trace v2: a field `F` stored as `FDelta` is the value at JSON pointer `path` of the earlier
 * event `from` (resolved), with the RFC 6902 `patch` applied to it. Read with core/trace/resolve.
 */
export interface FieldDelta {
  from: number;
  path: string;
  patch: JsonPatch;
}

/** `E` with field `K` stored either in full or as `${K}Delta` (never both). */
type MaybeDelta<E, K extends keyof E & string> = Omit<E, K> &
  ({ [P in K]: E[P] } & { [P in `${K}Delta`]?: undefined } | { [P in K]?: undefined } & { [P in `${K}Delta`]: FieldDelta });

/**
 * An event as written to a trace file, the database and the live stream: the fields the engine
 * writes as deltas may be {@link FieldDelta}s. Every reader resolves it (core/trace/resolve) into
 * a {@link TraceEvent}; a TraceEvent is a valid EncodedTraceEvent (a v1 event, or `--expand`).
 */
export type EncodedTraceEvent = (
  | Exclude<TraceEvent, PointStartEvent | PointEndEvent | ModelRequestEvent | RunEndEvent>
  | (Omit<PointEndEvent, "result"> & ({ result?: PointEndEvent["result"]; resultDelta?: undefined } | { result?: undefined; resultDelta: FieldDelta }))
  | MaybeDelta<PointStartEvent, "context">
  | MaybeDelta<ModelRequestEvent, "messages">
  | (Omit<RunEndEvent, "messages"> & ({ messages?: Message[]; messagesDelta?: undefined } | { messages?: undefined; messagesDelta: FieldDelta }))
) & {
  /**
   * A large event's anchor (core/trace/encode): the last conversation-holding value, kept only so a
   * later delta can be based on this event and still reach that conversation. Resolving keeps it
   * out of the resolved event.
   */
  anchorDelta?: FieldDelta;
};

/** An event before a recorder numbers it: in full, or as written (fields may be deltas). */
export type UnsequencedEvent = EncodedTraceEvent extends infer E ? (E extends EncodedTraceEvent ? Omit<E, "seq"> : never) : never;
