import { z } from "zod";
import { expectationSchema } from "./expectationSchema";
import { pipelineSettingsSchema } from "./settingsSchema";
import { scriptedApprovalSchema } from "../approvals/scriptedSchema";
import { attachmentSchema, scenarioInferenceSchema } from "./inferenceSchema";
import { toolResultSchema } from "./toolResultSchema";
import { headerRowProblems, headerRows } from "../sandbox/httpHeaders";
import { hookRuntimeSchema } from "./runtimeSchema";
import { pointFixturesSchema } from "./pointFixtureSchema";

/**
 * The `hookwright.pipeline/v1` file format (docs/formats.md). Zod schemas are the single
 * source of truth: the database, tRPC inputs, the CLI and the importer all parse with them,
 * so a bad file gets the same message (field path + reason) everywhere.
 */

export const PIPELINE_FORMAT = "hookwright.pipeline/v1";

const textBlock = z.object({ type: z.literal("text"), text: z.string() });
const toolUseBlock = z.object({
  type: z.literal("tool_use"),
  id: z.string(),
  name: z.string(),
  input: z.record(z.string(), z.unknown()),
});
const toolResultBlock = z.object({
  type: z.literal("tool_result"),
  tool_use_id: z.string(),
  content: z.union([z.string(), z.array(textBlock)]),
  is_error: z.boolean().optional(),
});
/** An image (an attachment of the user's prompt, a tool's screenshot): base64 data, as the host's providers take it. */
const imageBlock = z.object({
  type: z.literal("image"),
  source: z.object({ type: z.literal("base64"), media_type: z.string(), data: z.string() }),
});
export const contentBlockSchema = z.discriminatedUnion("type", [textBlock, toolUseBlock, toolResultBlock, imageBlock]);
export type ContentBlock = z.infer<typeof contentBlockSchema>;

export const messageSchema = z.object({
  role: z.enum(["user", "assistant"]),
  content: z.array(contentBlockSchema),
});
export type Message = z.infer<typeof messageSchema>;

export const hookSchema = z.object({
  id: z.string().min(1, "a hook needs an id"),
  point: z.string().min(1, "a hook needs the hook point it runs on"),
  name: z.string().min(1, "a hook needs a name").max(120),
  enabled: z.boolean().default(true),
  code: z.string(),
  /** Only where the profile orders by priority. */
  priority: z.number().int().nullable().default(null),
  /**
   * Only where the profile has matchers, in the host's shape: a pattern string (Claude Code
   * "Edit|Write") or a list of tool ids (OpenClaw ["exec"]); the profile validates it.
   */
  matcher: z.union([z.string(), z.array(z.string())]).nullable().default(null),
  /**
   * Only where the profile has per-handler budgets (OpenClaw `api.on(..., { timeoutMs })`): a
   * positive integer in ms; absent means the host's default for that hook point.
   */
  timeoutMs: z.number().int().positive().max(600_000).optional(),
  /** Claude Code: what a failure of this hook does (`continue`, the host's default, or `block`). */
  onFailure: z.enum(["continue", "block"]).optional(),
  /** How the code runs (core/pipeline/runtimeSchema.ts); absent: a sandboxed TypeScript function. The profile says which its host takes. */
  runtime: hookRuntimeSchema.optional(),
});
export type Hook = z.infer<typeof hookSchema>;

/**
 * A hook Hookwright keeps but cannot run (Claude Code: a shell or Python `command` hook read from
 * a settings.json or a plugin's hooks.json). It is listed with the pipeline's hooks as external and
 * written back unchanged on export: `handler` is the host's own handler object, `files` the
 * scripts it references, at their paths in the plugin or project folder.
 */
export const externalHookSchema = z.object({
  id: z.string().min(1, "an external hook needs an id"),
  /** The host event it is registered on (`PreToolUse`). */
  point: z.string().min(1, "an external hook needs the event it runs on"),
  matcher: z.string().nullable().default(null),
  handler: z.record(z.string(), z.json()),
  /** Why Hookwright cannot run it, in plain words. */
  reason: z.string().default(""),
  files: z.array(z.object({ path: z.string().min(1), content: z.string() })).optional(),
});
export type ExternalHook = z.infer<typeof externalHookSchema>;

