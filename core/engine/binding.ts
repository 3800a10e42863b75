import type { Json, JsonObject } from "../json";
import type { ApprovalAnswer, ApprovalAsk } from "./approval";
import type { ContentBlock, Message, Scenario } from "../pipeline/schema";
import type { ChainResult, ModelRoute } from "./ports";

/**
 * How a profile plugs into the loop (core/engine/simulate.ts). The loop is host-neutral: at
 * each stage it asks the profile's binding which hook point fires, what context the point
 * gets (built from the loop's state) and what the host reads back after the chain. A stage a
 * binding leaves out fires no hook and keeps the loop's default. Bindings are pure functions.
 */

export type ToolUseBlock = Extract<ContentBlock, { type: "tool_use" }>;
export type ToolResultBlock = Extract<ContentBlock, { type: "tool_result" }>;

/** The loop's state as bindings see it. */
export interface LoopView {
  scenario: Scenario;
  pipelineName: string;
  /** The pipeline's enabled hooks in its order: a host that numbers a hook by its place in its configuration reads it here. */
  hooks: readonly { id: string; point: string }[];
  ids: { conversationId: string; requestId: string; userMessageId: string; sessionId: string };
  /** Turns in the session, this one included (user prompts in the history + 1). */
  turnCount: number;
  /** The current history (content-block messages). */
  messages: readonly Message[];
  modelCalls: number;
  toolCalls: number;
}

export interface ModelCallView extends LoopView {
  /** 1-based index of the call about to be made. */
  call: number;
}

/** What a model call produced, before hooks. `tool_use` means the reply carries tool calls. */
export type ModelOutcome = "tool_use" | "no_tool_calls" | "max_tokens" | "error";

export interface ModelOutcomeView extends LoopView {
  call: number;
  outcome: ModelOutcome;
  /** The reply content handed to hooks (max_tokens: without tool_use; error: []). */
  content: ContentBlock[];
  stopReason: string | null;
  error: string | null;
  /** Continues already honoured this run. */
  continuesUsed: number;
  /** Whether the pre-call hooks asked to hold back the live stream (Vellum deferAssistantOutput). */
  outputDeferred: boolean;
}

export interface ToolCallView extends LoopView {
  toolUse: ToolUseBlock;
  /**
   * The inputs the tool ran with inside the point's chain, beneath its hooks, in order (a
   * "middleware" stage's {@link ToolChainPorts.runTool}); filled while the chain runs, read back after.
   */
  ranInside?: JsonObject[];
}

/** What a stage whose chain runs the tool itself (a middleware host) is handed for its inner link. */
export interface ToolChainPorts {
  /** Fires another point inside this one's chain (Claude Code mods: classic.PreToolUse inside tool.call). */
  fire: <TView, TOut>(stage: StageBinding<TView, TOut>, view: TView, inner?: (event: JsonObject) => Promise<Json>) => Promise<{ value: TOut; aborted: unknown }>;
  /** Runs the call's tool with `input` now (recorded as tool.call / tool.result; counted in `ranInside`). */
  runTool: (input: JsonObject) => Promise<{ content: string; isError: boolean }>;
}

export interface ToolResultView extends LoopView {
  toolUse: ToolUseBlock;
  result: ToolResultBlock;
}

export interface CompactionView extends LoopView {
  /** The compacted history. */
  history: Message[];
}

export interface StopView extends LoopView {
  exitReason: string;
  error: string | null;
}

export interface ReadBack<TOut> {
  value: TOut;
  /** Fields the host normally reads back but ignores this time, with the reason (shown as ignored writes). */
  unread?: Record<string, string>;
}

