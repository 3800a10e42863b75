import type { HookRunnerFactory } from "../../core/engine/ports";
import { runScenario } from "../../core/engine/runScenario";
import { pickScenario } from "../../core/engine/validate";
import { parsePipeline } from "../../core/pipeline/parsePipeline";
import type { Pipeline } from "../../core/pipeline/schema";
import { createSandboxRunner } from "../../server/sandbox";
import { E2E_HOOKS, E2E_MODEL_CALLS, e2ePipeline } from "./fixtures";
import { createNoSandboxRunner } from "./noSandboxRunner";

/**
 * The end-to-end run of endToEnd.ts, but in a warm process, as a run worker of the server runs
 * it: the whole engine run (runScenario, trace events included) with the hooks on, minus the
 * same run with them off, sandboxed next to no sandbox. Interleaved; wall and CPU time.
 */

function pipelineOf(bytes: number, enabled: boolean): Pipeline {
  const parsed = parsePipeline(e2ePipeline(bytes, enabled));
  if (!parsed.ok) throw new Error(`the bench pipeline is invalid: ${JSON.stringify(parsed.issues)}`);
  return parsed.value;
}

async function runOnce(pipeline: Pipeline, createRunner: HookRunnerFactory): Promise<{ ms: number; cpuMs: number; hookEnds: number }> {
  let hookEnds = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  await runScenario({ pipeline, scenario: pickScenario(pipeline), createRunner, emit: (_e, full) => void (full.type === "hook.end" && hookEnds++) });
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { ms, cpuMs: (used.user + used.system) / 1000, hookEnds };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const r2 = (n: number) => Math.round(n * 100) / 100;

export async function measureWarmRuns(sizes: [string, number][], iterations: number) {
  const engines: Record<string, HookRunnerFactory> = { sandboxed: createSandboxRunner, noSandbox: createNoSandboxRunner };
  const want = Object.keys(E2E_HOOKS).length * E2E_MODEL_CALLS;
  const out: Record<string, unknown>[] = [];
  for (const [label, bytes] of sizes) {
    const pipelines = { on: pipelineOf(bytes, true), off: pipelineOf(bytes, false) };
    const ms: Record<string, number[]> = {};
    const cpu: Record<string, number[]> = {};
    const warmup = Math.max(3, Math.round(iterations / 4));
    for (let i = 0; i < warmup + iterations; i++) {
      for (const [engine, factory] of Object.entries(engines)) {
        for (const [state, pipeline] of Object.entries(pipelines)) {
          const sample = await runOnce(pipeline, factory);
          if (sample.hookEnds !== (state === "on" ? want : 0)) throw new Error(`${engine} ${state} at ${label}: ${sample.hookEnds} hook.end events`);
          if (i < warmup) continue;
          (ms[`${engine}.${state}`] ??= []).push(sample.ms);
          (cpu[`${engine}.${state}`] ??= []).push(sample.cpuMs);
        }
      }
    }
    const cost = (of: Record<string, number[]>, engine: string) => median(of[`${engine}.on`] ?? []) - median(of[`${engine}.off`] ?? []);
    out.push({
      size: label,
      medianRunMs: Object.fromEntries(Object.entries(ms).map(([k, v]) => [k, r2(median(v))])),
      hooksCostMs: { sandboxed: r2(cost(ms, "sandboxed")), noSandbox: r2(cost(ms, "noSandbox")) },
      hooksCpuMs: { sandboxed: r2(cost(cpu, "sandboxed")), noSandbox: r2(cost(cpu, "noSandbox")) },
      sandboxedOverNoSandbox: r2(cost(ms, "sandboxed") / cost(ms, "noSandbox")),
      sandboxedOverNoSandboxCpu: r2(cost(cpu, "sandboxed") / cost(cpu, "noSandbox")),
      n: iterations,
    });
  }
  return out;
}