export const moduleSchema = z.object({
  path: z
    .string()
    .regex(/^[A-Za-z0-9_][A-Za-z0-9_./-]*\.ts$/, "a module path is relative, like src/util.ts")
    .refine((p) => !p.split("/").includes(".."), "a module path may not contain ..")
    .refine((p) => !p.startsWith("hooks/"), "hooks/ is reserved for hook files"),
  code: z.string(),
});
export type PipelineModule = z.infer<typeof moduleSchema>;

export const scriptedResponseSchema = z.union([
  z.object({
    content: z.array(contentBlockSchema),
    stopReason: z.enum(["end_turn", "tool_use", "max_tokens", "stop_sequence"]).default("end_turn"),
  }),
  z.object({ error: z.string().min(1) }),
]);
export type ScriptedResponse = z.infer<typeof scriptedResponseSchema>;

export const scriptedModelSchema = z.object({
  kind: z.literal("scripted"),
  maxInputTokens: z.number().int().positive().default(200_000),
  responses: z.array(scriptedResponseSchema),
});

/** Where a routed call goes: a provider's name and/or a model id (absent: the scenario's). */
export const modelRouteTargetSchema = z.object({
  provider: z.string().min(1).max(100).optional(),
  model: z.string().min(1).max(200).optional(),
});

/**
 * A real model behind a provider configured on the server (Settings → Model providers, or the
 * environment; docs/providers.md). The key is never part of a scenario: only the provider's name.
 */
export const providerModelSchema = z.object({
  kind: z.literal("provider"),
  /** A configured provider's name, e.g. "anthropic", "openai", "ollama". */
  provider: z
    .string({ error: "a provider model names the provider to call: a name from Settings → Model providers, e.g. \"ollama\"" })
    .min(1, "name the provider to call (Settings → Model providers)")
    .max(100),
  /** The model id; "" means the provider's default model. */
  model: z.string().max(200).default(""),
  maxTokens: z.number().int().positive().max(200_000).default(1024),
  temperature: z.number().min(0).max(2).optional(),
  maxInputTokens: z.number().int().positive().default(200_000),
  /** How long one call may take, streaming included, before it is a timeout rejection. */
  timeoutMs: z.number().int().min(100).max(600_000).default(60_000),
  /** Retries the SDK makes itself on 408/429/5xx and connection errors before the host sees a rejection. */
  retries: z.number().int().min(0).max(5).default(0),
  /**
   * Inference profiles a hook may route a call to by key (Vellum pre-model-call `modelProfile`,
   * like the host's `llm.profiles`): key → provider and/or model.
   */
  profiles: z.record(z.string().min(1).max(100), modelRouteTargetSchema).optional(),
});

export const modelSchema = z.discriminatedUnion("kind", [scriptedModelSchema, providerModelSchema], {
  error: 'a scenario\'s model has kind "scripted" (responses) or "provider" (provider, model)',
});
export type ScenarioModel = z.infer<typeof modelSchema>;
export type ScriptedModel = z.infer<typeof scriptedModelSchema>;
export type ProviderModel = z.infer<typeof providerModelSchema>;

export const toolSchema = z
  .object({
    name: z.string().min(1),
    description: z.string().default(""),
    inputSchema: z.record(z.string(), z.unknown()).default({ type: "object" }),
    /** Results returned in order; the last one repeats. */
    results: z.array(toolResultSchema).optional(),
    /** TypeScript module whose default export `(input) => string | {content, isError}` runs in the sandbox. */
    handler: z.string().optional(),
    /** The host flags this tool as needing a person's confirmation (FIM One `requires_confirmation`, handed to hooks in their metadata). */
    requiresConfirmation: z.boolean().optional(),
  })
  .refine((t) => t.results !== undefined || t.handler !== undefined, {
    message: "a tool needs either results or a handler",
  });
export type ToolDefinition = z.infer<typeof toolSchema>;

export const limitsSchema = z.object({
  maxModelCalls: z.number().int().positive().max(10_000).default(25),
  maxToolCalls: z.number().int().positive().max(100_000).default(100),
  /** Compaction happens when the history passes this many characters (vellum post-compact). */
  compactAtChars: z.number().int().positive().nullable().default(null),
});