export interface StageBinding<TView, TOut> {
  point: string;
  /** Profile edge id the point fires on. */
  edge: string;
  context(view: TView): JsonObject;
  /** JSON pointer groups that are one value in the host (Vellum originalMessages/latestMessages). */
  aliases?: string[][];
  /** Context field whose value after a hook is reported as that hook's decision. */
  decisionField?: string;
  /** Whether the point fires at all this time (e.g. llm_input once per run); default: always. */
  when?: (view: TView) => boolean;
  readBack(context: JsonObject, view: TView, chain: ChainResult): ReadBack<TOut>;
  /**
   * A "middleware" point's host link beneath its last hook, given the event the hooks passed on,
   * wherever the loop fires the stage (a moment's stage too); it may fire other points inside
   * (Claude Code mods: the settings.json Stop hooks inside classic.Stop's next). The same `view`
   * object reaches context, innerLink and readBack. A stage fired with an explicit inner link
   * (beforeToolCall's `inner`) uses that one.
   */
  innerLink?: (event: JsonObject, view: TView, ports: Pick<ToolChainPorts, "fire">) => Promise<Json>;
}

/** A claim that answers a tool call in the tool's place (registry before_tool_call). */
export interface ToolClaim {
  hookId: string;
  content: string;
  isError: boolean;
  /**
   * The host runs its after-result hooks on this refused call too (deputy: ellmer hands its
   * rejection to on_tool_result, so PostToolUse fires with it); absent: they do not fire.
   */
  afterHooks?: boolean;
}

/** What the hooks before a tool call decided. */
export interface ToolCallDecision {
  /** The call does not run; this is its tool_result. */
  claim: ToolClaim | null;
  /** The call's input after the hooks (null: unchanged). */
  input?: JsonObject | null;
  /** A person must approve the call first (the loop asks the run's approval gate). */
  approval?: ApprovalAsk | null;
  /** The call runs, then the run ends before the next model request (Claude Code `continue: false`). */
  stopAfter?: { exitReason: string; error: string | null } | null;
  /** The run ends here: the call does not run and gets no tool_result (Claude Code `defer`). */
  end?: { exitReason: string; error: string | null } | null;
  /** Text the model gets after the call's tool_result, whether the call ran or was refused (Claude Code PreToolUse additionalContext). */
  additionalContext?: string | null;
  /**
   * The stage's chain ran the tool itself beneath its hooks (see `inner`), or answered without it:
   * this is the call's tool_result, and the loop runs nothing more. `hookId`: the hook that
   * answered when the tool never ran (recorded as the claim), null when it ran.
   */
  answered?: { content: string; isError: boolean; hookId: string | null } | null;
}

/**
 * Points a binding fires at a moment of the loop, after that moment's own stage (if any), in
 * order. Each reads back an effect the loop applies; later stages see earlier effects through
 * `view.host` and the updated history. Lets a host with many points (OpenClaw) use the same loop.
 */
export type LoopMoment =
  | "runStart"
  | "turnStart"
  | "beforeModelCall"
  | "afterModelCall"
  | "beforeCompaction"
  | "afterCompaction"
  | "finalAnswer"
  | "afterToolResult"
  | "stop"
  | "runEnd";

/** The loop's state at a moment; the fields of the moment are set where they apply. */
export interface MomentView extends LoopView {
  /** State the binding's earlier stages stored ({@link LoopEffect.host}). */
  host: JsonObject;
  /** The system prompt the run's model calls use now. */
  system: string | null;
  call?: number;
  outcome?: ModelOutcome;
  content?: ContentBlock[];
  stopReason?: string | null;
  error?: string | null;
  toolUse?: ToolUseBlock;
  result?: ToolResultBlock;
  exitReason?: string;
  /** Revisions honoured at finalAnswer so far this run. */
  revisions: number;
  /** Compaction: the history before / after. */
  history?: Message[];
}

/** What the loop does after a moment's stage. Every field is optional: absent changes nothing. */
export interface LoopEffect {
  /** The history from now on. */
  messages?: Message[];
  /** The system prompt of the model calls from now on. */
  system?: string | null;
  /** The inference profile of the model calls from now on (recorded on model.request). */
  modelProfile?: string | null;
  /** Where the model calls go from now on (a provider and/or model; real providers follow it). */
  route?: ModelRoute | null;
  /** End the run now (after `stop` stages): `reply` is appended as the assistant's answer. */
  end?: { exitReason: string; error: string | null; reply?: ContentBlock[] };
  /** finalAnswer: query the model again with this history instead of ending. */
  continueWith?: Message[];
  /** afterToolResult: the tool_result the model will see. */
  result?: ToolResultBlock;
  /** Merged (shallowly) into the state later stages read as `view.host`. */
  host?: JsonObject;
}

