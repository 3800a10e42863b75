import type { QuickJSContext, QuickJSRuntime } from "quickjs-emscripten-core";
import type { HookFailure, SandboxLimits } from "../../core/engine/ports";
import type { SourceLocation } from "../../core/trace/events";
import type { RunDeterminism } from "./clock";
import { where } from "./failures";
import { resolveImport, type Resolution } from "./modules";
import { builtinWrapper, resolveBuiltin } from "./node/builtins";
import { hostModuleWrapper, resolveHostModule, type HostModuleMap } from "./hostModules/hostModules";
import type { GuardedMemory } from "./quickjs";
import type { CompileResult } from "./transpile";

/**
 * One run's QuickJS: a WebAssembly instance of its own, one runtime, and the limits that
 * apply while user code runs in it. Everything of the run (the chain realm, each hook's realm)
 * lives in this runtime, so the context crosses from one realm to another without copying.
 *
 * A separate WebAssembly instance per run means a run that crashes the engine itself (a
 * recursion too deep for the native stack, see {@link STACK_BYTES}) takes nothing else with
 * it: the run's sandbox is thrown away and rebuilt, other runs and the server never notice.
 */

/**
 * QuickJS checks its own (shadow) stack against this before each call. Deep recursion inside
 * QuickJS's C code also uses the host's native stack, so the limit must be reached first;
 * measured on Node 20 (984 KB native stack), ordinary JavaScript recursion stays safe far
 * beyond 160 KB and stops here at roughly 800 frames with "stack overflow". Pathological
 * native recursion (JSON.stringify of a 10,000-deep object) can still exhaust the native stack
 * first; that is caught as a crash of the run's sandbox (see runner.ts).
 */
export const STACK_BYTES = 160 * 1024;

export interface LoadFailure {
  /** The error message the guest saw. */
  text: string;
  /** The failure to report instead, located in the user's source. */
  failure: HookFailure;
}

export class SandboxInstance {
  private deadline = Infinity;
  /** The interrupt handler stopped the guest since the last {@link arm}. */
  interrupted = false;
  /** The last import the module loader refused (a better message than QuickJS's own). */
  loadFailure: LoadFailure | null = null;
  private refusedAtArm = 0;

  constructor(
    /** The run's runtime, started from the pre-initialized snapshot (template.ts): its stack limit is set there. */
    readonly runtime: QuickJSRuntime,
    /** The instance's memory; its limit is moved per call. */
    private readonly guard: GuardedMemory,
    /** What the whole run's sandbox may hold between calls. */
    private readonly runCap: number,
    readonly limits: SandboxLimits,
    readonly determinism: RunDeterminism,
    private readonly compiled: ReadonlyMap<string, CompileResult>,
    private readonly sources: ReadonlyMap<string, string>,
    sharedModules: ReadonlySet<string>,
    /** Declared npm dependencies the hooks import (server/deps): bare specifier -> bundled module or error. */
    packages: ReadonlyMap<string, Resolution> = new Map(),
    /** Modules the host provides (the profile's hostModules): bare specifier -> host module id. */
    hostModules: HostModuleMap = {},
  ) {
    this.runtime.setInterruptHandler(() => {
      if (performance.now() <= this.deadline) return false;
      this.interrupted = true;
      return true;
    });
    this.runtime.setModuleLoader(
      (name) => {
        const refused = this.refusedImports.get(name);
        if (refused) return { error: new Error(refused) };
        const builtin = builtinWrapper(name) ?? hostModuleWrapper(name);
        if (builtin !== null) return builtin;
        const result = this.compiled.get(name);
        if (!result) return { error: new Error(`the pipeline has no module ${name}`) };
        if (result.ok) return result.module.code;
        const text = result.error.message.replace(/^SyntaxError: /, "");
        this.loadFailure = { text, failure: { kind: "threw", ...result.error } };
        return { error: Object.assign(new Error(text), { name: "SyntaxError" }) };
      },
      (base, requested) => {
        const host = resolveHostModule(requested, hostModules);
        if (host !== null) return host;
        const builtin = resolveBuiltin(base, requested);
        if (builtin && "name" in builtin) return builtin.name;
        const resolved = builtin ?? resolveImport(base, requested, sharedModules, packages);
        if ("path" in resolved) return resolved.path;
        const location = this.importLocation(base, requested);
        this.loadFailure = { text: resolved.error, failure: { kind: "threw", message: `Error: ${resolved.error}${where(location)}`, location } };
        // quickjs-emscripten loses a normalizer's error (the loader is then asked for ""), so
        // the refusal resolves to a name the loader answers with the error.
        const name = `hookwright:refused/${this.refusedImports.size}`;
        this.refusedImports.set(name, resolved.error);
        return name;
      },
    );
    this.disarm();
  }

  private readonly refusedImports = new Map<string, string>();

  /**
   * Starts a budget for user code: the guest is interrupted `timeoutMs` from now, and the
   * instance's memory may grow by at most the memory limit.
   */
  arm(timeoutMs = this.limits.timeoutMs): void {
    this.deadline = performance.now() + timeoutMs;
    this.interrupted = false;
    this.guard.limit = Math.min(this.runCap, this.guard.memory.buffer.byteLength + this.limits.memoryBytes);
    this.refusedAtArm = this.guard.refused;
  }

  /**
   * The sandbox's own guest code (collecting logs, describing an error): a short deadline in
   * case user code runs (a getter on a thrown object), memory up to the run's cap, and the
   * call's interrupted/memory flags left as they are.
   */
  armHousekeeping(timeoutMs: number): void {
    this.deadline = performance.now() + timeoutMs;
    this.guard.limit = this.runCap;
  }

  /** Host work between user calls: no deadline; memory bounded only by the run's cap. */
  disarm(): void {
    this.deadline = Infinity;
    this.guard.limit = this.runCap;
  }

  /** Memory was refused since the last {@link arm}: the call hit its limit (even if it caught the error). */
  get memoryExceeded(): boolean {
    return this.guard.refused > this.refusedAtArm;
  }

  /** Where `base` imports `requested` (the quoted specifier in its source), for the error location. */
  private importLocation(base: string, requested: string): SourceLocation | null {
    const lines = (this.sources.get(base) ?? "").split("\n");
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i] as string;
      const col = Math.max(line.indexOf(`"${requested}"`), line.indexOf(`'${requested}'`));
      if (col !== -1) return { file: base, line: i + 1, column: col + 1 };
    }
    return null;
  }

  /** Bytes QuickJS holds (objects, strings, buffers), by walking the heap: for diagnostics and tests. */
  heapBytes(ctx: QuickJSContext): number {
    const handle = this.runtime.computeMemoryUsage();
    try {
      return (ctx.dump(handle) as { memory_used_size: number }).memory_used_size;
    } finally {
      handle.dispose();
    }
  }

  dispose(): void {
    this.runtime.dispose();
  }
}