/**
 * An HTTP fixture's response headers, checked as the scenario form checks its header rows
 * (core/sandbox/httpHeaders.ts), so a pipeline file, a save and a CLI run refuse the same names.
 */
const fixtureHeadersSchema = z.record(z.string(), z.string()).superRefine((headers, ctx) => {
  for (const problem of headerRowProblems(headerRows(headers))) if (problem !== null) ctx.addIssue({ code: "custom", message: problem });
});

/**
 * Where a scenario came from, when it was imported from a host's session file (core/sessions,
 * docs/sessions.md). Optional: scenarios written by hand have none. The file itself is never stored.
 */
export const scenarioSourceSchema = z.object({
  kind: z.literal("session"),
  /** `recording`: a file of Hookwright's recorder (core/bundles/recorder.ts), of whichever host. */
  host: z.enum(["claude-code", "codex", "openclaw", "recording"]),
  fileName: z.string().max(1000),
  importedAt: z.string().max(100),
  sessionId: z.string().max(1000).nullable().default(null),
  /** The leaf of the branch imported (a record id; "main" for a file without branches). */
  branch: z.string().max(1000).nullable().default(null),
  /** Later prompts of the session and the scripted response they came before (the run joins the turns). */
  turns: z.array(z.object({ atResponse: z.number().int().nonnegative(), prompt: z.string() })).optional(),
  /** Where the host compacted the history: before which scripted response, with its summary. */
  compactions: z
    .array(z.object({ atResponse: z.number().int().nonnegative(), summary: z.string().nullable(), trigger: z.string().nullable(), tokensBefore: z.number().nullable() }))
    .optional(),
  /** What the host's own hooks said, by tool call (Claude Code hook records). */
  hooks: z.array(z.object({ toolUseId: z.string().nullable(), event: z.string().nullable(), text: z.string() })).optional(),
  /** How many secret-shaped values the import replaced (absent: the user kept them). */
  secretsStripped: z.number().int().nonnegative().optional(),
  /** A recording's inputs per point, offered by "Run this point" (pointFixtureSchema.ts). Optional. */
  pointFixtures: pointFixturesSchema.optional(),
  /**
   * What a run does after the first tool call a hook now blocks, answers or rewrites (where it parts
   * ways with the session): stop replaying there (absent, the default) or go on with the remaining replies anyway.
   */
  afterParting: z.enum(["stop", "continue"]).optional(),
});
export type ScenarioSource = z.infer<typeof scenarioSourceSchema>;

