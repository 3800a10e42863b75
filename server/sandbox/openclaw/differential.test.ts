import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hooksForPoint } from "../../../core/engine/firePoint";
import type { Json, JsonObject } from "../../../core/json";
import type { Hook, Pipeline } from "../../../core/pipeline/schema";
import { openclawProfile } from "../../../core/profiles";
import type { HookPointSpec } from "../../../core/profiles/types";
import { GLOBAL_RUNNER_OPTIONS, loadRealHookRunner, METHODS, OPENCLAW_PACKAGE_TIMEOUT_MS, type RealRunnerModule, type RealTypedHook } from "../../bundles/testing/openclawPackage";
import { openSandboxRunner, type SandboxRunner } from "../runner";
import { generateSets, handlerBody, type HandlerSpec } from "./generate";

/**
 * Differential tests against the real runner (issues 12 and 23): the same randomly generated
 * handler sets run through the published openclaw@2026.9.6 `createHookRunner` and through
 * Hookwright's path (the engine's ordering/matcher filter, core/chain's fold, the real QuickJS
 * sandbox). For every hook point of the profile, the merged result (or the runner's throw) must
 * be identical, and so must what each handler was handed: every handler logs its event and ctx
 * first, so an earlier handler's write to either shows wherever the runner lets it reach.
 */

const PLUGIN_ID = "diff-plugin";
const SETS_PER_POINT = Number(process.env.OPENCLAW_DIFF_SETS ?? 40);
/** An event and ctx per point, shaped as the host's types say. */
function argsFor(point: string): { event: JsonObject; ctx: JsonObject } {
  const agentCtx = { runId: "run-1", agentId: "main", sessionKey: "agent:main:main", sessionId: "s-1", trigger: "user", channelId: "webchat" };
  const message = { role: "toolResult", toolCallId: "t1", toolName: "exec", content: [{ type: "text", text: "out" }], isError: false };
  /** The host's own transcript: a tool result with `details`, a user turn with private `__openclaw` metadata. */
  const history: JsonObject[] = [
    { role: "user", content: [{ type: "text", text: "earlier" }], __openclaw: { upstreamUserText: "raw earlier", source: "webchat" } },
    { role: "assistant", content: [{ type: "toolCall", id: "t0", name: "exec", arguments: { command: "ls" } }] },
    { role: "toolResult", toolCallId: "t0", toolName: "exec", content: [{ type: "text", text: "a.txt" }], details: { exitCode: 0, durationMs: 12 }, isError: false },
  ];
  switch (point) {
    case "before_tool_call":
    case "after_tool_call":
      return { event: { toolName: "exec", params: { command: "ls", cwd: "/w" }, runId: "run-1", toolCallId: "t1" }, ctx: { toolName: "exec", runId: "run-1", toolCallId: "t1" } };
    case "before_prompt_build":
      return { event: { prompt: "hello", currentUserMessage: "hello", messages: history }, ctx: agentCtx };
    case "before_agent_run":
      return { event: { prompt: "hello", messages: [], systemPrompt: "sys", channelId: "webchat", senderId: "user", senderIsOwner: true }, ctx: agentCtx };
    case "before_agent_finalize":
      // No runId of its own: the runner adds ctx.runId (withAgentRunId).
      return { event: { sessionId: "s-1", stopHookActive: false, lastAssistantMessage: "done", messages: history }, ctx: agentCtx };
    case "message_sending":
      return { event: { to: "user", content: "the reply" }, ctx: { channelId: "webchat" } };
    case "agent_end":
      return { event: { messages: history, success: true, durationMs: 5 }, ctx: agentCtx };
    case "before_agent_reply":
      return { event: { cleanedBody: "hello" }, ctx: agentCtx };
    case "tool_result_persist":
      return { event: { toolName: "exec", toolCallId: "t1", message }, ctx: { toolName: "exec" } };
    case "before_message_write":
      return { event: { message, sessionKey: "agent:main:main" }, ctx: { sessionKey: "agent:main:main" } };
    default:
      return { event: { prompt: "hello", sessionId: "s-1", messages: [] }, ctx: agentCtx };
  }
}

/** The result (or the runner's throw), and what each handler logged, by handler name. */
type Outcome = ({ threw: string } | { result: Json }) & { logs: Record<string, string[]> };

function normalize(value: unknown): Json {
  return value === undefined ? null : (JSON.parse(JSON.stringify(value)) as Json);
}

/** "[hooks] before_tool_call handler from diff-plugin failed: …": the message's stable part (error texts differ by engine). */
function throwHead(message: string): string {
  const at = message.indexOf(" failed:");
  return at >= 0 ? message.slice(0, at) : message;
}

