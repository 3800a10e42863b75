import type { QuickJSHandle } from "quickjs-emscripten-core";
import type { ChainFailure } from "../../core/chain/types";
import type { ChainRequest, ChainResult, HookCallResult, HookFailure, SandboxLimits } from "../../core/engine/ports";
import type { FileChange } from "../../core/files/fileChange";
import type { Json } from "../../core/json";
import type { LogEntry, ProcessRecord } from "../../core/trace/events";
import { applyPatch, JsonPatchError } from "../../core/trace/jsonPatch";
import { ChainRealmError, type ChainRealm, type ChainOutput } from "./chainRealm";
import { MAX_RECORDED_VALUES, newRecording, type CallRecording, type RunDeterminism } from "./clock";
import { isEngineCrash, SandboxCrash, SandboxTampered } from "./errors";
import { mib } from "./failures";
import type { SandboxInstance } from "./instance";
import type { CallOutcome, ModuleRealm } from "./moduleRealm";

/**
 * One hook point's chain in the sandbox: the host steps core/chain's executor in the chain
 * realm and calls each hook in its own realm (docs/sandbox.md, "The calling protocol").
 */

/** What a chain needs of the run's sandbox. */
export interface ChainSandbox {
  instance: SandboxInstance;
  chain: ChainRealm;
  determinism: RunDeterminism;
  /** The realm of a hook, its module loaded. */
  realmOf(hookId: string): ModuleRealm;
  /** The context comes back as JSON instead of being rebuilt from the patches. */
  contextAsJson: boolean;
  /** Called once the executor is done, before the result is assembled (drops realms that hit the memory limit). */
  afterChain(): void;
  /** Hooks of another runtime (command hooks' processes), called from the chain like any hook; null: none. */
  external: ExternalCalls | null;
}

/** What a hook of another runtime answered, for the chain to fold like a function's return. */
export interface ExternalOutcome {
  /** Its answer (undefined: nothing), or its failure. */
  answer: { output: Json | undefined } | { failure: HookFailure };
  durationMs: number;
  /** What goes on its record beside the answer (its process, the file changes it made). */
  process?: ProcessRecord;
  files?: FileChange[];
}

export interface ExternalCalls {
  runs(hookId: string): boolean;
  /** Calls hook `hookId`, the `index`-th of `request`'s chain, on the chain's input. */
  call(request: ChainRequest, index: number): Promise<ExternalOutcome>;
}

interface CallExtras {
  logs: LogEntry[];
  process?: ProcessRecord;
  recording: CallRecording;
  /** Replaces the executor's record (the executor could not settle the call itself). */
  failure?: HookFailure;
  /** Memory was refused while the executor converted the call's result (its failure is then a memory one). */
  settleOutOfMemory?: boolean;
}

/**
 * Runs `request` once. Hooks in `crashed` are not called: they fail with the given failure.
 *
 * @throws {SandboxCrash} when the WebAssembly engine itself fails (naming the hook, if any).
 * @throws {SandboxTampered} when the chain realm's answers cannot be read.
 */
