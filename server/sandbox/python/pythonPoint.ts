import { diffJson } from "../../../core/chain/diff";
import { failFimOne, type FimOneCombined } from "../../../core/chain/fold/fimOne";
import type { ChainRequest, ChainResult, HookCallResult, HookFailure } from "../../../core/engine/ports";
import type { Json, JsonObject } from "../../../core/json";
import type { LogEntry } from "../../../core/trace/events";
import { SANDBOX_HOME } from "../process/layout";
import { ProcessSandboxError } from "../process/errors";
import type { SandboxedProcessResult, SandboxedProcessSpec } from "../process/types";
import { DRIVER_PY } from "./driverSource";
import { FIM_ONE_HOOKS_PY } from "./fimOneHooksSource";
import { readDriverLines, type CallLine, type DriverLine, type EndLine } from "./protocol";

/**
 * One firing of a FIM One hook point whose hooks are all Python: one `python3` process in the
 * process sandbox runs the driver, which loads the hook modules and runs the registry's rules in
 * Python (fim_one_hooks); its JSON lines become the chain's result, as the QuickJS fold's would.
 */

/** Where the driver and the stand-in module are mounted, read-only, inside the sandbox. */
export const PYTHON_LIB_DIR = `${SANDBOX_HOME}/.hookwright/python`;

/** The interpreter: Debian's, under the sandbox's read-only /usr. */
export const PYTHON_BIN = "/usr/bin/python3";

/**
 * `-I` minus `-E` (which would ignore PYTHONHASHSEED; the environment is exactly ours anyway),
 * plus `-S` (no site-packages: standard library only) and `-B` (no .pyc written).
 */
export const PYTHON_FLAGS = ["-P", "-s", "-S", "-B"] as const;

/** The environment of the interpreter: a fixed hash seed, time zone and encoding. */
export const PYTHON_ENV: Readonly<Record<string, string>> = { PYTHONHASHSEED: "0", PYTHONIOENCODING: "utf-8", PYTHONUTF8: "1", TZ: "UTC", LANG: "C.UTF-8" };

export interface PythonHookRow {
  id: string;
  /** The hook row's name (FIM One's messages use the class's `name` when it has one). */
  name: string;
  code: string;
  /** The row's priority (Hookwright orders by it; null counts as 0). */
  priority: number | null;
}

export interface PythonPointOptions {
  /** The request's hooks, in `request.hookIds` order. */
  hooks: readonly PythonHookRow[];
  /** Per call: the wall-clock and virtual-clock limit of one hook's load and call. */
  timeoutMs: number;
  /** Address space of the interpreter (RLIMIT_AS). */
  memoryBytes: number;
  /** The run's virtual clock (ms) when the point starts. */
  clock: number;
  /** The firing's seed for Python's `random`. */
  seed: number;
  /** Runs one sandboxed process (the process sandbox's runSandboxedProcess; tests may wrap it). */
  run: (spec: SandboxedProcessSpec) => Promise<SandboxedProcessResult>;
}

export interface PythonPointResult {
  chain: ChainResult;
  /** The virtual clock after the point. */
  clock: number;
  /** Processes started (more than 1 when a hook had to be ended from outside and the point was run again without it). */
  processes: number;
}

const MAX_LOG_ENTRIES = 200;

/** The file a hook's module is written to in the project folder (the failure locations name it). */
export function hookFile(id: string): string {
  return `hooks/${id.replace(/[^A-Za-z0-9_.-]/g, "_")}.py`;
}

/** The driver's input (stdin). */
interface DriverInput {
  point: string;
  hooks: { id: string; name: string; priority: number; path: string }[];
  context: JsonObject;
  clock: number;
  seed: number;
  timeoutMs: number;
  failed: Record<string, { kind: "timeout" | "threw"; message: string; name: string }>;
}

/**
 * Runs the point. A hook that cannot be interrupted inside Python (a loop that swallows the
 * time limit's exception, a long call in C) gets its process ended at the point's wall-clock cap;
 * the point is then run again from its input with that hook failing at once (deterministic: the
 * same clock and seed), so the hooks before and after it still run as FIM One runs them.
 *
 * @throws {ProcessSandboxError} UNAVAILABLE when there is no sandbox (the caller fails the hooks).
 */
