import type { FoldSpec } from "../../chain/fold/spec";
import type { DecisionSpec, HookPointSpec } from "../types";

/**
 * OpenClaw's hook points on the embedded agent run (semantics.md §2a), each with the event and
 * ctx types of the published package (openclaw 2026.9.6, `dist/cli-backend.types-B-oosdMB.d.ts`)
 * and the way `createHookRunner` dispatches and folds it (`dist/hooks-CKanWLsK.mjs:566-1312`).
 * A handler is written as a real plugin writes it, `async (event, ctx) => result`; the point's
 * context is `{ event, ctx }`, the handler's two arguments. Handlers change nothing in place that
 * the host reads: what counts is what they return.
 */

export const OPENCLAW_TYPES_MODULE = "openclaw/plugin-sdk/plugin-entry";
const ARGS = ["event", "ctx"];

const OBSERVE: FoldSpec = { kind: "observe", isolation: "shared", failure: "fail-open", defaultTimeoutMs: null };
const observe = (defaultTimeoutMs: number | null): FoldSpec => ({ ...OBSERVE, defaultTimeoutMs });

interface PointInput {
  id: string;
  doc: string;
  event: string;
  ctx: string;
  /** The handler's return type (without Promise). */
  result: string;
  fold: FoldSpec;
  chainDoc: string;
  decisions?: DecisionSpec[];
  matcher?: boolean;
  /** Body of the template handler, indented by the template. */
  body: string[];
  /** Synchronous hooks are written without async. */
  sync?: boolean;
}

function point(p: PointInput): HookPointSpec {
  const contextType = `${p.id.split("_").map((w) => w[0]?.toUpperCase() + w.slice(1)).join("")}HookArgs`;
  const returns = p.result === "void" ? "void" : `${p.result} | void`;
  const returnType = p.sync ? returns : `Promise<${returns}>`;
  const imports = [p.event, p.ctx, ...(p.result === "void" ? [] : [p.result])];
  const template = [
    `import type { ${imports.join(", ")} } from "${OPENCLAW_TYPES_MODULE}";`,
    "",
    `export default ${p.sync ? "" : "async "}(event: ${p.event}, ctx: ${p.ctx}): ${returnType} => {`,
    ...p.body.map((line) => (line ? `  ${line}` : "")),
    "};",
    "",
  ].join("\n");
  return {
    id: p.id,
    doc: p.doc,
    contextType,
    returnType,
    fields: [
      { name: "event", type: p.event, readonly: true, readBack: false, doc: "The hook's event (its first argument). The host reads what the handler returns, not changes made here." },
      { name: "ctx", type: p.ctx, readonly: true, readBack: false, doc: "The hook's context (its second argument), the same object for every handler of a dispatch." },
    ],
    execution: "fold",
    ordering: "priority-desc",
    failure: p.fold.failure === "fail-closed" ? "propagate" : "fail-open",
    chainDoc: p.chainDoc,
    decisions: p.decisions ?? [],
    hasPriority: true,
    hasMatcher: p.matcher === true,
    hasTimeout: true,
    fold: p.fold,
    args: ARGS,
    ...(p.matcher ? { matcherTarget: "/event/toolName" } : {}),
    template,
  };
}

const ORDER = "Handlers run by priority, highest first (default 0); equal priorities keep registration order.";
const OBSERVE_DOC = (budget: string) =>
  `Observe: every handler starts at once (the order only orders their start; each sees what earlier ones wrote to the shared event and ctx before their first await) and their returns are ignored. A handler that throws or times out is logged; the others and the run go on. ${budget}`;
const MATCHER_DOC = " A `matcher` (list of canonical tool ids) limits the handler to those tools; without one it sees every tool.";

/** How a hook's output is named as its decision (trace hook.end.decision, hookDecision expectations). */
const DECISION_RULES: Record<string, NonNullable<HookPointSpec["decisionRules"]>> = {
  before_tool_call: [
    { field: "block", equals: true, name: "block" },
    { field: "requireApproval", name: "approval" },
    { field: "params", name: "params" },
  ],
  before_agent_run: [{ field: "outcome", useValue: true }],
  before_agent_reply: [{ field: "handled", name: "claim" }],
  before_agent_finalize: [{ field: "action", useValue: true }],
  message_sending: [
    { field: "cancel", equals: true, name: "cancel" },
    { field: "content", name: "rewrite" },
  ],
  before_message_write: [{ field: "block", name: "block" }],
};

