import { randomBytes } from "node:crypto";
import type { ChainRequest, ChainResult, HookCallResult, HookFailure, SandboxLimits } from "../../../core/engine/ports";
import type { Json, JsonObject } from "../../../core/json";
import type { Hook } from "../../../core/pipeline/schema";
import type { LogEntry } from "../../../core/trace/events";
import { ProcessSandboxError, runSandboxedProcess, type SandboxedProcessResult, type SandboxFile } from "../process";
import { DEPUTY_R_RUNTIME } from "./deputyRuntime";
import { probeRRuntime, type RRuntimeProbe } from "./probe";
import { rLiteral, rString } from "./rLiteral";

/**
 * R hooks (deputy's callbacks) for one run: each firing of a hook point runs its whole chain in
 * ONE sandboxed R process, with deputy's registry rules written in R (deputyRuntime.ts), and turns
 * what R reports into the chain's result. See docs/deputy.md "How Hookwright runs R hooks".
 */

/** deputy's default `HookMatcher$new(timeout = 30)`, in seconds. */
export const DEPUTY_DEFAULT_TIMEOUT_S = 30;
/** R's own start inside the sandbox, beside the callbacks' budgets (measured ~0.15 s; generous for a loaded machine). */
const R_START_MS = 10_000;
/** Where the R session's state is saved between firings, and how much of it is carried. */
const STATE_FILE = "state.rds";
const MAX_STATE_BYTES = 16 * 1024 * 1024;

export interface RChainOptions {
  hooks: readonly Hook[];
  limits: SandboxLimits;
  /** The run's virtual clock (ms): every Sys.time() of a firing reads it. */
  clock: () => number;
  /** A seed for the firing's set.seed(), drawn from the run's generator. */
  nextSeed: () => number;
  /** Tests pass another probe (R missing); default: the process's. */
  probe?: () => Promise<RRuntimeProbe>;
}

export interface RChainRuntime {
  runChain(request: ChainRequest): Promise<ChainResult>;
  dispose(): void;
}

/** One record of the R side (deputyRuntime.ts, "4."). */
interface RRecord {
  hookId: string;
  stage: "register" | "call";
  returned: boolean;
  output: Json;
  wins: boolean;
  ms: number;
  logs: LogEntry[];
  warnings: string[];
  error: { kind: "threw" | "timeout"; message: string; line: number | null } | null;
}

interface ROutput {
  records: RRecord[];
  winner: string | null;
  value: Json;
  /** `by`: the hook whose non-NULL value stopped the chain before this one. */
  notCalled: { hookId: string; why: string; by?: string }[];
}

const isObject = (v: unknown): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);

/** The R source that sets `.hw_input` for one firing. */
function inputSource(request: ChainRequest, hooks: readonly { id: string; file: string; hook: Hook }[], run: { limits: SandboxLimits; clockMs: number; seed: number; marker: string }): string {
  const { limits, clockMs, seed, marker } = run;
  const context = request.context;
  const toolName = typeof context.tool_name === "string" ? context.tool_name : null;
  // The point's context is the callback's named arguments (core/profiles/deputy/points.ts).
  const argNames = Object.keys(context);
  const args = argNames.filter((name) => name !== "tool_name").map((name) => `\`${name}\` = ${rLiteral(context[name] ?? null)}`);
  const hookList = hooks.map(({ id, file, hook }) => {
    const timeout = hook.runtime?.kind === "r" ? (hook.runtime.timeout ?? DEPUTY_DEFAULT_TIMEOUT_S) : DEPUTY_DEFAULT_TIMEOUT_S;
    const pattern = typeof hook.matcher === "string" && hook.matcher !== "" ? rString(hook.matcher) : "NULL";
    return `list(id = ${rString(id)}, file = ${rString(file)}, pattern = ${pattern}, timeout = ${timeout})`;
  });
  return [
    ".hw_input <- list(",
    `  event = ${rString(request.point)},`,
    `  tool_name = ${toolName === null ? "NULL" : rString(toolName)},`,
    `  args = list(${args.join(", ")}),`,
    `  hooks = list(${hookList.join(", ")}),`,
    `  limit_s = ${limits.timeoutMs / 1000},`,
    `  now = ${clockMs / 1000},`,
    `  seed = ${seed % 2147483647},`,
    `  marker = ${rString(marker)}`,
    ")",
    "",
  ].join("\n");
}