export const scenarioSchema = z.object({
  name: z.string().min(1),
  description: z.string().default(""),
  prompt: z.string(),
  history: z.array(messageSchema).default([]),
  system: z.string().nullable().default(null),
  model: modelSchema,
  tools: z.array(toolSchema).default([]),
  limits: limitsSchema.default({ maxModelCalls: 25, maxToolCalls: 100, compactAtChars: null }),
  /** Determinism: start of the per-run clock (ms since epoch) and the random seed. */
  clockStart: z.number().int().nonnegative().default(1_767_225_600_000),
  seed: z.number().int().default(1),
  /**
   * What must hold after the run (core/expectations); checked after every run and by `hookwright test`.
   * Optional rather than defaulted so scenarios built in code and old documents stay as they were; read it as `?? []`.
   */
  expectations: z.array(expectationSchema).optional(),
  /**
   * How a person answers the run's approval requests (core/approvals); the first matching entry
   * answers. Optional: without one, a headless run resolves a request as the host does when
   * nothing can show it, and the app shows an approval card.
   */
  approvals: z.array(scriptedApprovalSchema).max(100).optional(),
  /**
   * Hosts that run a point's hooks in parallel (Claude Code): the order they complete in, which
   * decides whose rewrite wins. "declared" (default), "reverse", or a seed for a shuffled order.
   */
  completionOrder: z.union([z.enum(["declared", "reverse"]), z.number().int()]).optional(),
  /**
   * Per-request facts the host hands hooks besides the loop's own state (FIM One: agent_id,
   * user_id and the metadata dict: org id, conversation id …). Optional; JSON.
   */
  hostContext: z.record(z.string(), z.json()).optional(),
  /** Files the run's virtual file system starts with (path absolute, or relative to the plugin's directory; UTF-8 text). Optional. */
  files: z.array(z.object({ path: z.string().min(1).max(1000), content: z.string().max(1024 * 1024) })).max(200).optional(),
  /** Images attached to the prompt: the user message is the prompt's text, then one image block each. Optional. */
  attachments: z.array(attachmentSchema).max(20).optional(),
  /** The host's inference profiles and the replies to hooks' own model calls (inferenceSchema.ts). Optional. */
  inference: scenarioInferenceSchema.optional(),
  /** HTTP fixtures: the only answers `fetch` gets in the sandbox (core/sandbox/http.ts). Optional. */
  http: z
    .array(
      z.object({
        method: z.string().min(1).max(10).default("GET"),
        url: z.string().min(1, "a fixture needs a URL (exact, or with * for any characters)").max(2000),
        status: z.number().int().min(100).max(599).default(200),
        headers: fixtureHeadersSchema.default({}),
        body: z.string().max(1024 * 1024).default(""),
        delayMs: z.number().int().min(0).max(600_000).default(0),
      }),
    )
    .max(200)
    .optional(),
  /** Imported from a host's session file: where from (scenarioSourceSchema). Optional. */
  source: scenarioSourceSchema.optional(),
});
export type Scenario = z.infer<typeof scenarioSchema>;

export const sandboxLimitsSchema = z.object({
  timeoutMs: z.number().int().min(10).max(60_000).default(1000),
  memoryMiB: z.number().int().min(4).max(1024).default(64),
});
export type SandboxLimitsConfig = z.infer<typeof sandboxLimitsSchema>;

export const pipelineSchema = z
  .object({
    format: z.literal(PIPELINE_FORMAT),
    name: z.string().min(1, "a pipeline needs a name").max(200),
    description: z.string().default(""),
    profile: z.string().min(1),
    hooks: z.array(hookSchema).default([]),
    modules: z.array(moduleSchema).default([]),
    scenarios: z.array(scenarioSchema).default([]),
    limits: sandboxLimitsSchema.default({ timeoutMs: 1000, memoryMiB: 64 }),
    /**
     * The host's per-plugin settings that decide which hooks it runs, by the profile's setting id
     * (OpenClaw `allowConversationAccess`, `allowPromptInjection`); absent means the host's default.
     */
    hostSettings: z.record(z.string(), z.boolean()).optional(),
    /** Hooks the host runs that Hookwright cannot (imported shell / Python commands); optional, old pipelines have none. */
    externalHooks: z.array(externalHookSchema).optional(),
    /** Settings of the sandbox's simulated Node host: environment variables (settingsSchema.ts). Optional. */
    settings: pipelineSettingsSchema.optional(),
  })
  .superRefine((p, ctx) => {
    const ids = new Set<string>();
    p.hooks.forEach((h, i) => {
      if (ids.has(h.id)) ctx.addIssue({ code: "custom", path: ["hooks", i, "id"], message: `duplicate hook id "${h.id}"` });
      ids.add(h.id);
    });
    const paths = new Set<string>();
    p.modules.forEach((m, i) => {
      if (paths.has(m.path)) ctx.addIssue({ code: "custom", path: ["modules", i, "path"], message: `duplicate module "${m.path}"` });
      paths.add(m.path);
    });
    const names = new Set<string>();
    p.scenarios.forEach((s, i) => {
      if (names.has(s.name)) ctx.addIssue({ code: "custom", path: ["scenarios", i, "name"], message: `duplicate scenario "${s.name}"` });
      names.add(s.name);
    });
  });
export type Pipeline = z.infer<typeof pipelineSchema>;
/** What a pipeline file may omit (defaults fill it in). */
export type PipelineInput = z.input<typeof pipelineSchema>;

export { expectationSchema, EXPECTATION_KINDS, CONTEXT_OPS, type Expectation, type ExpectationInput, type Occurrence } from "./expectationSchema";
