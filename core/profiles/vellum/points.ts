import { loggerField, mutable, readOnly } from "../fieldHelpers";
import type { HookPointSpec } from "../types";

/**
 * Vellum's eight hook points: every field of seed 000, plus the real 0.10.5 host's extra
 * fields (semantics.md §1b), marked "(host)" in their docs. readBack follows §1b: after the
 * chain the host reads only those fields.
 */

const TYPES_MODULE = "@vellumai/plugin-api";

const CHAIN_DOC =
  "Hooks run one after another in registration order (built-in defaults first). Each gets its own copy of the context as the previous hook left it: change it in place and return nothing, or return a partial object whose keys replace those fields. If a hook throws, its changes are dropped and the next hook gets the context from before it. The turn never fails because of a hook.";

function template(contextType: string, fn: string, body: string[], returns = `Promise<Partial<${contextType}> | void>`): string {
  return [
    `import type { ${contextType} } from "${TYPES_MODULE}";`,
    "",
    `export default async function ${fn}(ctx: ${contextType}): ${returns} {`,
    ...body.map((l) => (l ? `  ${l}` : "")),
    "}",
    "",
  ].join("\n");
}

const common = {
  execution: "chain",
  ordering: "registration",
  failure: "fail-open",
  chainDoc: CHAIN_DOC,
  hasPriority: false,
  hasMatcher: false,
} as const;

const conversationId = (doc: string) => readOnly("conversationId", "string", doc);
const callSite = (doc: string) => readOnly("callSite", "LLMCallSite | null", doc);