async function runReal(real: RealRunnerModule, spec: HookPointSpec, set: HandlerSpec[], names: string[]): Promise<Outcome> {
  const logs: Record<string, string[]> = {};
  const typedHooks: RealTypedHook[] = set.map((h, i) => ({
    pluginId: PLUGIN_ID,
    hookName: spec.id,
    handler: realHandler(h, names[i] as string, logs),
    ...(h.priority !== undefined ? { priority: h.priority } : {}),
    ...(h.timeoutMs !== undefined ? { timeoutMs: h.timeoutMs } : {}),
    ...(h.matcher ? { matcher: real.normalizePluginToolMatcher(h.matcher) } : {}),
    source: "diff",
  }));
  const runner = real.createHookRunner({ typedHooks, plugins: [] }, GLOBAL_RUNNER_OPTIONS);
  const method = runner[METHODS[spec.id] as string];
  if (!method) throw new Error(`no real runner method for ${spec.id}`);
  const { event, ctx } = argsFor(spec.id);
  try {
    return { result: normalize(await method(structuredClone(event), structuredClone(ctx))), logs };
  } catch (error) {
    return { threw: throwHead(error instanceof Error ? error.message : String(error)), logs };
  }
}

/** The handler, its `console.log` writing to `logs[name]` (the sandbox records each hook's logs the same way). */
function realHandler(h: HandlerSpec, name: string, logs: Record<string, string[]>): (...args: unknown[]) => unknown {
  const body = handlerBody(h, name);
  const console = { log: (message: string) => (logs[name] ??= []).push(message) };
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the generated handler's own source, the same text the sandbox runs
  const make = new Function("console", `return ${h.async ? "async " : ""}(event, ctx) => { ${body} };`) as (c: typeof console) => (...args: unknown[]) => unknown;
  return make(console);
}

async function runOurs(runner: SandboxRunner, pipeline: Pipeline, spec: HookPointSpec, ids: string[]): Promise<Outcome> {
  const context = argsFor(spec.id) as unknown as JsonObject;
  const subset: Pipeline = { ...pipeline, hooks: pipeline.hooks.filter((h) => ids.includes(h.id)).sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id)) };
  const hooks = hooksForPoint(subset, spec, { context });
  if (!spec.fold) throw new Error(`${spec.id} has no fold`);
  const chain = await runner.runChain({
    point: spec.id,
    execution: "fold",
    hookIds: hooks.map((h) => h.id),
    context,
    fold: { ...spec.fold, hookName: spec.id, pluginId: PLUGIN_ID, args: spec.args ?? ["event", "ctx"] },
    timeouts: hooks.map((h) => h.timeoutMs ?? spec.fold?.defaultTimeoutMs ?? null),
  });
  const logs: Record<string, string[]> = {};
  for (const call of chain.calls) if (call.logs.length > 0) logs[call.hookId] = call.logs.map((l) => l.message);
  if (chain.pointError) return { threw: throwHead(chain.pointError), logs };
  return { result: chain.result ?? null, logs };
}

describe("the openclaw profile runs hooks exactly as the real createHookRunner (openclaw 2026.9.6)", () => {
  let real: RealRunnerModule;
  const runners: SandboxRunner[] = [];
  beforeAll(async () => {
    real = await loadRealHookRunner();
  }, OPENCLAW_PACKAGE_TIMEOUT_MS);
  afterAll(() => {
    for (const r of runners) r.dispose();
  });

  for (const spec of openclawProfile.points) {
    it(`${spec.id}: ${SETS_PER_POINT} random handler sets give the same result`, async () => {
      const sets = generateSets(spec.id, SETS_PER_POINT, seedOf(spec.id));
      const hooks: Hook[] = [];
      const names: string[][] = sets.map((set, s) =>
        set.map((h, i) => {
          const id = `s${s}h${i}`;
          hooks.push({ id, point: spec.id, name: id, enabled: true, priority: h.priority ?? null, matcher: h.matcher ?? null, ...(h.timeoutMs !== undefined ? { timeoutMs: h.timeoutMs } : {}), code: sandboxSource(h, id) });
          return id;
        }),
      );
      const pipeline = { format: "hookwright.pipeline/v1", name: PLUGIN_ID, description: "", profile: "openclaw", hooks, modules: [], scenarios: [], limits: { timeoutMs: 1000, memoryMiB: 64 } } as Pipeline;
      const runner = await openSandboxRunner({ pipeline, clockStart: 1_767_225_600_000, seed: 1, limits: { timeoutMs: 1000, memoryBytes: 64 * 1024 * 1024 } });
      runners.push(runner);
      for (let s = 0; s < sets.length; s++) {
        const set = sets[s] as HandlerSpec[];
        const ids = names[s] as string[];
        const expected = await runReal(real, spec, set, ids);
        const actual = await runOurs(runner, pipeline, spec, ids);
        expect(actual, `${spec.id} set ${s}: ${JSON.stringify(set)}`).toEqual(expected);
      }
    }, 120_000);
  }
});

function sandboxSource(h: HandlerSpec, name: string): string {
  return `export default ${h.async ? "async " : ""}(event: any, ctx: any) => { ${handlerBody(h, name)} };\n`;
}

function seedOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}