export async function runPythonPoint(request: ChainRequest, options: PythonPointOptions): Promise<PythonPointResult> {
  const rows = options.hooks;
  const failed: DriverInput["failed"] = {};
  const names = new Map(rows.map((h, i) => [h.id, request.fold?.hookNames?.[i] ?? h.name]));
  for (let attempt = 1; ; attempt++) {
    const input: DriverInput = {
      point: request.point,
      hooks: rows.map((h) => ({ id: h.id, name: names.get(h.id) ?? h.name, priority: h.priority ?? 0, path: hookFile(h.id) })),
      context: request.context,
      clock: options.clock,
      seed: options.seed,
      timeoutMs: options.timeoutMs,
      failed,
    };
    // Each hook: its load and its call each have timeoutMs; then the process itself gets a second to start and end.
    const processTimeoutMs = 2 * rows.length * options.timeoutMs + 2000;
    const result = await options.run({
      command: { argv: [PYTHON_BIN, ...PYTHON_FLAGS, `${PYTHON_LIB_DIR}/hookwright_driver.py`] },
      files: rows.map((h) => ({ path: hookFile(h.id), content: h.code })),
      readOnlyFolders: [
        {
          at: PYTHON_LIB_DIR,
          files: [
            { path: "fim_one_hooks.py", content: FIM_ONE_HOOKS_PY },
            { path: "hookwright_driver.py", content: DRIVER_PY },
          ],
        },
      ],
      env: PYTHON_ENV,
      stdin: JSON.stringify(input),
      limits: {
        timeoutMs: processTimeoutMs,
        cpuSeconds: Math.ceil(processTimeoutMs / 1000) + 1,
        memoryBytes: options.memoryBytes,
        maxProcesses: 16,
        stdoutBytes: 128 * 1024 * 1024,
        stderrBytes: 64 * 1024,
        outputKillBytes: 160 * 1024 * 1024,
      },
    });
    const lines = readDriverLines(result.stdout);
    const end = lines.find((l): l is EndLine => l.type === "end");
    if (end) return { chain: chainOf(request, rows, lines, end, result), clock: Math.max(options.clock, end.clock), processes: attempt };
    const fatal = lines.find((l) => l.type === "fatal");
    const hung = pendingHook(lines);
    if (!hung || fatal || attempt > rows.length) {
      // The interpreter never got to run the hooks (or failed itself): every hook fails, fail-open.
      const why = fatal?.type === "fatal" ? `the Python driver failed: ${fatal.message}` : `python3 ended before the hooks ran (${endedHow(result)})${result.stderr ? `: ${result.stderr.trim().slice(-2000)}` : ""}`;
      return { chain: failedChain(request, rows, names, why), clock: options.clock, processes: attempt };
    }
    failed[hung.id] = { kind: result.timedOut ? "timeout" : "threw", message: hungMessage(result, options.timeoutMs), name: hung.name };
  }
}

/** The hook that started and never finished, when the process died. */
function pendingHook(lines: readonly DriverLine[]): { id: string; name: string } | null {
  const done = new Set(lines.flatMap((l) => (l.type === "call" ? [l.id] : [])));
  const started = lines.filter((l): l is Extract<DriverLine, { type: "start" }> => l.type === "start" && !done.has(l.id));
  return started.at(-1) ?? null;
}

function endedHow(result: SandboxedProcessResult): string {
  if (result.timedOut) return "ended at its time limit";
  if (result.outputLimitHit) return "ended for printing too much";
  if (result.signal) return `killed by ${result.signal}`;
  return `exit code ${String(result.exitCode)}`;
}

function hungMessage(result: SandboxedProcessResult, timeoutMs: number): string {
  if (result.timedOut) return `timed out after ${timeoutMs} ms (it did not stop when interrupted, so its Python process was ended)`;
  if (result.exitCode === 137 || result.exitCode === 152) return "the Python process ran out of CPU time and was ended";
  if (result.exitCode === 139) return "the Python process crashed (segmentation fault)";
  return `the Python process ended during this hook (${endedHow(result)})`;
}