export async function runChainSession(sandbox: ChainSandbox, request: ChainRequest, crashed: ReadonlyMap<string, HookFailure>): Promise<ChainResult> {
  let current: string | null = null;
  try {
    const { chain } = sandbox;
    const realms = new Map<string, ModuleRealm>();
    for (const hookId of request.hookIds) {
      if (crashed.has(hookId) || sandbox.external?.runs(hookId)) continue;
      current = hookId;
      realms.set(hookId, sandbox.realmOf(hookId));
    }
    current = null;
    // Middleware chains run in a realm of their own (server/sandbox/middleware/realms.ts), never here.
    if (request.execution === "middleware") throw new Error(`point "${request.point}" is a middleware chain, which the chain session does not run`);
    chain.open(request.context, {
      execution: request.execution,
      hookIds: request.hookIds,
      aliases: request.aliases,
      loggerField: request.loggerField ?? null,
      ...(request.fold ? { fold: withDeclaredNames(request.fold, request.hookIds, realms) } : {}),
    });
    const extras = new Map<number, CallExtras>();
    let unsettled: { hookId: string; failure: HookFailure } | null = null;
    const propagates = request.execution === "modifying" || request.execution === "claiming";
    for (let calls = chain.start(); calls.length > 0 && !unsettled; calls = chain.start()) {
      // Another runtime's hooks of this batch start together (a parallel point's processes run at once) and settle after the rest.
      const outside = calls.filter(([, hookId]) => sandbox.external?.runs(hookId) && !crashed.has(hookId)).map(([index]) => ({ index, outcome: sandbox.external?.call(request, index) }));
      for (const [index, hookId] of calls) {
        if (outside.some((o) => o.index === index)) continue;
        current = hookId;
        const realm = realms.get(hookId);
        const failure = crashed.get(hookId);
        if (!realm || failure) {
          chain.settleFailed(index, failure ?? { kind: "threw", message: "internal: no realm", location: null }, 0);
          extras.set(index, { logs: [], recording: newRecording() });
          continue;
        }
        const extra = callHook(sandbox, realm, index, request.execution === "fold", request.timeouts?.[index] ?? null);
        extras.set(index, extra);
        if (extra.failure && propagates) {
          unsettled = { hookId, failure: extra.failure };
          // The executor never saw this call end. Failing the next call (which runs nothing)
          // stops the chain there with what was merged before; the record is dropped below.
          for (const [next] of chain.start()) chain.settleFailed(next, extra.failure, 0);
        }
      }
      for (const { index, outcome } of outside) {
        current = request.hookIds[index] ?? null;
        if (!outcome) continue;
        extras.set(index, settleExternal(sandbox, index, await outcome));
      }
    }
    current = null;
    const output = chain.result(sandbox.contextAsJson);
    sandbox.afterChain();
    if (unsettled) output.aborted = unsettled;
    return chainResult(request, output, extras, sandbox.instance.limits);
  } catch (error) {
    if (isEngineCrash(error)) throw new SandboxCrash(current, error);
    if (error instanceof ChainRealmError || error instanceof JsonPatchError) throw new SandboxTampered(error.message);
    throw error;
  }
}

/**
 * The fold with each class-style hook's own `name` (read by its realm at load) in place of its
 * row's: FIM One's messages name a hook by `hook.name`, a class hook's `name` attribute
 * (F:src/fim_one/core/hooks/base.py:59-60). Unchanged when no hook declares one.
 */
function withDeclaredNames(fold: NonNullable<ChainRequest["fold"]>, hookIds: readonly string[], realms: ReadonlyMap<string, ModuleRealm>): NonNullable<ChainRequest["fold"]> {
  if (!hookIds.some((id) => realms.get(id)?.declaredName)) return fold;
  return { ...fold, hookNames: hookIds.map((id, i) => realms.get(id)?.declaredName ?? fold.hookNames?.[i] ?? id) };
}

/** Commits another runtime's answer in the chain realm, as a function's return or failure would be. */
function settleExternal(sandbox: ChainSandbox, index: number, outcome: ExternalOutcome): CallExtras {
  const recording = newRecording();
  if (outcome.files?.length) recording.files = outcome.files;
  const extras: CallExtras = { logs: [], recording, ...(outcome.process ? { process: outcome.process } : {}) };
  if ("failure" in outcome.answer) sandbox.chain.settleFailed(index, outcome.answer.failure, outcome.durationMs);
  else sandbox.chain.settleJson(index, outcome.answer.output, outcome.durationMs);
  return extras;
}

/** Runs one hook call and commits it in the chain realm; returns what the records lack. */
function callHook(sandbox: ChainSandbox, realm: ModuleRealm, index: number, spread: boolean, budgetMs: number | null): CallExtras {
  const { instance, chain, determinism: det } = sandbox;
  const input = chain.input(index);
  const startedAt = det.peekClock();
  let outcome: CallOutcome;
  try {
    outcome = realm.callHook(input, spread);
  } finally {
    input.dispose();
  }
  const extras: CallExtras = { logs: outcome.logs, recording: outcome.recording };
  const late = budgetMs !== null ? handlerBudgetFailure(outcome, det.peekClock() - startedAt, budgetMs) : null;
  if (late) {
    outcome.value?.dispose();
    outcome = { ...outcome, value: null, failure: late };
  }
  if (outcome.failure || !outcome.value) {
    if (spread) realm.keepResolution(null);
    chain.settleFailed(index, outcome.failure ?? { kind: "threw", message: "internal: no value", location: null }, outcome.durationMs);
    return extras;
  }
  // Finalising runs the hook's own code again (toJSON, getters), with a fresh budget.
  const value: QuickJSHandle = outcome.value;
  det.recording = outcome.recording;
  instance.arm();
  try {
    chain.settleReturned(index, value, outcome.durationMs);
    // OpenClaw's requireApproval.onResolution stays in the hook's realm until the approval resolves.
    if (spread) realm.keepResolution(value);
  } catch (error) {
    if (!(error instanceof ChainRealmError)) throw error;
    // The executor never committed this call (it only commits after user code is done).
    const timedOut = error.message === "interrupted";
    extras.failure = timedOut
      ? { kind: "timeout", message: `timed out after ${instance.limits.timeoutMs} ms while converting what the hook returned or stored to JSON`, location: null }
      : { kind: "threw", message: error.message, location: null };
  } finally {
    extras.settleOutOfMemory = instance.memoryExceeded;
    instance.disarm();
    det.recording = null;
    value.dispose();
  }
  return extras;
}

