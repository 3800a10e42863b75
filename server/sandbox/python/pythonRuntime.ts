import type { ChainRequest, ChainResult } from "../../../core/engine/ports";
import type { ChainRuntime, ChainRuntimeContext } from "../chainRuntimes";
import { ProcessSandboxError } from "../process/errors";
import { runSandboxedProcess } from "../process/processSandbox";
import type { SandboxedProcessResult, SandboxedProcessSpec } from "../process/types";
import { failedChain, runPythonPoint, type PythonHookRow } from "./pythonPoint";

/**
 * The `python` runtime: a chain whose hooks are all Python runs in one sandboxed `python3` per
 * firing, through FIM One's registry rules written in Python (docs/fim-one.md "Python hooks").
 */

/** Address space of the interpreter: 4 × the pipeline's memory limit, at least 1 GiB (Python needs room to start) and at most 2 GiB (a 4 GB allocation always fails). */
export function pythonMemoryBytes(memoryBytes: number): number {
  return Math.min(2 * 1024 ** 3, Math.max(1024 ** 3, 4 * memoryBytes));
}

export interface PythonRuntimeDeps {
  /** The process sandbox (tests wrap it to count or fail processes). */
  run?: (spec: SandboxedProcessSpec) => Promise<SandboxedProcessResult>;
}

export function createPythonChainRuntime(context: ChainRuntimeContext, deps: PythonRuntimeDeps = {}): ChainRuntime {
  const { determinism, limits } = context;
  const byId = new Map(context.pipeline.hooks.map((h) => [h.id, h]));
  return {
    async runChain(request: ChainRequest): Promise<ChainResult> {
      if (request.execution !== "fold" || request.fold?.merge?.kind !== "fim-one") {
        throw new Error(`runChain: Python hooks run FIM One's registry; point "${request.point}" is not a FIM One point`);
      }
      const rows: PythonHookRow[] = request.hookIds.map((id) => {
        const hook = byId.get(id);
        if (!hook) throw new Error(`runChain: the pipeline has no hook "${id}"`);
        return { id, name: hook.name, code: hook.code, priority: hook.priority };
      });
      const names = new Map(rows.map((h, i) => [h.id, request.fold?.hookNames?.[i] ?? h.name]));
      const clock = determinism.peekClock();
      // One draw of the run's generator seeds this firing's `random`: a replay draws the same.
      const seed = Math.floor(determinism.readRandom() * 0x7fffffff);
      try {
        const out = await runPythonPoint(request, { hooks: rows, timeoutMs: limits.timeoutMs, memoryBytes: pythonMemoryBytes(limits.memoryBytes), clock, seed, run: deps.run ?? runSandboxedProcess });
        determinism.advanceTo(out.clock);
        return out.chain;
      } catch (error) {
        if (error instanceof ProcessSandboxError && error.code === "UNAVAILABLE") {
          return failedChain(request, rows, names, `not run: Python hooks run only in the process sandbox, and there is none here: ${error.message}`);
        }
        throw error;
      }
    },
  };
}