export type MomentStage = StageBinding<MomentView, LoopEffect>;

export interface ProfileBinding {
  profileId: string;
  /** Once before the turn; results ignored (Vellum init, registry session_start). */
  runStart?: StageBinding<LoopView, null>;
  /** Once per turn before the loop; may rewrite the history (Vellum user-prompt-submit). */
  turnStart?: StageBinding<LoopView, { messages: Message[] }>;
  /** After the loop compacted the history (Vellum post-compact). */
  afterCompaction?: StageBinding<CompactionView, { messages: Message[] }>;
  /** Before each model call: the system prompt of this call. */
  beforeModelCall?: StageBinding<ModelCallView, { system: string | null; deferOutput: boolean; modelProfile: string | null }>;
  /**
   * After each model call: the finalized content, and the history to re-query with when the
   * host honours a continue (null: the outcome stands).
   */
  afterModelCall?: StageBinding<ModelOutcomeView, { content: ContentBlock[]; continueWith: Message[] | null }>;
  /** Before each tool call: a claim answers it instead of the tool (registry before_tool_call), or its input is rewritten, or it needs approval. */
  beforeToolCall?: StageBinding<ToolCallView, ToolCallDecision> & {
    /**
     * A "middleware" point's inner link: the host beneath the last hook, given the event the
     * hooks passed on. It runs the tool through `ports.runTool` (so `next` runs the tool inside
     * the chain, and twice when a hook calls it twice); the decision is then `answered`.
     */
    inner?: (event: JsonObject, view: ToolCallView, ports: ToolChainPorts) => Promise<Json>;
    /** What the host does with an approval's answer: the call's input, or its blocked tool_result. */
    afterApproval?: (ask: ApprovalAsk, answer: ApprovalAnswer, view: ToolCallView) => { input: JsonObject } | { claim: ToolClaim };
    /**
     * Hooks that may answer the approval before a person is asked (Claude Code PermissionRequest):
     * an `answer` settles it (with `ask` as the hooks rewrote it); none: the run's gate asks.
     */
    permissionRequest?: StageBinding<ToolCallView & { ask: ApprovalAsk }, { answer: ApprovalAnswer | null; ask: ApprovalAsk }>;
  };
  /** After each tool result: the result the model will see, and text to append after all results. */
  afterToolResult?: StageBinding<ToolResultView, { result: ToolResultBlock; additionalContext: string | null; stopAfter?: { exitReason: string; error: string | null } | null }>;
  /** afterToolResult sees the input the tool ran with (a hook's rewrite), not the model's (Codex: codex.md fact 7). */
  afterToolResultSeesRunInput?: boolean;
  /** "all": every tool of a reply runs, then afterToolResult per result (Vellum); "each": per tool (registry). */
  toolHookTiming: "each" | "all";
  /** On every terminal exit except a propagated hook failure. */
  stop?: StageBinding<StopView, null>;
  /** After the turn (Vellum shutdown). */
  runEnd?: StageBinding<LoopView, null>;
  /** More points at moments of the loop, each with an effect (see {@link LoopMoment}). */
  at?: Partial<Record<LoopMoment, MomentStage[]>>;
  /**
   * The exit reason the host gives a turn a person cancelled at a model call, before it was sent
   * or while it was answering (Vellum `aborted_pre_call` / `aborted_via_error`); default `cancelled`.
   */
  cancelled?: { beforeCall: string; duringCall: string };
  /** The plugin id hooks are registered under (OpenClaw stamps it on approvals and in messages). */
  pluginId?: (pipelineName: string) => string;
}

/** Names a hook's output as a decision (trace hook.end.decision), per point. */
export type OutputDecision = (output: Json | null) => string | undefined;
