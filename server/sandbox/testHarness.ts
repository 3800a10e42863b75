import type { QuickJSRuntime } from "quickjs-emscripten-core";
import type { ChainRequest, ChainResult, HookCallResult } from "../../core/engine/ports";
import type { JsonObject } from "../../core/json";
import type { Pipeline } from "../../core/pipeline/schema";
import type { HttpFixture } from "../../core/sandbox/http";
import { openSandboxRunner, type SandboxRunner, type SandboxRunnerDeps } from "./runner";

/**
 * Test helpers for server/sandbox: build small pipelines from hook code, open runners on a
 * leak-checking QuickJS module, and assert after each test that every runtime and context
 * was disposed (style.md R12).
 */

export type TestPipeline = Pick<Pipeline, "hooks" | "modules" | "scenarios"> & Partial<Pick<Pipeline, "settings" | "name">>;

/** A pipeline whose hooks are `{ id: code }` in order, with optional shared modules and tool handlers. */
export function pipelineOf(
  hooks: Record<string, string>,
  modules: Record<string, string> = {},
  tools: Record<string, string> = {},
): TestPipeline {
  return {
    hooks: Object.entries(hooks).map(([id, code]) => ({ id, point: "p", name: id, enabled: true, code, priority: null, matcher: null })),
    modules: Object.entries(modules).map(([path, code]) => ({ path, code })),
    scenarios: [
      {
        name: "default",
        description: "",
        prompt: "",
        history: [],
        system: null,
        model: { kind: "scripted", maxInputTokens: 200_000, responses: [] },
        tools: Object.entries(tools).map(([name, handler]) => ({ name, description: "", inputSchema: { type: "object" }, handler })),
        limits: { maxModelCalls: 25, maxToolCalls: 100, compactAtChars: null },
        clockStart: 0,
        seed: 1,
      },
    ],
  };
}

export const MiB = 1024 * 1024;
export const TEST_LIMITS = { timeoutMs: 300, memoryBytes: 16 * MiB };

export interface Harness {
  open(
    pipeline: TestPipeline,
    options?: { clockStart?: number; seed?: number; limits?: { timeoutMs: number; memoryBytes: number }; files?: { path: string; content: string }[]; http?: HttpFixture[] } & SandboxRunnerDeps,
  ): Promise<SandboxRunner>;
  /** Asserts that no runner leaked a QuickJS context (every one alive is a realm it holds), then disposes every runner. */
  cleanup(): void;
}

export function createHarness(): Harness {
  const opened: { runner: SandboxRunner; runtimes: QuickJSRuntime[] }[] = [];
  return {
    async open(pipeline, options = {}) {
      const runtimes: QuickJSRuntime[] = [];
      const runner = await openSandboxRunner(
        { pipeline, clockStart: options.clockStart ?? 1_767_225_600_000, seed: options.seed ?? 1, limits: options.limits ?? TEST_LIMITS, files: options.files, http: options.http },
        { contextTransfer: options.contextTransfer, template: options.template, observeRuntime: (runtime) => runtimes.push(runtime) },
      );
      opened.push({ runner, runtimes });
      return runner;
    },
    cleanup() {
      for (const { runner, runtimes } of opened.splice(0)) {
        // A runtime abandoned after a crash is never torn down (its heap cannot be trusted), and
        // disposing a runner drops its instance whole; so the check is on the runtime in use at the
        // end, before that: every context alive in it is one the runner still holds.
        const last = runtimes.at(-1);
        const held = runner.heldContexts();
        runner.dispose();
        if (!last) continue;
        // The runtime's own "system" context (made for heapBytes()) is QuickJS's, not a realm.
        const internals = last as unknown as { contextMap: Map<unknown, { alive: boolean }>; context?: unknown };
        const alive = [...internals.contextMap.values()].filter((c) => c.alive && c !== internals.context).length;
        if (alive !== held) throw new Error(`${alive - held} QuickJS context(s) leaked (${alive} alive, the runner holds ${held})`);
      }
    },
  };
}

/** Runs a "chain" point over `context` with every hook of the pipeline, in order. */
export function chain(runner: SandboxRunner, hookIds: string[], context: JsonObject, extra: Partial<ChainRequest> = {}): Promise<ChainResult> {
  return runner.runChain({ point: "p", execution: "chain", hookIds, context, loggerField: "logger", ...extra });
}

/** The single call of a one-hook chain. */
export function callOf(result: ChainResult, hookId: string): HookCallResult {
  const call = result.calls.find((c) => c.hookId === hookId);
  if (!call) throw new Error(`no call of ${hookId} in ${JSON.stringify(result.calls.map((c) => c.hookId))}`);
  return call;
}