function failed(hookIds: readonly string[], context: JsonObject, message: string, kind: HookFailure["kind"] = "threw"): ChainResult {
  const calls: HookCallResult[] = hookIds.map((hookId) => ({ hookId, patch: [], returned: undefined, failure: { kind, message, location: null }, logs: [], durationMs: 0, clock: [], random: [], output: null }));
  return { calls, context, result: { winner: null, value: null, notCalled: [] } };
}

/** The JSON between the two marker lines of stdout, or null. */
function answerOf(stdout: string, marker: string): ROutput | null {
  const start = stdout.indexOf(`${marker}\n`);
  const end = stdout.lastIndexOf(`\n${marker}`);
  if (start < 0 || end <= start) return null;
  try {
    const parsed: unknown = JSON.parse(stdout.slice(start + marker.length + 1, end));
    return isObject(parsed) && Array.isArray(parsed.records) ? (parsed as unknown as ROutput) : null;
  } catch {
    return null;
  }
}

function describeEnd(result: SandboxedProcessResult, totalMs: number): string {
  if (result.timedOut) return `the R process was stopped after ${totalMs} ms: a callback kept running past what R's time limit can interrupt (C code, or it cleared setTimeLimit())`;
  if (result.outputLimitHit) return "the R process printed more than the sandbox keeps and was stopped";
  const stderr = result.stderr.trim().split("\n").slice(-3).join(" | ");
  return `the R process ended without an answer (exit ${String(result.exitCode)}${stderr ? `: ${stderr}` : ""})`;
}

/** What the winning value says, in a word: a deputy result's permission (`allow`), else its class or "a non-NULL value". */
function valueWord(output: Json): string {
  if (!isObject(output)) return output === null ? "NULL" : "a non-NULL value";
  const keys = Object.keys(output);
  const inner = keys.length === 1 ? output[keys[0] ?? ""] : undefined;
  if (keys.length === 1 && /^HookResult/.test(keys[0] ?? "") && isObject(inner)) {
    if (typeof inner.permission === "string") return inner.permission;
    if (inner.continue === false) return `${keys[0] ?? ""}(continue = FALSE)`;
    return `${keys[0] ?? ""}()`;
  }
  return "a non-NULL value";
}

/**
 * What deputy does with the winner, in plain words, for its card ("audit returned allow first:
 * deny-rm was not called (first non-NULL wins)"); null when there is nothing to say (no later
 * hook, a result deputy reads).
 */
function winnerNote(args: { point: string; winner: string; output: Json; notCalled: ROutput["notCalled"]; name: (id: string) => string }): string | null {
  const { point, winner, output, notCalled, name } = args;
  const later = notCalled.filter((n) => n.by === winner).map((n) => name(n.hookId));
  const shadow = later.length > 0 ? `: ${later.join(", ")} ${later.length === 1 ? "was" : "were"} not called (first non-NULL wins)` : "";
  const classed = isObject(output) && Object.keys(output).length === 1 ? Object.keys(output)[0] : null;
  const expected = point === "PreToolUse" ? "HookResultPreToolUse" : point === "PostToolUse" ? "HookResultPostToolUse" : null;
  if (expected && classed !== expected) {
    return `${name(winner)} returned a non-NULL value first${shadow || " (first non-NULL wins)"}; it is not a ${expected}, so deputy ignores it (${point === "PreToolUse" ? "the call is allowed" : "the run goes on"}).`;
  }
  return later.length > 0 ? `${name(winner)} returned ${valueWord(output)} first${shadow}.` : null;
}

function callOf(record: RRecord, point: string, winner: string | null, out: ROutput, last: boolean, name: (id: string) => string): HookCallResult {
  const failure: HookFailure | null = record.error
    ? { kind: record.error.kind, message: record.error.message, location: typeof record.error.line === "number" ? { file: `hooks/${record.hookId}.R`, line: record.error.line, column: 1 } : null }
    : null;
  const warnings = [...record.warnings];
  const note = winner !== null && record.hookId === winner ? winnerNote({ point, winner, output: out.value, notCalled: out.notCalled, name }) : null;
  if (note) warnings.unshift(note);
  else if (record.stage === "call" && !record.error && record.output === null && !last) warnings.unshift("returned NULL: deputy asks the next hook");
  return {
    hookId: record.hookId,
    patch: [],
    returned: record.returned ? record.output : undefined,
    failure,
    logs: record.logs,
    durationMs: Math.round(record.ms),
    clock: [],
    random: [],
    output: record.returned ? record.output : null,
    ...(warnings.length > 0 ? { warnings } : {}),
  };
}