function chainResult(request: ChainRequest, output: ChainOutput, extras: ReadonlyMap<number, CallExtras>, limits: SandboxLimits): ChainResult {
  const records = new Map(output.calls.map((r) => [r.hookId, r]));
  const calls: HookCallResult[] = [];
  for (const [index, extra] of [...extras].sort((a, b) => a[0] - b[0])) {
    const hookId = request.hookIds[index] ?? "";
    const record = records.get(hookId);
    // A call the executor could not settle (its finalisation was interrupted) changed nothing.
    const kept = record && !extra.failure ? record : null;
    const recorded = record?.failure ? normalizeFailure(record.failure, limits) : null;
    // QuickJS may throw null when it cannot even allocate the error; the refused memory says what happened.
    const failure = extra.failure ?? (recorded && extra.settleOutOfMemory ? { kind: "memory" as const, message: `exceeded the ${mib(limits.memoryBytes)} memory limit`, location: null } : recorded);
    calls.push({
      hookId,
      patch: kept?.patch ?? [],
      returned: kept?.returned,
      failure,
      logs: extra.recording.unrecorded > 0 ? [...extra.logs, unrecordedNote(extra.recording.unrecorded)] : extra.logs,
      durationMs: record?.durationMs ?? 0,
      clock: extra.recording.clock,
      random: extra.recording.random,
      ...(extra.recording.files?.length ? { files: extra.recording.files } : {}),
      ...(extra.recording.requests?.length ? { requests: extra.recording.requests } : {}),
      ...(extra.recording.env?.length ? { env: extra.recording.env } : {}),
      ...(extra.recording.inference?.length ? { inference: extra.recording.inference } : {}),
      ...(extra.recording.published?.length ? { published: extra.recording.published } : {}),
      ...(extra.process ? { process: extra.process } : {}),
      claimed: kept?.claimed ?? false,
      droppedWrites: record?.droppedWrites ?? [],
      ...(record && "output" in record ? { output: kept ? (record.output ?? null) : null } : {}),
      ...(record?.warnings ? { warnings: record.warnings } : {}),
      ...(kept?.functions ? { functions: kept.functions } : {}),
    });
  }
  let context = output.context;
  if (!context) {
    context = request.context;
    for (const call of calls) if (call.patch.length > 0) context = applyPatch(context, call.patch);
  }
  const aborted = output.aborted ? { hookId: output.aborted.hookId, failure: normalizeFailure(output.aborted.failure, limits) } : null;
  if (request.execution !== "fold") return { calls, context, aborted };
  return { calls, context, aborted, result: output.result ?? null, pointError: output.pointError ?? null };
}

/** Failures the executor recorded itself (converting values) in the same plain words as the rest. */
function normalizeFailure(failure: ChainFailure, limits: SandboxLimits): HookFailure {
  const location = failure.location ?? null;
  if (failure.message.startsWith("InternalError: out of memory")) {
    return { kind: "memory", message: `exceeded the ${mib(limits.memoryBytes)} memory limit`, location };
  }
  return { kind: failure.kind, message: failure.message, location };
}

/**
 * A fold handler's per-handler budget (OpenClaw `withHookTimeout`), on the run's virtual clock:
 * a handler that settled after its budget, or never settled, is a timeout in the host's words.
 * Errors and sandbox limits keep their own failure.
 */
function handlerBudgetFailure(outcome: CallOutcome, elapsedMs: number, budgetMs: number): HookFailure | null {
  const neverSettled = outcome.failure?.kind === "timeout" && outcome.failure.message.startsWith("never settled");
  if (outcome.failure && !neverSettled) return null;
  if (!neverSettled && elapsedMs <= budgetMs) return null;
  return { kind: "timeout", message: `Error: timed out after ${budgetMs}ms (the handler's budget, on the run's virtual clock)`, location: null };
}

export function unrecordedNote(n: number): LogEntry {
  return { level: "warn", message: `${n} more Date/Math.random values were handed out but not recorded (at most ${MAX_RECORDED_VALUES} per call)` };
}