const points: HookPointSpec[] = [
  point({
    id: "gateway_start",
    doc: "When the Gateway starts, before any run: start plugin-owned services. Observe.",
    event: "PluginHookGatewayStartEvent",
    ctx: "PluginHookGatewayContext",
    result: "void",
    fold: observe(null),
    chainDoc: OBSERVE_DOC("No budget unless the hook sets timeoutMs."),
    body: ["console.log(`gateway on port ${event.port}`);"],
  }),
  point({
    id: "session_start",
    doc: "A session begins (its first run). Observe.",
    event: "PluginHookSessionStartEvent",
    ctx: "PluginHookSessionContext",
    result: "void",
    fold: observe(null),
    chainDoc: OBSERVE_DOC("No budget unless the hook sets timeoutMs."),
    body: ["console.log(`session ${event.sessionId} started`);"],
  }),
  point({
    id: "message_received",
    doc: "An inbound message arrived on a channel, before routing. Observe; the host does not wait for it (fire-and-forget).",
    event: "PluginHookMessageReceivedEvent",
    ctx: "PluginHookMessageContext",
    result: "void",
    fold: observe(null),
    chainDoc: OBSERVE_DOC("No budget unless the hook sets timeoutMs."),
    body: ["console.log(`from ${event.from}: ${event.content}`);"],
  }),
  point({
    id: "before_model_resolve",
    doc: "Once per run, before session messages load: route the run to another model or provider. Needs allowConversationAccess (the seed lists only llm_input, llm_output and agent_end as conversation hooks; the package gates this one too).",
    event: "PluginHookBeforeModelResolveEvent",
    ctx: "PluginHookAgentContext",
    result: "PluginHookBeforeModelResolveResult",
    fold: { kind: "modify", merge: { kind: "fields", fields: [["modelOverride", "first-defined"], ["providerOverride", "first-defined"]] }, isolation: "shared", failure: "fail-open", defaultTimeoutMs: null },
    chainDoc: `Modify: handlers run one after another. modelOverride and providerOverride are each first-defined: the highest-priority handler that sets one wins (a returned null counts as set). A handler that throws is logged and skipped. ${ORDER}`,
    body: ['if (event.prompt.length > 2000) return { modelOverride: "claude-opus-4" };'],
  }),
  point({
    id: "before_agent_reply",
    doc: "Once per run, before the model is called: a handler may answer instead of the model ({ handled: true, reply }) or keep silent. Claim. Needs allowConversationAccess.",
    event: "PluginHookBeforeAgentReplyEvent",
    ctx: "PluginHookAgentContext",
    result: "PluginHookBeforeAgentReplyResult",
    fold: { kind: "claim", isolation: "shared", failure: "fail-open", defaultTimeoutMs: null },
    chainDoc: `Claim: handlers run one after another and the first whose handled is truthy wins; the rest do not run. A claim without a reply ends the run silently ("NO_REPLY"); with one, its text is the run's answer and the model is never called. A handler that throws is logged and the next one is tried. ${ORDER}`,
    decisions: [
      { name: "claim", doc: "{ handled: true, reply: { text } }: the run answers with this text and the model is not called." },
      { name: "pass", doc: "{ handled: false } or nothing: the next handler decides, then the model." },
    ],
    body: ['if (event.cleanedBody.trim() === "/ping") return { handled: true, reply: { text: "pong" } };'],
  }),
  point({
    id: "before_prompt_build",
    doc: "Once per run (and per prompt rebuild), before the model call: add context around the prompt or to the system prompt. Needs allowConversationAccess and allowPromptInjection. The package also returns appendContext and toolsAllow, which the seed omits.",
    event: "PluginHookBeforePromptBuildEvent",
    ctx: "PluginHookAgentContext",
    result: "PluginHookBeforePromptBuildResult",
    fold: {
      kind: "modify",
      merge: {
        kind: "fields",
        fields: [
          ["systemPrompt", "first-defined"],
          ["prependContext", "concat"],
          ["appendContext", "concat"],
          ["toolsAllow", "intersect-tools"],
          ["prependSystemContext", "concat"],
          ["appendSystemContext", "concat"],
        ],
      },
      isolation: "shared",
      argIsolation: { ctx: "shallow-copy-per-handler" },
      dispatchCopies: [{ arg: "event", kind: "project-model-context-messages" }],
      failure: "fail-open",
      defaultTimeoutMs: 15000,
    },
    chainDoc: `Modify: handlers run one after another on one shared copy of the event, whose messages are projected for the model (a toolResult loses details); each handler gets its own shallow copy of ctx. prependContext, appendContext, prependSystemContext and appendSystemContext are concatenated in priority order with a blank line; an explicit empty string from a later handler erases what came before. systemPrompt is first-defined; toolsAllow lists are intersected. A handler that throws or passes its 15 s budget is logged and skipped. ${ORDER}`,
    body: ['return { prependContext: "Answer in British English." };'],
  }),
  point({
    id: "before_agent_run",
    doc: "Once per run, after the prompt is built and before inference: a gate that must return { outcome: \"pass\" } or { outcome: \"block\", reason }. Needs allowConversationAccess.",
    event: "PluginHookBeforeAgentRunEvent",
    ctx: "PluginHookAgentContext",
    result: "PluginHookBeforeAgentRunResult",
    fold: { kind: "modify", merge: { kind: "gate-decision" }, mergeNull: true, stopOnBlockOutcome: true, isolation: "shared", failure: "fail-closed", defaultTimeoutMs: 15000 },
    chainDoc: `Gate: handlers run one after another; the most restrictive decision wins and a block skips the rest. Returning nothing counts as pass, but null or a malformed decision is a block ("before_agent_run returned an invalid decision"). Fail-closed: a handler that throws or passes its 15 s budget blocks the run. ${ORDER}`,
    decisions: [
      { name: "pass", doc: '{ outcome: "pass" }: the run goes on.' },
      { name: "block", doc: '{ outcome: "block", reason, message? }: the run stops; the user sees "Your message could not be sent: <message>".' },
    ],
    body: ['if (/\\bpassword\\b/i.test(event.prompt)) return { outcome: "block", reason: "credentials in prompt", message: "Please do not paste passwords." };', 'return { outcome: "pass" };'],
  }),
  point({
    id: "llm_input",
    doc: "Once per run attempt, as the provider input is assembled (system prompt, prompt, history). Observe, fire-and-forget. Needs allowConversationAccess.",
    event: "PluginHookLlmInputEvent",
    ctx: "PluginHookAgentContext",
    result: "void",
    fold: observe(null),
    chainDoc: OBSERVE_DOC("No budget unless the hook sets timeoutMs."),
    body: ["console.log(`${event.historyMessages.length} messages to ${event.model}`);"],
  }),
  point({
    id: "model_call_started",
    doc: "Before each provider call. Observe (the event is frozen), through the host's bounded fire-and-forget queue.",
    event: "PluginHookModelCallStartedEvent",
    ctx: "PluginHookAgentContext",
    result: "void",
    fold: observe(null),
    chainDoc: OBSERVE_DOC("The host queues these (16 at once, 256 queued) and only logs one still running after 2 s."),
    body: ["console.log(`call ${event.callId} to ${event.provider}/${event.model}`);"],
  }),
  point({
    id: "model_call_ended",
    doc: "After each provider call, with its outcome and duration. Observe (frozen event), bounded fire-and-forget.",
    event: "PluginHookModelCallEndedEvent",
    ctx: "PluginHookAgentContext",
    result: "void",
    fold: observe(null),
    chainDoc: OBSERVE_DOC("The host queues these (16 at once, 256 queued) and only logs one still running after 2 s."),
    body: ["console.log(`call ${event.callId}: ${event.outcome} in ${event.durationMs} ms`);"],
  }),
  point({
    id: "before_tool_call",
    doc: "Before each tool call: rewrite its params, block it, or ask the user for approval. The seed's timeoutBehavior is deprecated in the package: timeouts always deny.",
    event: "PluginHookBeforeToolCallEvent",
    ctx: "PluginHookToolContext",
    result: "PluginHookBeforeToolCallResult",
    fold: { kind: "modify", merge: { kind: "tool-call" }, stopWhenTrue: "block", isolation: "shared", argIsolation: { event: "clone-per-handler" }, failure: "fail-closed", defaultTimeoutMs: 15000 },
    matcher: true,
    chainDoc:
      `Modify/gate: each handler gets its own copy of the original event (earlier rewrites are not visible to it); ctx is one object shared by all handlers. block: true is final and skips lower priorities; block: false is no decision. params: the last defined wins and is shallow-merged onto the call's params, but once a handler asked for approval, params are frozen. blockReason: the last defined wins, even from a handler that did not block. requireApproval: the first wins. Fail-closed: a handler that throws or passes its 15 s budget blocks the call ("Tool call blocked because before_tool_call hook failed"). ${ORDER}` +
      MATCHER_DOC,
    decisions: [
      { name: "block", doc: "{ block: true, blockReason }: the tool does not run; the model gets an error tool_result with the reason (\"Tool call blocked by plugin hook\" without one)." },
      { name: "approval", doc: "{ requireApproval: { title, description, severity?, timeoutMs?, allowedDecisions? } }: the run waits for a person; deny or timeout blocks the call." },
      { name: "params", doc: "{ params }: shallow-merged onto the call's params." },
    ],
    body: ['if (event.toolName !== "exec") return;', 'if (String(event.params.command ?? "").includes("rm -rf")) return { block: true, blockReason: "destructive command" };'],
  }),
  point({
    id: "tool_result_persist",
    doc: "Synchronously, as a tool's result message is written to the transcript: rewrite that message. A handler must not be async: a returned Promise is ignored with a warning.",
    event: "PluginHookToolResultPersistEvent",
    ctx: "PluginHookToolResultPersistContext",
    result: "PluginHookToolResultPersistResult",
    fold: { kind: "sync", threadField: "message", syncResult: "always", isolation: "shared", argIsolation: { event: "shallow-copy-per-handler" }, failure: "fail-open", defaultTimeoutMs: null },
    chainDoc: `Synchronous: handlers run one after another and each sees the message the previous one returned ({ message }). An async handler's result is ignored (the host warns). A handler that throws is logged and skipped. ${ORDER}`,
    sync: true,
    body: ["if (event.toolName !== \"web_search\") return;", "return { message: { ...event.message, content: event.message.content.slice(0, 1) } };"],
  }),
  point({
    id: "before_message_write",
    doc: "Synchronously, before a message is appended to the session transcript: rewrite it or block the write. Rarely needed. Must not be async.",
    event: "PluginHookBeforeMessageWriteEvent",
    ctx: "PluginHookBeforeMessageWriteContext",
    result: "PluginHookBeforeMessageWriteResult",
    fold: { kind: "sync", threadField: "message", syncBlockField: "block", syncResult: "if-changed", isolation: "shared", argIsolation: { event: "shallow-copy-per-handler" }, failure: "fail-open", defaultTimeoutMs: null },
    chainDoc: `Synchronous: handlers run one after another, each seeing the previous one's message; { block: true } stops the write and the rest. An async handler's result is ignored (the host warns). ${ORDER}`,
    sync: true,
    decisions: [{ name: "block", doc: "{ block: true }: the message is not written to the transcript." }],
    body: ["if (JSON.stringify(event.message).includes(\"BEGIN PRIVATE KEY\")) return { block: true };"],
  }),
  point({
    id: "after_tool_call",
    doc: "After each tool call, with its result, error and duration. Observe, fire-and-forget.",
    event: "PluginHookAfterToolCallEvent",
    ctx: "PluginHookToolContext",
    result: "void",
    fold: observe(null),
    matcher: true,
    chainDoc: OBSERVE_DOC("No budget unless the hook sets timeoutMs.") + MATCHER_DOC,
    body: ["console.log(`[audit] ${event.toolName} ${JSON.stringify(event.params)} in ${event.durationMs} ms`);"],
  }),
  point({
    id: "before_agent_finalize",
    doc: "When the model gives a natural final answer: ask for another pass (revise) before it is accepted. At most 3 revisions per run. Needs allowConversationAccess.",
    event: "PluginHookBeforeAgentFinalizeEvent",
    ctx: "PluginHookAgentContext",
    result: "PluginHookBeforeAgentFinalizeResult",
    fold: { kind: "modify", merge: { kind: "finalize-action" }, isolation: "shared", dispatchCopies: [{ arg: "event", kind: "run-id-from", from: "ctx" }], failure: "fail-open", defaultTimeoutMs: 15000 },
    chainDoc: `Modify: handlers run one after another. finalize is sticky and overrides everything; revise + revise joins the reasons; revise beats continue. A revise sends retry.instruction (trimmed; empty ones dropped) to the model for another pass, at most 3 times per run. A failing handler is skipped. The event carries ctx.runId when it has no runId of its own. ${ORDER}`,
    decisions: [
      { name: "revise", doc: '{ action: "revise", retry: { instruction } }: the model gets the instruction and answers again.' },
      { name: "finalize", doc: '{ action: "finalize" }: the answer stands, whatever later handlers say.' },
      { name: "continue", doc: '{ action: "continue" }: no objection.' },
    ],
    body: ['if (!event.lastAssistantMessage?.trim()) return { action: "revise", reason: "empty answer", retry: { instruction: "Your answer was empty. Please answer the question." } };'],
  }),
  point({
    id: "llm_output",
    doc: "After the run's final model output. Observe, fire-and-forget. Needs allowConversationAccess.",
    event: "PluginHookLlmOutputEvent",
    ctx: "PluginHookAgentContext",
    result: "void",
    fold: observe(null),
    chainDoc: OBSERVE_DOC("No budget unless the hook sets timeoutMs."),
    body: ["console.log(event.assistantTexts.join(\"\\n\"));"],
  }),
  point({
    id: "agent_end",
    doc: "When the run ends, with its messages and success. Observe. Needs allowConversationAccess.",
    event: "PluginHookAgentEndEvent",
    ctx: "PluginHookAgentContext",
    result: "void",
    fold: { ...observe(30000), dispatchCopies: [{ arg: "event", kind: "run-id-from", from: "ctx" }] },
    chainDoc: OBSERVE_DOC("Each handler has a 30 s budget (only logged when passed). The event carries ctx.runId when it has no runId of its own."),
    body: ["console.log(`run ${event.success ? \"succeeded\" : \"failed\"} with ${event.messages.length} messages`);"],
  }),
  point({
    id: "before_compaction",
    doc: "Before the session history is compacted. Observe.",
    event: "PluginHookBeforeCompactionEvent",
    ctx: "PluginHookAgentContext",
    result: "void",
    fold: observe(30000),
    chainDoc: OBSERVE_DOC("Each handler has a 30 s budget (only logged when passed)."),
    body: ["console.log(`compacting ${event.compactingCount ?? 0} of ${event.messageCount} messages`);"],
  }),
  point({
    id: "after_compaction",
    doc: "After the session history was compacted. Observe.",
    event: "PluginHookAfterCompactionEvent",
    ctx: "PluginHookAgentContext",
    result: "void",
    fold: observe(30000),
    chainDoc: OBSERVE_DOC("Each handler has a 30 s budget (only logged when passed)."),
    body: ["console.log(`compacted ${event.compactedCount} messages; ${event.messageCount} left`);"],
  }),
  point({
    id: "message_sending",
    doc: "Before the run's reply is delivered to the channel: rewrite its content or cancel delivery. Unlike the seed's wording, each handler receives the original content; the last defined rewrite wins.",
    event: "PluginHookMessageSendingEvent",
    ctx: "PluginHookMessageContext",
    result: "PluginHookMessageSendingResult",
    fold: {
      kind: "modify",
      merge: { kind: "fields", fields: [["content", "last-defined"], ["cancel", "sticky-true"], ["cancelReason", "last-defined"], ["metadata", "latest-non-nullish"]] },
      stopWhenTrue: "cancel",
      isolation: "shared",
      failure: "fail-open",
      defaultTimeoutMs: 15000,
    },
    chainDoc: `Modify/gate: handlers run one after another on the original event. content is last-defined, cancel: true is final and skips lower priorities (cancel: false is no decision), cancelReason is last-defined and metadata the latest non-null. A failing handler is skipped. ${ORDER}`,
    decisions: [
      { name: "cancel", doc: "{ cancel: true, cancelReason }: the reply is not delivered." },
      { name: "rewrite", doc: "{ content }: the delivered text." },
    ],
    body: ['if (/sk-[A-Za-z0-9]{20,}/.test(event.content)) return { cancel: true, cancelReason: "secret in reply" };'],
  }),
  point({
    id: "message_sent",
    doc: "After the reply was delivered (or failed to be). Observe, fire-and-forget. Not fired when message_sending cancelled delivery.",
    event: "PluginHookMessageSentEvent",
    ctx: "PluginHookMessageContext",
    result: "void",
    fold: observe(null),
    chainDoc: OBSERVE_DOC("No budget unless the hook sets timeoutMs."),
    body: ["console.log(`delivered to ${event.to}: ${event.success}`);"],
  }),
  point({
    id: "session_end",
    doc: "The session ends. Observe.",
    event: "PluginHookSessionEndEvent",
    ctx: "PluginHookSessionContext",
    result: "void",
    fold: observe(null),
    chainDoc: OBSERVE_DOC("No budget unless the hook sets timeoutMs."),
    body: ["console.log(`session ${event.sessionId} ended after ${event.messageCount} messages`);"],
  }),
  point({
    id: "gateway_stop",
    doc: "The Gateway is stopping: release plugin-owned resources. Observe.",
    event: "PluginHookGatewayStopEvent",
    ctx: "PluginHookGatewayContext",
    result: "void",
    fold: observe(5000),
    chainDoc: OBSERVE_DOC("Each handler has a 5 s budget (only logged when passed)."),
    body: ["console.log(`gateway stopping: ${event.reason ?? \"shutdown\"}`);"],
  }),
];

export const openclawPoints: HookPointSpec[] = points.map((p) => (DECISION_RULES[p.id] ? { ...p, decisionRules: DECISION_RULES[p.id] } : p));
