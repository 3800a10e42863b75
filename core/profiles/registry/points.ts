import { mutable, readOnly } from "../fieldHelpers";
import type { HookPointSpec } from "../types";

/**
 * The hook registry of seed 001: five points, three execution models. Contexts are derived
 * from the seed's examples (sessionId, turnCount, toolName, args, ...). Handlers change
 * things only through what they return, so every context field is read-only in the typings;
 * `readBack` marks the keys a returned partial may set.
 */

export const REGISTRY_TYPES_MODULE = "hook-registry";

function template(contextType: string, returns: string, body: string[], resultType?: string): string {
  const imports = resultType ? `${contextType}, ${resultType}` : contextType;
  return [
    `import type { ${imports} } from "${REGISTRY_TYPES_MODULE}";`,
    "",
    `export default async function (ctx: ${contextType}): ${returns} {`,
    ...body.map((l) => (l ? `  ${l}` : "")),
    "}",
    "",
  ].join("\n");
}

const sessionId = readOnly("sessionId", "string", "The session the turn belongs to.");
const turnCount = readOnly("turnCount", "number", "How many turns this session has had, this one included.");
const toolName = readOnly("toolName", "string", "Name of the tool the model called.");
const toolUseId = readOnly("toolUseId", "string", "Id of the tool_use block.");
const args = readOnly("args", "Record<string, unknown>", "The arguments the model passed to the tool.");

const VOID_DOC =
  "All handlers start at once (Promise.allSettled), each on its own copy of the same input. Return values are ignored and a handler that throws does not affect the others or the turn (fail-open). Use for logging and notifications.";

export const registryPoints: HookPointSpec[] = [
  {
    id: "session_start",
    doc: "Before the turn begins. Void: for logging and side effects.",
    contextType: "SessionStartContext",
    returnType: "Promise<void>",
    fields: [sessionId, turnCount, readOnly("prompt", "string", "The user's prompt for this turn.")],
    execution: "void",
    ordering: "registration",
    failure: "fail-open",
    chainDoc: VOID_DOC,
    decisions: [],
    hasPriority: false,
    hasMatcher: false,
    template: template("SessionStartContext", "Promise<void>", ["console.log(`Session started: ${ctx.sessionId}`);"]),
  },
  {
    id: "before_prompt_build",
    doc: "After memory prefetch, before each LLM call. Modifying: return a partial to amend the prompt.",
    contextType: "BeforePromptBuildContext",
    returnType: "Promise<BeforePromptBuildResult | void>",
    fields: [
      sessionId,
      turnCount,
      readOnly("prompt", "string", "The user's prompt for this turn."),
      readOnly("messages", "ReadonlyArray<Message>", "The history about to be sent."),
      readOnly("modelCall", "number", "1-based index of the LLM call this prompt is for."),
      mutable("systemPrompt", "string | null", "The system prompt. Return { systemPrompt } to replace it.", { readonly: true }),
      mutable("additionalContext", "string | null", "Seeded null. Return { additionalContext } to append it to the system prompt.", { readonly: true }),
    ],
    execution: "modifying",
    ordering: "registration",
    failure: "propagate",
    chainDoc:
      "Handlers run one after another, each on a copy of the original input; only returned partials count. Results are merged key by key and the first non-null value per key wins: a later handler cannot override an earlier one. A handler that throws fails the turn (propagated).",
    decisions: [],
    hasPriority: false,
    hasMatcher: false,
    template: template("BeforePromptBuildContext", "Promise<BeforePromptBuildResult | void>", [
      "return { additionalContext: `Today is ${new Date().toDateString()}.` };",
    ], "BeforePromptBuildResult"),
  },
  {
    id: "before_tool_call",
    doc: "Before each tool executes. Claiming: return { handled: true, error } to block the call; the model gets an error tool_result with your text.",
    contextType: "BeforeToolCallContext",
    returnType: "Promise<ClaimResult>",
    fields: [sessionId, turnCount, toolName, toolUseId, args],
    execution: "claiming",
    ordering: "registration",
    failure: "propagate",
    chainDoc:
      "Handlers run one after another and stop at the first that returns { handled: true }: the first claim wins. A claim with `error` blocks the tool and the model receives an error tool_result carrying that text; a claim with `result` answers in the tool's place. A handler that throws fails the turn (propagated).",
    decisions: [
      { name: "block", doc: "{ handled: true, error: '...' }: the tool does not run; its tool_result is an error with this text." },
      { name: "claim", doc: "{ handled: true, result: '...' }: the tool does not run; the hook's result is the tool_result." },
      { name: "pass", doc: "{ handled: false } or nothing: the next handler decides." },
    ],
    hasPriority: false,
    hasMatcher: false,
    template: template("BeforeToolCallContext", "Promise<ClaimResult>", [
      'if (ctx.toolName !== "terminal") return { handled: false };',
      "return { handled: false };",
    ], "ClaimResult"),
  },
  {
    id: "after_tool_call",
    doc: "After each tool executes. Void: for audit logs and analytics.",
    contextType: "AfterToolCallContext",
    returnType: "Promise<void>",
    fields: [
      sessionId,
      turnCount,
      toolName,
      toolUseId,
      args,
      readOnly("result", "string", "The tool's result text, as the model will see it."),
      readOnly("isError", "boolean", "Whether the result is an error."),
    ],
    execution: "void",
    ordering: "registration",
    failure: "fail-open",
    chainDoc: VOID_DOC,
    decisions: [],
    hasPriority: false,
    hasMatcher: false,
    template: template("AfterToolCallContext", "Promise<void>", ["console.log(`[audit] ${ctx.toolName} ${JSON.stringify(ctx.args)}`);"]),
  },
  {
    id: "agent_done",
    doc: "After the full turn completes, on every exit except a propagated hook failure. Void.",
    contextType: "AgentDoneContext",
    returnType: "Promise<void>",
    fields: [
      sessionId,
      turnCount,
      readOnly("exitReason", "ExitReason", "How the turn ended."),
      readOnly("messages", "ReadonlyArray<Message>", "The full history at the end of the turn."),
      readOnly("modelCalls", "number", "LLM calls made this turn."),
      readOnly("toolCalls", "number", "Tool calls made this turn (blocked ones included)."),
    ],
    execution: "void",
    ordering: "registration",
    failure: "fail-open",
    chainDoc: VOID_DOC,
    decisions: [],
    hasPriority: false,
    hasMatcher: false,
    template: template("AgentDoneContext", "Promise<void>", ["console.log(`turn ${ctx.turnCount} done: ${ctx.exitReason}`);"]),
  },
];