export const vellumPoints: HookPointSpec[] = [
  {
    ...common,
    id: "init",
    doc: "Once, when the plugin is activated (boot or install). Validate config and open resources; throwing aborts the plugin's load.",
    contextType: "InitContext",
    returnType: "Promise<void>",
    fields: [
      readOnly("config", "unknown", "Parsed config for this plugin (<pluginDir>/config.json), validated against the manifest."),
      readOnly("credentials", "Record<string, string>", "Resolved credential values. Seed field; the 0.10.5 host's InitContext has none, Hookwright passes {}."),
      readOnly("pluginStorageDir", "string", "Absolute path to the plugin's writable data directory (<pluginDir>/data/)."),
      readOnly("assistantVersion", "string", "Assistant semver, for defensive runtime checks."),
      loggerField("Pino-compatible logger scoped to the plugin."),
    ],
    chainDoc: "The host calls each plugin's init on its own, outside the hook chain; the return value is ignored. In a user plugin a throw is logged and the plugin stays active.",
    decisions: [],
    template: template("InitContext", "init", ["ctx.logger.info({ assistantVersion: ctx.assistantVersion }, \"plugin ready\");"], "Promise<void>"),
  },
  {
    ...common,
    id: "user-prompt-submit",
    doc: "Once per user turn, after the messages are assembled and before the agent loop runs. Read or rewrite the message list the model will see.",
    contextType: "UserPromptSubmitContext",
    returnType: "Promise<Partial<UserPromptSubmitContext> | void>",
    fields: [
      conversationId("Conversation the prompt was submitted on."),
      readOnly("userMessageId", "string", "Persisted id of the user message that triggered the turn."),
      readOnly("requestId", "string", "Stable id for the request driving this turn."),
      readOnly("modelProfileKey", "string", "The turn's effective inference profile key (the active profile; without profiles, the model id). Hookwright: the scenario's inference.activeProfile."),
      readOnly("isNonInteractive", "boolean", "True when no human is present to answer clarifications (scheduled or headless runs)."),
      readOnly("prompt", "string", "Resolved text of the user prompt, after slash-command expansion."),
      readOnly("isHiddenPrompt", "boolean", "(host) True when the prompt is not shown in the transcript.", { optional: true }),
      readOnly(
        "originalMessages",
        "ReadonlyArray<Message>",
        "The user's original message list. The host passes the SAME array as latestMessages, so pushing onto latestMessages changes it too (semantics §1e.1).",
      ),
      mutable("latestMessages", "Message[]", "The working list that flows into the agent loop. Mutate in place or replace via the return value."),
      loggerField(),
    ],
    decisions: [],
    template: template("UserPromptSubmitContext", "userPromptSubmit", [
      "// latestMessages is what the model will see; originalMessages is the same array.",
      'ctx.logger.info({ messages: ctx.latestMessages.length }, "turn submitted");',
    ]),
  },
  {
    ...common,
    id: "post-compact",
    doc: "After the loop compacts the history mid-turn, before the next model call. Re-apply context that compaction dropped.",
    contextType: "PostCompactContext",
    returnType: "Promise<Partial<PostCompactContext> | void>",
    fields: [
      mutable("history", "Message[]", "The compacted message history. The loop resumes the turn from the settled value."),
      readOnly("requestId", "string", "Stable id of the request driving this turn."),
      conversationId("Conversation the turn being compacted is scoped to."),
      readOnly("isNonInteractive", "boolean", "True when no human is present to answer clarifications."),
      readOnly("modelProfileKey", "string", "The turn's effective inference profile key (the active profile; without profiles, the model id). Hookwright: the scenario's inference.activeProfile."),
      readOnly("injectionMode", '"full" | "minimal"', "Volume of runtime injection to re-apply: 'full' restores the complete context, 'minimal' the reduced volume overflow recovery selects.", {
        optional: true,
      }),
    ],
    decisions: [],
    template: template("PostCompactContext", "postCompact", [
      'ctx.history.unshift({ role: "user", content: [{ type: "text", text: "Reminder: keep answers short." }] });',
    ]),
  },
  {
    ...common,
    id: "pre-model-call",
    doc: "Immediately before every provider call in a turn, including tool-result follow-ups and continues. Edit the system prompt, route the call, or defer the live output.",
    contextType: "PreModelCallContext",
    returnType: "Promise<Partial<PreModelCallContext> | void>",
    fields: [
      conversationId("Conversation the call belongs to."),
      callSite("Which call site this serves (mainAgent for the user-facing reply), or null. Self-gate on it before acting."),
      mutable("systemPrompt", "string | null", "The system prompt about to be sent. Replace it to edit the request; null means no system prompt."),
      mutable("modelProfile", "string | null", "The inference profile this call routes to. Trimmed by the host; empty or null removes the override."),
      mutable("deferAssistantOutput", "boolean", "Set true to suppress the live token stream so a post-model-call hook can emit the final text instead (and may still continue)."),
      loggerField(),
    ],
    decisions: [],
    template: template("PreModelCallContext", "preModelCall", [
      "// Only touch the user-facing reply, not background or subagent calls.",
      'if (ctx.callSite !== "mainAgent") return;',
      'ctx.systemPrompt = (ctx.systemPrompt ?? "") + "\\nBe concise.";',
    ]),
  },
  {
    ...common,
    id: "post-model-call",
    doc: "At every model-call outcome (a finalized reply, a max_tokens cut, or a provider rejection), before the reply is persisted. Transform text blocks and own the continue decision.",
    contextType: "PostModelCallContext",
    returnType: "Promise<Partial<PostModelCallContext> | void>",
    fields: [
      conversationId("Conversation the message belongs to."),
      callSite("Which call site this message serves, or null. Self-gate before acting."),
      mutable("content", "ContentBlock[]", "The finalized reply content; empty on a provider rejection. Dropping a tool_use block cancels that call; added tool_use blocks run (not on max_tokens)."),
      mutable("messages", "Message[]", "The history before this reply. Read back only when continue is honoured: leave it as the history the next call should send."),
      readOnly("error", "Error", "The provider rejection, on a rejection outcome; absent on a reply. In Hookwright a plain { name, message } object.", { optional: true }),
      readOnly("stopReason", "string | null", "Provider-reported stop reason (end_turn, tool_use, max_tokens, ...), or null on a rejection."),
      mutable(
        "decision",
        "PostModelCallDecision",
        "Seeded to 'stop'. Set 'continue' to re-query the model. Honoured only on a no-tool reply, a max_tokens cut or a rejection, at most 5 times per run, and not after visible text streamed live.",
      ),
      loggerField(),
    ],
    decisions: [
      { name: "continue", doc: "decision = 'continue': re-query the model with ctx.messages as the history (no-tool reply, max_tokens or rejection only; at most 5 per run)." },
      { name: "stop", doc: "decision = 'stop' (the default): the outcome stands." },
    ],
    template: template("PostModelCallContext", "postModelCall", [
      "if (ctx.error) return; // act only on a real reply",
      'const text = ctx.content.filter((b) => b.type === "text").map((b) => b.text).join("");',
      'if (text.trim() === "" && !ctx.content.some((b) => b.type === "tool_use")) {',
      '  ctx.messages.push({ role: "user", content: [{ type: "text", text: "Please answer." }] });',
      '  ctx.decision = "continue";',
      "}",
    ]),
  },
  {
    ...common,
    id: "post-tool-use",
    doc: "After the turn's tools finish, once per tool result in tool_use order, before the result rejoins the history. Transform the result or add guidance.",
    contextType: "PostToolUseContext",
    returnType: "Promise<Partial<PostToolUseContext> | void>",
    fields: [
      conversationId("Conversation the tool ran on."),
      mutable("toolResponse", "ToolResultContent", "The tool result block ({ type, tool_use_id, content: string, is_error }). Mutate its content in place or replace the block."),
      readOnly("messages", "ReadonlyArray<Message>", "History up to and including the assistant turn that issued the call. The result is not in it yet."),
      mutable("additionalContext", "string | null", "Extra model-only guidance, appended as a text block after ALL the tool results of this turn. Defaults to null."),
      readOnly("model", "string", "(host) The model serving this turn."),
      callSite("(host) Which call site issued the tool call."),
      readOnly("supportsDynamicUi", "boolean", "(host) Whether the client can render dynamic UI."),
      readOnly("maxInputTokens", "number", "The model's context-window size in tokens, for deriving a character budget."),
      loggerField(),
    ],
    decisions: [],
    template: template("PostToolUseContext", "postToolUse", [
      "const budget = ctx.maxInputTokens * 4; // characters, roughly",
      "if (ctx.toolResponse.content.length > budget) {",
      "  ctx.toolResponse.content = ctx.toolResponse.content.slice(0, budget);",
      "}",
    ]),
  },
  {
    ...common,
    id: "stop",
    doc: "Once per run, when the loop has committed to ending, on every terminal exit. Teardown only: it cannot continue the loop.",
    contextType: "StopContext",
    returnType: "Promise<void>",
    fields: [
      conversationId("Conversation the run belongs to."),
      readOnly("messages", "ReadonlyArray<Message>", "Full conversation history at the terminal stop; mutating it has no effect."),
      readOnly("exitReason", "AgentLoopExitReason", "Which terminal state the turn reached (no_tool_calls, max_tokens_reached, error, ...)."),
      readOnly("error", "Error", "The rejection that ended the turn, when it ended on one; absent on a clean stop. In Hookwright a plain { name, message } object.", {
        optional: true,
      }),
      loggerField(),
    ],
    decisions: [],
    template: template("StopContext", "stop", ['ctx.logger.info({ exitReason: ctx.exitReason }, "turn ended");'], "Promise<void>"),
  },
  {
    ...common,
    id: "shutdown",
    doc: "Once, when the Assistant tears the plugin down (process exit, uninstall, disable). Best-effort cleanup.",
    contextType: "ShutdownContext",
    returnType: "Promise<void>",
    fields: [
      readOnly("assistantVersion", "string", "Assistant semver, for version-conditional cleanup."),
      readOnly("reason", '"shutdown" | "uninstall" | "disable"', "(host) Why the plugin is being torn down."),
    ],
    decisions: [],
    template: template("ShutdownContext", "shutdown", ["// Release resources opened in init."], "Promise<void>"),
  },
];
