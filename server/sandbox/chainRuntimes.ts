import type { ChainRequest, ChainResult, SandboxLimits } from "../../core/engine/ports";
import type { Hook } from "../../core/pipeline/schema";
import { runtimeKindOf, type RuntimeKind } from "../../core/pipeline/runtimeSchema";
import type { RunDeterminism } from "./clock";
import { createPythonChainRuntime } from "./python/pythonRuntime";
import { createRChainRuntime } from "./r/rChain";

/**
 * Runtimes that run a hook point's whole chain themselves, by runtime kind: their host's registry
 * rules are written in the hooks' own language and run beside them (FIM One's registry in Python).
 * The sandbox runner hands such a chain over when every hook of it has that runtime; function
 * hooks run in QuickJS, command hooks are called from the QuickJS chain (chainSession.ts).
 */

export interface ChainRuntime {
  runChain(request: ChainRequest): Promise<ChainResult>;
}

/** What a chain runtime gets of the run: its hooks, its limits, its virtual clock and generator. */
export interface ChainRuntimeContext {
  pipeline: { hooks: readonly Hook[] };
  limits: SandboxLimits;
  determinism: RunDeterminism;
}

export type ChainRuntimeFactory = (context: ChainRuntimeContext) => ChainRuntime;

export const CHAIN_RUNTIMES: Readonly<Partial<Record<RuntimeKind, ChainRuntimeFactory>>> = {
  python: (context) => createPythonChainRuntime(context),
  // deputy's registry in R (server/sandbox/r): one sandboxed R process per firing.
  r: ({ pipeline, limits, determinism }) =>
    createRChainRuntime({ hooks: pipeline.hooks, limits, clock: () => determinism.peekClock(), nextSeed: () => Math.floor(determinism.readRandom() * 0x7fffffff) }),
};

/** A chain whose hooks mix a chain runtime with others (checkPipelineAgainstProfile refuses these before a run). */
export class MixedChainRuntimeError extends Error {
  override name = "MixedChainRuntimeError";
}

/**
 * The chain runtime that runs `request`'s chain, or null when QuickJS does (no hook of it has one).
 * @throws {MixedChainRuntimeError} when a hook of a chain runtime shares the point with hooks of another runtime.
 */
export function chainRuntimeOf(request: ChainRequest, hooks: readonly Hook[]): RuntimeKind | null {
  const byId = new Map(hooks.map((h) => [h.id, h]));
  const kinds = new Map<RuntimeKind, string[]>();
  for (const id of request.hookIds) {
    const hook = byId.get(id);
    const kind = hook ? runtimeKindOf(hook) : "function";
    kinds.set(kind, [...(kinds.get(kind) ?? []), hook?.name ?? id]);
  }
  const own = [...kinds.keys()].filter((k) => CHAIN_RUNTIMES[k] !== undefined);
  if (own.length === 0) return null;
  if (kinds.size > 1) {
    const list = [...kinds].map(([kind, names]) => `${kind} (${names.join(", ")})`).join(" and ");
    throw new MixedChainRuntimeError(`${request.point} has hooks of more than one runtime: ${list}; a point's hooks run in one runtime here`);
  }
  return own[0] ?? null;
}