/** No interpreter ran the hooks: each fails, fail-open, as FIM One's registry treats a hook that raised. */
export function failedChain(request: ChainRequest, rows: readonly PythonHookRow[], names: ReadonlyMap<string, string>, why: string): ChainResult {
  let acc: FimOneCombined | undefined;
  const calls: HookCallResult[] = rows.map((h) => {
    acc = failFimOne(acc, names.get(h.id) ?? h.name);
    return { hookId: h.id, patch: [], returned: undefined, failure: { kind: "threw", message: why, location: null }, logs: [], durationMs: 0, clock: [], random: [], output: null };
  });
  return { calls, context: request.context, aborted: null, result: acc ? (acc as unknown as Json) : null, pointError: null };
}

interface Resolved {
  line: CallLine;
  before: JsonObject;
  after: JsonObject;
  /** Passed over by the registry (tool_filter): ran nothing. */
  passedOver: boolean;
}

function chainOf(request: ChainRequest, rows: readonly PythonHookRow[], lines: readonly DriverLine[], end: EndLine, process: SandboxedProcessResult): ChainResult {
  // The driver omits a context equal to the previous one: resolve them in the order written.
  let state: JsonObject = request.context;
  const byId = new Map<string, Resolved>();
  for (const line of lines) {
    if (line.type !== "call") continue;
    const passedOver = isObject(line.result) && "tool_filter" in line.result;
    const before = passedOver ? state : isObject(line.ctx_before) ? line.ctx_before : state;
    const after = passedOver ? before : isObject(line.ctx_after) ? line.ctx_after : before;
    if (!passedOver) state = line.exception ? before : after;
    byId.set(line.id, { line, before, after, passedOver });
  }
  const final = isObject(end.context) ? end.context : state;
  const ran = end.order.flatMap((id) => byId.get(id) ?? []);
  const executed = ran.filter((r) => !r.passedOver);
  // Each hook's patch: from the context as the trace has it to what the next hook received (the
  // registry's rebinding of tool_args included), or to the final context after the last one.
  let traced: JsonObject = request.context;
  const patches = new Map<string, HookCallResult["patch"]>();
  executed.forEach((r, i) => {
    if (r.line.exception) {
      patches.set(r.line.id, []);
      return;
    }
    const target = executed[i + 1]?.before ?? final;
    patches.set(r.line.id, target === traced ? [] : diffJson(traced as Json, target as Json));
    traced = target;
  });
  const paths = new Map(rows.map((h) => [h.id, hookFile(h.id)]));
  const calls: HookCallResult[] = ran.map((r) => callOf(r, patches.get(r.line.id) ?? [], paths.get(r.line.id) ?? hookFile(r.line.id)));
  const stray = process.stderr.trim();
  if (stray && calls.length > 0) calls[calls.length - 1]?.logs.push({ level: "error", message: `the Python process wrote to its own stderr: ${stray.slice(0, 4000)}` });
  return {
    calls,
    context: traced,
    aborted: null,
    result: end.pointError ? null : ((end.combined ?? null) as Json),
    pointError: end.pointError,
  };
}

function callOf(r: Resolved, patch: HookCallResult["patch"], file: string): HookCallResult {
  const { line } = r;
  const failure: HookFailure | null = line.exception
    ? { kind: line.exception.kind, message: line.exception.message, location: line.exception.line !== null ? { file, line: line.exception.line, column: line.exception.column ?? 1 } : null }
    : null;
  const logs: LogEntry[] = [...linesOf(line.stdout, "log"), ...linesOf(line.stderr, "error")];
  if (line.exception?.traceback) logs.push({ level: "error", message: line.exception.traceback.trimEnd() });
  const output = line.exception ? null : ((line.result ?? null) as Json | null);
  return {
    hookId: line.id,
    patch,
    returned: output ?? undefined,
    failure,
    logs: logs.slice(0, MAX_LOG_ENTRIES),
    durationMs: Math.round(line.duration_ms * 100) / 100,
    clock: line.clock,
    random: line.random,
    droppedWrites: [],
    output,
    ...(line.warnings.length > 0 ? { warnings: line.warnings } : {}),
  };
}

function linesOf(text: string, level: LogEntry["level"]): LogEntry[] {
  if (text === "") return [];
  return text.replace(/\n$/, "").split("\n").map((message) => ({ level, message }));
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export { ProcessSandboxError };
