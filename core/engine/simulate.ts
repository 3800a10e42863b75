import type { JsonObject } from "../json";
import { describeIssues } from "../pipeline/parsePipeline";
import type { ContentBlock, Message, Pipeline, Scenario } from "../pipeline/schema";
import { getBinding } from "../profiles/bindings";
import type { Profile } from "../profiles/types";
import { TRACE_FORMAT, type TraceEvent, type UnsequencedTraceEvent } from "../trace/events";
import { createRecorder, type TraceSink } from "../trace/recorder";
import { createRunGate } from "../approvals/gate";
import { ApprovalPending, createApprovalStep, type RunApprovalGate } from "./approvalStep";
import type { LoopEffect, LoopMoment, LoopView, MomentView, ModelOutcome, ProfileBinding, ToolUseBlock } from "./binding";
import { SimulationError } from "./errors";
import { createFirePoint } from "./firePoint";
import { compactHistory, historyChars, userMessage } from "./history";
import type { HookRunner, ModelProvider, ModelReply, ModelRequest, ModelRoute } from "./ports";
import { hookFailureExit, runToolPhase, type Exit } from "./toolPhase";
import { createSessionPartingWatch } from "./sessionParting";
import { createToolExecutor } from "./tools";
import { checkPipelineAgainstProfile } from "./validate";

export interface SimulateOptions {
  pipeline: Pipeline;
  scenario: Scenario;
  profile: Profile;
  runner: HookRunner;
  model: ModelProvider;
  /**
   * Receives every trace event, numbered, in order: as written to the trace (hookwright.trace/v2,
   * large fields as deltas where smaller; what to store or send) and in full (what the engine holds).
   */
  emit: TraceSink;
  runId?: string;
  /** Defaults to the profile's registered binding. */
  binding?: ProfileBinding;
  /** Who answers approval requests hooks make (default: the scenario's scripted answers, else nobody, as a non-interactive host run). */
  approvals?: RunApprovalGate;
}

export interface SimulationResult {
  exitReason: string;
  error: string | null;
  messages: Message[];
  modelCalls: number;
  toolCalls: number;
}

/**
 * Runs one turn of `scenario` through `pipeline` on the profile's loop, emitting the trace
 * (docs/formats.md). The loop is host-neutral; which hook fires where, its context and what
 * the host reads back come from the profile's {@link ProfileBinding}. User code runs only
 * through `runner`; the model only through `model`. A failing runner (a host bug) still ends
 * the trace cleanly with exitReason `internal_error`.
 *
 * @throws {SimulationError} NO_BINDING when the profile has no binding, UNKNOWN_POINT when a
 *   hook names a point the profile lacks (before any event is emitted).
 * @example
 * await simulate({ pipeline, scenario: pipeline.scenarios[0], profile: vellumProfile,
 *   runner, model: createScriptedModel(scenario.model), emit: (_, full) => events.push(full) });
 */