/**
 * Opens the R side of one run.
 *
 * @returns a runtime whose `runChain` never throws for user code: an R that cannot run, a hook that
 *   does not parse, a callback that errors or loops, all come back as the hooks' failures.
 */
export function createRChainRuntime(options: RChainOptions): RChainRuntime {
  const byId = new Map(options.hooks.map((h) => [h.id, h]));
  const probe = options.probe ?? probeRRuntime;
  /** The agent's R session between firings (saveRDS of the hooks' environment and callbacks); null before the first. */
  let state: Uint8Array | null = null;
  return {
    async runChain(request) {
      const available = await probe();
      if (!available.available) return failed(request.hookIds, request.context, `not run: ${available.reason} (fix: ${available.fix})`);
      const hooks = request.hookIds.map((id, i) => {
        const hook = byId.get(id);
        if (!hook) throw new Error(`runChain: the pipeline has no hook "${id}"`);
        return { id, file: `hooks/${i + 1}.R`, hook };
      });
      const marker = `--hookwright-${randomBytes(12).toString("hex")}--`;
      const files: SandboxFile[] = [
        { path: "runtime.R", content: DEPUTY_R_RUNTIME },
        { path: "input.R", content: inputSource(request, hooks, { limits: options.limits, clockMs: options.clock(), seed: options.nextSeed(), marker }) },
        ...hooks.map(({ file, hook }) => ({ path: file, content: hook.code })),
        ...(state ? [{ path: STATE_FILE, content: state }] : []),
      ];
      // Each hook is sourced and called under the per-callback limit; R itself needs a start.
      const totalMs = R_START_MS + hooks.length * 2 * options.limits.timeoutMs;
      let result: SandboxedProcessResult;
      try {
        result = await runSandboxedProcess({
          command: { argv: [available.rscript, "--vanilla", "--no-echo", "runtime.R"] },
          files,
          env: { R_HOME: "/usr/lib/R", TZ: "UTC", LANG: "C.UTF-8", LC_ALL: "C.UTF-8" },
          limits: { timeoutMs: totalMs, reportedFileBytes: MAX_STATE_BYTES },
        });
      } catch (error) {
        if (!(error instanceof ProcessSandboxError)) throw error;
        return failed(request.hookIds, request.context, `not run: ${error.message}`);
      }
      const saved = result.fileChanges.find((c) => c.path === STATE_FILE);
      // A state too large to carry (or not saved: a value R cannot serialize) starts the next firing afresh.
      state = saved && saved.content !== null && !saved.contentTruncated ? Buffer.from(saved.content, saved.encoding === "base64" ? "base64" : "utf8") : saved ? null : state;
      const out = answerOf(result.stdout, marker);
      if (!out) {
        const message = describeEnd(result, totalMs);
        const chain = failed(request.hookIds, request.context, message, result.timedOut ? "timeout" : "threw");
        // deputy's PreToolUse fails closed: a callback that never came back (killed like a callr timeout) denies.
        if (request.point === "PreToolUse") chain.result = { winner: request.hookIds[0] ?? null, value: { HookResultPreToolUse: { permission: "deny", reason: `Hook error: ${message}`, continue: true, additional_context: null, stop_reason: null } }, notCalled: [] };
        return chain;
      }
      // In registration order: a hook HookMatcher$new() refused is reported where it stands.
      const order = new Map(request.hookIds.map((id, i) => [id, i]));
      const records = [...out.records].sort((a, b) => (order.get(a.hookId) ?? 0) - (order.get(b.hookId) ?? 0));
      // The hooks as their author named them: R only knows their ids.
      const name = (id: string) => byId.get(id)?.name ?? id;
      const notCalled = out.notCalled.map((n) => (n.by ? { hookId: n.hookId, why: `not called: ${name(n.by)} returned ${valueWord(out.value)} first, and deputy calls no later hook (first non-NULL wins)`, by: n.by } : n));
      const calls = records.map((r, i) => callOf(r, request.point, out.winner, { ...out, notCalled }, i === records.length - 1, name));
      return { calls, context: request.context, result: { winner: out.winner, value: out.value, notCalled } };
    },
    dispose() {},
  };
}