export async function simulate(options: SimulateOptions): Promise<SimulationResult> {
  const { pipeline, scenario, profile, runner, model } = options;
  const binding = options.binding ?? getBinding(profile.id);
  if (!binding) throw new SimulationError("NO_BINDING", `profile "${profile.id}" has no loop binding, so it cannot be simulated`);
  const issues = checkPipelineAgainstProfile(pipeline, profile);
  if (issues.length > 0) throw new SimulationError("UNKNOWN_POINT", describeIssues(issues));

  const recorder = createRecorder(options.emit);
  const parting = createSessionPartingWatch(scenario);
  const record = (event: UnsequencedTraceEvent): TraceEvent => {
    const recorded = recorder.record(event) as TraceEvent;
    parting?.observe(recorded);
    return recorded;
  };
  const fire = createFirePoint({ pipeline, profile, runner, record, pluginId: binding.pluginId?.(pipeline.name), completionOrder: scenario.completionOrder });
  // One step per run: it numbers the run's requests and records approval.request / approval.resolve.
  // Without a gate of its own, a run answers as its scenario scripts, else as a host with no approval surface.
  const gate = options.approvals ?? createRunGate({ script: scenario.approvals ?? [], clockStart: scenario.clockStart });
  const approvals = { request: createApprovalStep({ gate, record, runId: options.runId ?? "run-1", callResolution: runner.callResolution?.bind(runner) }) };
  const runTool = createToolExecutor(scenario, runner);
  const limits = scenario.limits;
  const state = {
    messages: [...scenario.history, userMessage(scenario.prompt, scenario.attachments)] as Message[],
    modelCalls: 0,
    toolCalls: 0,
    continues: 0,
    /** The system prompt of the run's model calls (moment stages may change it). */
    system: scenario.system,
    modelProfile: null as string | null,
    /** Where hooks routed the model calls (a binding's effect); null: the scenario's model. */
    route: null as ModelRoute | null,
    /** Tokens real providers reported for this run's calls (run.end.usage). */
    usage: { inputTokens: 0, outputTokens: 0, reported: false },
    host: {} as JsonObject,
    revisions: 0,
  };
  const ids = { conversationId: "conv-1", requestId: "req-1", userMessageId: `msg-${scenario.history.length + 1}`, sessionId: "session-1" };
  const turnCount = 1 + scenario.history.filter((m) => m.role === "user" && m.content.some((b) => b.type === "text")).length;
  const hookOrder = pipeline.hooks.filter((h) => h.enabled).map((h) => ({ id: h.id, point: h.point }));
  const view = (): LoopView => ({ scenario, pipelineName: pipeline.name, hooks: hookOrder, ids, turnCount, messages: state.messages, modelCalls: state.modelCalls, toolCalls: state.toolCalls });
  const tools: ModelRequest["tools"] = scenario.tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema }));
  const momentView = (extra: Partial<MomentView> = {}): MomentView => ({ ...view(), host: state.host, system: state.system, revisions: state.revisions, ...extra });

  /**
   * Fires the binding's extra points at `moment` in order, applying each effect before the
   * next stage reads the loop's state. Returns an exit when a hook's failure propagated or a
   * stage ended the run, and the last `continueWith` / `result` asked for.
   */
  async function fireAt(moment: LoopMoment, extra: Partial<MomentView> = {}): Promise<{ exit: Exit | null; continueWith: Message[] | null; result: MomentView["result"] }> {
    let continueWith: Message[] | null = null;
    let result = extra.result;
    for (const stage of binding?.at?.[moment] ?? []) {
      const fired = await fire(stage, momentView({ ...extra, result }));
      if (fired.aborted) return { exit: hookFailureExit(fired.aborted), continueWith: null, result };
      const effect: LoopEffect = fired.value;
      if (effect.host) state.host = { ...state.host, ...effect.host };
      if (effect.messages) state.messages = effect.messages;
      if (effect.system !== undefined) state.system = effect.system;
      if (effect.modelProfile !== undefined) state.modelProfile = effect.modelProfile;
      if (effect.route !== undefined) state.route = effect.route;
      if (effect.result) result = effect.result;
      if (effect.continueWith) continueWith = effect.continueWith;
      if (effect.end) {
        if (effect.end.reply) state.messages = [...state.messages, { role: "assistant", content: effect.end.reply }];
        return { exit: { exitReason: effect.end.exitReason, error: effect.end.error }, continueWith: null, result };
      }
    }
    return { exit: null, continueWith, result };
  }

  async function turn(): Promise<Exit> {
    if (binding?.runStart) {
      const fired = await fire(binding.runStart, view());
      if (fired.aborted) return hookFailureExit(fired.aborted);
    }
    const started = await fireAt("runStart");
    if (started.exit) return started.exit;
    if (binding?.turnStart) {
      const fired = await fire(binding.turnStart, view());
      if (fired.aborted) return hookFailureExit(fired.aborted);
      state.messages = fired.value.messages;
    }
    const turn = await fireAt("turnStart");
    if (turn.exit) return turn.exit;
    // A continue re-queries at once: it skips the budget gate, so no compaction (semantics §1e.7).
    let retrying = false;
    for (;;) {
      if (state.modelCalls >= limits.maxModelCalls) return { exitReason: "max_model_calls", error: `the run reached its bound of ${limits.maxModelCalls} model calls` };
      if (!retrying && limits.compactAtChars !== null && historyChars(state.messages) > limits.compactAtChars) {
        const exit = await compact(limits.compactAtChars);
        if (exit) return exit;
      }
      const call = state.modelCalls + 1;
      let request = { system: state.system, deferOutput: false, modelProfile: state.modelProfile };
      if (binding?.beforeModelCall) {
        const fired = await fire(binding.beforeModelCall, { ...view(), call });
        if (fired.aborted) return hookFailureExit(fired.aborted);
        request = fired.value;
      }
      const before = await fireAt("beforeModelCall", { call });
      if (before.exit) return before.exit;
      if (!binding?.beforeModelCall) request = { ...request, system: state.system, modelProfile: state.modelProfile };
      state.modelCalls = call;
      // A route a binding set wins; an inference profile key alone routes through the scenario's profiles.
      const route: ModelRoute | null = state.route ?? (request.modelProfile !== null ? { profile: request.modelProfile } : null);
      record({
        type: "model.request",
        call,
        messages: state.messages,
        system: request.system,
        ...(request.modelProfile !== null ? { modelProfile: request.modelProfile } : {}),
        ...(retrying ? { continueOf: state.continues } : {}),
        ...(route ? { route } : {}),
      });
      const reply = await respond(model, { system: request.system, messages: state.messages, tools, call, route });
      if (reply.meta?.usage && !reply.meta.recorded) {
        state.usage.inputTokens += reply.meta.usage.inputTokens;
        state.usage.outputTokens += reply.meta.usage.outputTokens;
        state.usage.reported = true;
      }
      if ("error" in reply) {
        record({ type: "model.response", call, error: reply.error, ...reply.meta });
        // Not a rejection the host's hooks see: the script ran out, or a person cancelled the turn (named as the host names it).
        if (reply.code === "script_exhausted") return { exitReason: reply.code, error: reply.error };
        if (reply.code === "cancelled") {
          const names = binding?.cancelled ?? { beforeCall: "cancelled", duringCall: "cancelled" };
          return { exitReason: reply.meta?.cancelled === "during_call" ? names.duringCall : names.beforeCall, error: reply.error };
        }
      } else record({ type: "model.response", call, content: reply.content, stopReason: reply.stopReason, ...reply.meta });

      const outcome = classify(reply);
      let content: ContentBlock[] = "error" in reply ? [] : outcome === "max_tokens" ? withoutToolUse(reply.content) : reply.content;
      let continueWith: Message[] | null = null;
      const after = await fireAt("afterModelCall", {
        call,
        outcome,
        content,
        stopReason: "error" in reply ? null : reply.stopReason,
        error: "error" in reply ? reply.error : null,
      });
      if (after.exit) return after.exit;
      if (binding?.afterModelCall) {
        const fired = await fire(binding.afterModelCall, {
          ...view(),
          call,
          outcome,
          content,
          stopReason: "error" in reply ? null : reply.stopReason,
          error: "error" in reply ? reply.error : null,
          continuesUsed: state.continues,
          outputDeferred: request.deferOutput,
        });
        if (fired.aborted) return hookFailureExit(fired.aborted);
        ({ content, continueWith } = fired.value);
      }
      if (continueWith) {
        state.continues += 1;
        state.messages = continueWith;
        retrying = true;
        continue;
      }
      retrying = false;
      if ("error" in reply) return { exitReason: "error", error: reply.error };
      if (outcome === "max_tokens") {
        // Tool calls a hook added to a truncated reply are stripped, as the host does.
        state.messages = [...state.messages, { role: "assistant", content: withoutToolUse(content) }];
        return { exitReason: "max_tokens_reached", error: null };
      }
      content = normalizeToolUseIds(content, call);
      state.messages = [...state.messages, { role: "assistant", content }];
      const toolUses = content.filter((b): b is ToolUseBlock => b.type === "tool_use");
      if (toolUses.length === 0) {
        const final = await fireAt("finalAnswer", { call, content });
        if (final.exit) return final.exit;
        if (final.continueWith) {
          // A revise: the host asks the model again with the hooks' instruction (semantics §2a).
          state.revisions += 1;
          state.messages = final.continueWith;
          continue;
        }
        return { exitReason: "no_tool_calls", error: null };
      }
      const phase = await runToolPhase(toolUses, {
        binding: binding as ProfileBinding,
        fire,
        record,
        runTool,
        view,
        momentAfterResult: binding?.at?.afterToolResult ? (toolUse, result) => fireAt("afterToolResult", { toolUse, result }) : undefined,
        approvals,
        maxToolCalls: limits.maxToolCalls,
        takeToolCall: () => {
          if (state.toolCalls >= limits.maxToolCalls) return false;
          state.toolCalls += 1;
          return true;
        },
      });
      if ("exit" in phase) return phase.exit;
      state.messages = [...state.messages, phase.message];
      if (phase.stopAfter) return phase.stopAfter;
      // The next scripted reply answers what the model saw in the session: replaying it would show a conversation that cannot happen.
      if (parting?.parted()) return { exitReason: "session_parted", error: null, endsReplay: true };
    }
  }

  async function compact(budget: number): Promise<Exit | null> {
    const before = historyChars(state.messages);
    const compacted = compactHistory(state.messages, budget);
    if (!compacted) return null;
    const beforeCompaction = await fireAt("beforeCompaction", { history: state.messages });
    if (beforeCompaction.exit) return beforeCompaction.exit;
    state.messages = compacted.messages;
    record({ type: "compact", beforeChars: before, afterChars: historyChars(compacted.messages), removedMessages: compacted.removed });
    if (binding?.afterCompaction) {
      const fired = await fire(binding.afterCompaction, { ...view(), history: compacted.messages });
      if (fired.aborted) return hookFailureExit(fired.aborted);
      state.messages = fired.value.messages;
    }
    const afterCompaction = await fireAt("afterCompaction", { history: compacted.messages });
    return afterCompaction.exit;
  }

  record({ type: "run.start", format: TRACE_FORMAT, runId: options.runId ?? "run-1", pipeline: pipeline.name, profile: profile.id, scenario: scenario.name, clockStart: scenario.clockStart, seed: scenario.seed });
  let exit: Exit;
  try {
    exit = await turn();
    // The turn did not end in the host's sense when a replay stops where it parts with the session: no end-of-turn hooks.
    const endOfTurn = !exit.hookFailure && !exit.endsReplay;
    if (endOfTurn && binding.stop) await fire(binding.stop, { ...view(), exitReason: exit.exitReason, error: exit.error });
    if (endOfTurn) {
      const stopped = await fireAt("stop", { exitReason: exit.exitReason, error: exit.error });
      if (stopped.exit?.exitReason === "hook_error") exit = stopped.exit;
    }
    if (binding.runEnd) await fire(binding.runEnd, view());
    await fireAt("runEnd", { exitReason: exit.exitReason, error: exit.error });
  } catch (error) {
    // A parked run stops here without an end: the run service resumes it from its trace once answered.
    if (error instanceof ApprovalPending) throw error;
    exit = { exitReason: "internal_error", error: `the run failed inside Hookwright: ${error instanceof Error ? error.message : String(error)}` };
  }
  const files = runner.finalFiles?.() ?? [];
  const usage = state.usage.reported ? { usage: { inputTokens: state.usage.inputTokens, outputTokens: state.usage.outputTokens } } : {};
  record({ type: "run.end", exitReason: exit.exitReason, error: exit.error, messages: state.messages, ...(files.length > 0 ? { files } : {}), ...usage });
  return { exitReason: exit.exitReason, error: exit.error, messages: state.messages, modelCalls: state.modelCalls, toolCalls: state.toolCalls };
}

async function respond(model: ModelProvider, request: ModelRequest): Promise<ModelReply> {
  try {
    return await model.respond(request);
  } catch (error) {
    // A provider that throws is a provider rejection, as the host treats it.
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

function classify(reply: ModelReply): ModelOutcome {
  if ("error" in reply) return "error";
  if (reply.stopReason === "max_tokens") return "max_tokens";
  return reply.content.some((b) => b.type === "tool_use") ? "tool_use" : "no_tool_calls";
}

function withoutToolUse(content: ContentBlock[]): ContentBlock[] {
  return content.some((b) => b.type === "tool_use") ? content.filter((b) => b.type !== "tool_use") : content;
}

/** Empty or duplicate tool_use ids get fresh ones (the host uses random UUIDs; ours are deterministic). */
function normalizeToolUseIds(content: ContentBlock[], call: number): ContentBlock[] {
  const seen = new Set<string>();
  let changed = false;
  const out = content.map((b, i) => {
    if (b.type !== "tool_use") return b;
    if (b.id !== "" && !seen.has(b.id)) {
      seen.add(b.id);
      return b;
    }
    changed = true;
    const id = `toolu_hw_${call}_${i}`;
    seen.add(id);
    return { ...b, id };
  });
  return changed ? out : content;
}
