import type { QuickJSRuntime } from "quickjs-emscripten-core";
import type { ChainRequest, ChainResult, HookFailure, HookRunner, RecordedToolEffects, ResolutionCall, SandboxLimits, ToolRunResult } from "../../core/engine/ports";
import type { JsonObject } from "../../core/json";
import type { Pipeline } from "../../core/pipeline/schema";
import { envOf } from "../../core/pipeline/settingsSchema";
import { envReadOf } from "../../core/sandbox/envRead";
import { pluginDirOf, type FinalFile, type ScenarioFile } from "../../core/files/fileChange";
import type { HttpFixture } from "../../core/sandbox/http";
import type { ScenarioInference } from "../../core/pipeline/inferenceSchema";
import { dependencyModules } from "../deps/pipelineDeps";
import { ChainRealm } from "./chainRealm";
import { runMiddlewareChain } from "../../core/engine/middlewareChain";
import { MIDDLEWARE_REALMS, type MiddlewareRealm } from "./middleware/realms";
import { runChainSession, unrecordedNote, type ChainSandbox, type ExternalCalls } from "./chainSession";
import { CHAIN_RUNTIMES, chainRuntimeOf, type ChainRuntime } from "./chainRuntimes";
import type { RuntimeKind } from "../../core/pipeline/runtimeSchema";
import { commandCalls } from "./command/commandCalls";
import { createCommandCaller } from "./command/commandCaller";
import type { CommandProtocol } from "../../core/profiles/types";
import { RunDeterminism } from "./clock";
import { CRASH_FAILURE_MESSAGE, isEngineCrash, SandboxCrash, SandboxCrashedError, SandboxTampered } from "./errors";
import { mib } from "./failures";
import { SandboxInstance } from "./instance";
import { pipelineFiles, type PipelineFiles } from "./modules";
import { installRealmGuest, ModuleRealm, realmHostFunction, type RealmGuest } from "./moduleRealm";
import { redactChain, redactFinalFiles, redactTool, secretRedactor, type Redactor } from "./node/redact";
import { NodeSurface } from "./node/surface";
import { newGuardedMemory, type GuardedMemory } from "./quickjs";
import type { SourceMapIndex } from "./sourceMap";
import { startFromTemplate, type SandboxTemplate } from "./template";
import { sandboxTemplate } from "./templateCache";
import { compileModule, type CompileResult } from "./transpile";

export { SandboxCrashedError } from "./errors";

/**
 * The sandboxed {@link HookRunner}: runs one run's hooks and tool handlers in QuickJS.
 * See docs/sandbox.md for the guarantees and the design.
 */

export interface SandboxRunnerOptions {
  pipeline: Pick<Pipeline, "hooks" | "modules" | "scenarios"> & Partial<Pick<Pipeline, "settings" | "name">>;
  clockStart: number;
  seed: number;
  limits: SandboxLimits;
  /** The scenario's starting files for the virtual file system. */
  files?: readonly ScenarioFile[];
  /** The scenario's HTTP fixtures: the only answers fetch gets. */
  http?: readonly HttpFixture[];
  /** The profile's host modules: bare specifier -> host module id (server/sandbox/hostModules). */
  hostModules?: Readonly<Record<string, string>>;
  /** The scenario's inference settings (what hooks' own model calls see and get). */
  inference?: ScenarioInference;
  /** How the host runs command hooks; the pipeline's command hooks run in the process sandbox with it. */
  commandProtocol?: CommandProtocol;
}

export interface SandboxRunnerDeps {
  /** The pre-initialized snapshot runs start from (default: the process's, templateCache.ts); tests pass a fresh one. */
  template?: () => Promise<SandboxTemplate>;
  /** Told of every runtime the runner starts (tests check that each is disposed). */
  observeRuntime?: (runtime: QuickJSRuntime) => void;
  /**
   * How the context after a chain reaches the host: rebuilt by applying the hooks' patches
   * to the input (default; nothing large leaves the sandbox) or serialised by the guest.
   */
  contextTransfer?: "patches" | "json";
}

/** What a runner did, for the bench and tests. */
export interface SandboxStats {
  /** Transpiling the pipeline's files (cached by content across runs). */
  setupMs: number;
  /**
   * Starting the run's WebAssembly instance from the snapshot, on first use (0 if nothing ran):
   * instantiating, copying the snapshot in, rebuilding the JavaScript side.
   */
  instanceMs: number;
  /** Waiting for the process's snapshot (built or read once per process; ~0 afterwards). */
  templateMs: number;
  /** WebAssembly instances used (more than 1 after a crash). */
  instances: number;
  /** Contexts that crossed into the sandbox as a patch against the previous chain's, or whole. */
  contextsPatched: number;
  contextsWhole: number;
}

export interface SandboxRunner extends HookRunner {
  readonly stats: SandboxStats;
  finalFiles(): FinalFile[];
  replayTool(recorded: RecordedToolEffects): void;
  /** What QuickJS holds for this run now (0 before anything ran); walks the heap, so not for hot paths. */
  heapBytes(): number;
  /** QuickJS contexts of the current instance the runner holds (chain realm, module realms, spare realms): tests check none leaks. */
  heldContexts(): number;
}

/**
 * Creates the runner for one run: transpiles every hook, shared module and tool handler
 * (cached by content), then runs chains and tools on demand. Hook modules are loaded on their
 * first call and keep their state for the run.
 *
 * @throws nothing for bad user code (it becomes a failure of that hook); rejects only if
 *   QuickJS itself cannot be loaded.
 * @example
 * const runner = await openSandboxRunner({ pipeline, clockStart: 0, seed: 1, limits: { timeoutMs: 1000, memoryBytes: 64 << 20 } });
 * const { calls, context } = await runner.runChain({ point: "pre-model-call", execution: "chain", hookIds: ["h1"], context: { systemPrompt: "" } });
 * runner.dispose();
 */
export async function openSandboxRunner(options: SandboxRunnerOptions, deps: SandboxRunnerDeps = {}): Promise<SandboxRunner> {
  const started = performance.now();
  const files = pipelineFiles(options.pipeline);
  const entries = await Promise.all([...files.sources].map(async ([path, code]) => [path, await compileModule(path, code)] as const));
  const compiled = new Map<string, CompileResult>(entries);
  // Declared npm dependencies the hooks import: installed once per set, bundled, loaded like shared modules.
  const dependencies = await dependencyModules(options.pipeline.settings?.dependencies, compiled);
  for (const [path, module] of dependencies.modules) compiled.set(path, module);
  files.packages = dependencies.packages;
  const runner = new Runner(options, files, compiled, deps);
  runner.stats.setupMs = performance.now() - started;
  return runner;
}

/** What a run's sandbox may hold in all (its contexts, module states, a call's allocations). */
export function runMemoryCap(limits: SandboxLimits): number {
  return Math.min(2 * 1024 * 1024 * 1024, Math.max(1024 * 1024 * 1024, 2 * limits.memoryBytes));
}

class Runner implements SandboxRunner {
  readonly stats: SandboxStats = { setupMs: 0, instanceMs: 0, templateMs: 0, instances: 0, contextsPatched: 0, contextsWhole: 0 };
  private readonly determinism: RunDeterminism;
  /** The run's simulated Node host (process.env and the other run-bound services). */
  private readonly node: NodeSurface;
  /** Keeps secret env values out of what a chain reports (logs, file changes, requests). */
  private readonly redactor: Redactor | null;
  private readonly maps: ReadonlyMap<string, SourceMapIndex>;
  private readonly sharedModules: Set<string>;
  private instance: SandboxInstance | null = null;
  private chainRealm: ChainRealm | null = null;
  /** Realms the snapshot prepared that no module has taken yet. */
  private spareRealms: RealmGuest[] = [];
  private readonly realms = new Map<string, ModuleRealm>();
  /** Notes for a module's next call (it was reloaded), by path. */
  private readonly notes = new Map<string, string>();
  private disposed = false;
  private commandCallsMade: ExternalCalls | null | undefined;
  /** Middleware realms by point (server/sandbox/middleware/realms.ts), opened on first use. */
  private readonly middlewareRealms = new Map<string, Promise<MiddlewareRealm>>();
  /** Runtimes that run whole chains (Python), made on first use. */
  private readonly chainRuntimes = new Map<RuntimeKind, ChainRuntime>();

  constructor(
    private readonly options: SandboxRunnerOptions,
    private readonly files: PipelineFiles,
    private readonly compiled: ReadonlyMap<string, CompileResult>,
    private readonly deps: SandboxRunnerDeps,
  ) {
    this.determinism = new RunDeterminism(options.clockStart, options.seed);
    const det = this.determinism;
    this.redactor = secretRedactor(options.pipeline.settings);
    this.node = new NodeSurface({
      env: envOf(options.pipeline.settings),
      pluginDir: pluginDirOf(options.pipeline.name ?? "plugin"),
      pluginFiles: files.sources,
      scenarioFiles: options.files ?? [],
      now: () => det.peekClock(),
      onFileChange: (change) => {
        const recording = det.recording;
        if (recording) (recording.files ??= []).push(change);
      },
      fixtures: options.http ?? [],
      onRequest: (exchange) => {
        const recording = det.recording;
        if (recording) (recording.requests ??= []).push(exchange);
      },
      onEnvRead: (name) => {
        const recording = det.recording;
        if (!recording) return;
        const reads = (recording.env ??= []);
        // Once per name per call, in the order first read.
        if (!reads.some((r) => r.name === name)) reads.push(envReadOf(name, options.pipeline.settings?.env));
      },
      hostModules: options.hostModules ?? {},
      inference: options.inference,
      onInference: (exchange) => {
        const recording = det.recording;
        if (recording) (recording.inference ??= []).push(exchange);
      },
      onPublish: (event) => {
        const recording = det.recording;
        if (recording) (recording.published ??= []).push(event);
      },
    });
    this.maps = new Map([...compiled].flatMap(([path, r]) => (r.ok ? [[path, r.module.map] as const] : [])));
    this.sharedModules = new Set(options.pipeline.modules.map((m) => m.path));
  }

  async runChain(request: ChainRequest): Promise<ChainResult> {
    this.assertAlive();
    // An onion of middleware (Claude Code mods) runs in a realm of its kind, which calls the host's link beneath it.
    if (request.execution === "middleware") return redactChain(this.redactor, await this.runMiddleware(request));
    // A chain whose hooks all have a chain runtime (Python) runs there, on the run's clock and generator.
    const own = chainRuntimeOf(request, this.options.pipeline.hooks);
    if (own) return redactChain(this.redactor, await this.chainRuntime(own).runChain(request));
    const crashed = new Map<string, HookFailure>();
    for (;;) {
      const sandbox = await this.sandboxFor();
      try {
        return redactChain(this.redactor, await runChainSession(sandbox, request, crashed));
      } catch (error) {
        if (error instanceof SandboxTampered) {
          this.teardown();
          this.restartAfterCrash();
          throw new SandboxCrashedError(`${error.message}; the run's sandbox was restarted and every hook's module state reset`);
        }
        if (!(error instanceof SandboxCrash)) throw error;
        this.restartAfterCrash();
        if (!error.hookId) throw new SandboxCrashedError(`${error.message}; the context may be too deeply nested`);
        // Run the chain again from its input in the fresh sandbox, with the crashing hook failed.
        crashed.set(error.hookId, { kind: "threw", message: CRASH_FAILURE_MESSAGE, location: null });
      }
    }
  }

  async callResolution(hookId: string, decision: string): Promise<ResolutionCall | null> {
    this.assertAlive();
    const realm = this.realms.get(this.hookPath(hookId));
    if (!realm || !this.instance) return null;
    try {
      const outcome = realm.callResolution(decision);
      if (!outcome) return null;
      outcome.value?.dispose();
      this.dropPoisonedRealms();
      const logs = outcome.recording.unrecorded > 0 ? [...outcome.logs, unrecordedNote(outcome.recording.unrecorded)] : outcome.logs;
      return { logs, failure: outcome.failure };
    } catch (error) {
      if (!isEngineCrash(error)) throw error;
      this.restartAfterCrash();
      return { logs: [], failure: { kind: "threw", message: CRASH_FAILURE_MESSAGE, location: null } };
    }
  }

  async runTool(tool: string, input: JsonObject): Promise<ToolRunResult> {
    return redactTool(this.redactor, await this.callTool(tool, input));
  }

  private async callTool(tool: string, input: JsonObject): Promise<ToolRunResult> {
    this.assertAlive();
    const path = this.files.toolPaths.get(tool);
    if (!path) {
      const message = `the scenario has no handler for tool "${tool}"`;
      return { content: message, isError: true, logs: [], failure: { kind: "threw", message, location: null } };
    }
    await this.ensureInstance();
    try {
      const realm = this.realmFor(path, null);
      const outcome = realm.callTool(JSON.stringify(input));
      const logs = outcome.recording.unrecorded > 0 ? [...outcome.logs, unrecordedNote(outcome.recording.unrecorded)] : outcome.logs;
      // What the handler did to the file system and over HTTP, recorded like a hook's (it happened even if it then failed).
      const { files, requests, env, clock, random } = outcome.recording;
      const effects = { ...(files?.length ? { files } : {}), ...(requests?.length ? { requests } : {}), ...(env?.length ? { env } : {}), ...(clock.length ? { clock } : {}), ...(random.length ? { random } : {}) };
      this.dropPoisonedRealms();
      if (outcome.failure || !outcome.value) {
        const failure = outcome.failure ?? { kind: "threw" as const, message: "the tool handler returned nothing", location: null };
        return { content: `The tool handler failed: ${failure.message}`, isError: true, logs, failure, ...effects };
      }
      const value = outcome.value;
      let shaped;
      try {
        shaped = realm.toolResult(value);
      } finally {
        value.dispose();
      }
      if ("invalid" in shaped) {
        const failure: HookFailure = { kind: "threw", message: `TypeError: ${shaped.invalid}`, location: null };
        return { content: `The tool handler failed: ${failure.message}`, isError: true, logs, failure, ...effects };
      }
      return { ...shaped, logs, failure: null, ...effects };
    } catch (error) {
      if (!isEngineCrash(error)) throw error;
      this.restartAfterCrash();
      const message = CRASH_FAILURE_MESSAGE;
      return { content: `The tool handler failed: ${message}`, isError: true, logs: [], failure: { kind: "threw", message, location: null } };
    }
  }

  private async runMiddleware(request: ChainRequest): Promise<ChainResult> {
    const spec = request.middleware;
    if (!spec) throw new Error(`point "${request.point}" runs as middleware but its request has no middleware rules`);
    let opened = this.middlewareRealms.get(request.point);
    if (!opened) {
      const factory = MIDDLEWARE_REALMS[spec.call];
      if (!factory) throw new Error(`no middleware realm calls hooks as "${spec.call}"`);
      const hooks = this.options.pipeline.hooks.flatMap((h) => {
        const path = this.files.hookPaths.get(h.id);
        return h.point === request.point && path !== undefined ? [{ id: h.id, path }] : [];
      });
      opened = factory({ event: spec.event, hooks, files: this.files.sources, budgetMs: this.options.limits.timeoutMs, memoryBytes: this.options.limits.memoryBytes });
      this.middlewareRealms.set(request.point, opened);
    }
    const realm = await opened;
    realm.startChain();
    return runMiddlewareChain(request, realm.invoke, { logsOf: (hookId) => realm.logsOf(hookId), now: () => performance.now() });
  }

  private chainRuntime(kind: RuntimeKind): ChainRuntime {
    let runtime = this.chainRuntimes.get(kind);
    if (!runtime) {
      const factory = CHAIN_RUNTIMES[kind];
      if (!factory) throw new Error(`no chain runtime for ${kind} hooks`);
      runtime = factory({ pipeline: this.options.pipeline, limits: this.options.limits, determinism: this.determinism });
      this.chainRuntimes.set(kind, runtime);
    }
    return runtime;
  }

  /** The current sandbox as a chain session sees it (started on first use). */
  private async sandboxFor(): Promise<ChainSandbox> {
    const instance = await this.ensureInstance();
    const chain = this.chainRealm;
    if (!chain) throw new Error("the run's sandbox has no chain realm");
    return {
      instance,
      chain,
      determinism: this.determinism,
      realmOf: (hookId) => this.realmFor(this.hookPath(hookId), chain),
      contextAsJson: this.deps.contextTransfer === "json",
      afterChain: () => this.dropPoisonedRealms(),
      external: this.externalCalls,
    };
  }

  /** The pipeline's command hooks, run as processes from the chain (null: it has none, or its host takes none). */
  private get externalCalls(): ExternalCalls | null {
    if (this.commandCallsMade === undefined) {
      const protocol = this.options.commandProtocol;
      const caller = protocol ? createCommandCaller({ hooks: this.options.pipeline.hooks, protocol }) : null;
      this.commandCallsMade = protocol && caller ? commandCalls(caller, protocol, { workspace: () => this.node.workspaceFiles(), apply: (changes) => this.node.replayFiles(changes) }) : null;
    }
    return this.commandCallsMade;
  }

  finalFiles(): FinalFile[] {
    return redactFinalFiles(this.redactor, this.node.finalFiles());
  }

  replayTool(recorded: RecordedToolEffects): void {
    this.assertAlive();
    this.determinism.skip(recorded.clock ?? [], recorded.random?.length ?? 0);
    this.node.replayFiles(recorded.files ?? []);
  }

  heapBytes(): number {
    return this.instance && this.chainRealm ? this.instance.heapBytes(this.chainRealm.context) : 0;
  }

  heldContexts(): number {
    return this.instance ? (this.chainRealm ? 1 : 0) + this.realms.size + this.spareRealms.length : 0;
  }

  private hookPath(hookId: string): string {
    const path = this.files.hookPaths.get(hookId);
    if (!path) throw new Error(`runChain: the pipeline has no hook "${hookId}"`);
    return path;
  }

  /**
   * The run's instance, started from the process's pre-initialized snapshot on first use: a
   * run whose hooks are all disabled never pays for one.
   */
  private ensureInstance(): Promise<SandboxInstance> {
    if (this.instance) return Promise.resolve(this.instance);
    // Two calls racing for the first instance share one start.
    this.starting ??= this.startInstance().finally(() => {
      this.starting = null;
    });
    return this.starting;
  }

  private starting: Promise<SandboxInstance> | null = null;

  private async startInstance(): Promise<SandboxInstance> {
    let started = performance.now();
    const template = await (this.deps.template ?? sandboxTemplate)();
    this.stats.templateMs += performance.now() - started;
    started = performance.now();
    const { limits } = this.options;
    const guard: GuardedMemory = newGuardedMemory(runMemoryCap(limits), template.memoryBytes);
    const det = this.determinism;
    const sandbox = await startFromTemplate(template, guard, (ctx, name) => realmHostFunction(ctx, det, name, this.node));
    this.assertAlive();
    this.deps.observeRuntime?.(sandbox.runtime);
    const instance = new SandboxInstance(sandbox.runtime, guard, runMemoryCap(limits), limits, det, this.compiled, this.files.sources, this.sharedModules, this.files.packages, this.options.hostModules);
    this.instance = instance;
    this.chainRealm = new ChainRealm(instance, this.stats, sandbox.chain);
    this.spareRealms = sandbox.realms;
    this.stats.instances++;
    this.stats.instanceMs += performance.now() - started;
    return instance;
  }

  /** The realm of `path`, loading its module on first use; its logger is registered with the chain realm. */
  private realmFor(path: string, chain: ChainRealm | null): ModuleRealm {
    let realm = this.realms.get(path);
    if (!realm) {
      const instance = this.instance;
      if (!instance) throw new Error("the run's sandbox is not started");
      realm = new ModuleRealm(instance, path, this.maps, this.spareRealms.shift() ?? this.newRealmGuest(instance));
      this.realms.set(path, realm);
      const note = this.notes.get(path);
      if (note) {
        realm.note("warn", note);
        this.notes.delete(path);
      }
      const compiled = this.compiled.get(path);
      if (!compiled) throw new Error(`no compiled source for ${path}`);
      if (compiled.ok) realm.load(compiled.module.code);
      else realm.loadError = { kind: "threw", ...compiled.error };
      chain?.setLogger(this.hookIdOf(path), realm.logger);
    }
    return realm;
  }

  /** A realm beyond those the snapshot prepared. */
  private newRealmGuest(instance: SandboxInstance): RealmGuest {
    const ctx = instance.runtime.newContext();
    return installRealmGuest(ctx, (name) => realmHostFunction(ctx, this.determinism, name, this.node));
  }

  private hookIdOf(path: string): string {
    for (const [id, p] of this.files.hookPaths) if (p === path) return id;
    return path;
  }

  /** A realm that ran out of memory is dropped after the chain: its module state goes with it. */
  private dropPoisonedRealms(): void {
    for (const [path, realm] of this.realms) {
      if (!realm.poisoned) continue;
      realm.dispose();
      this.realms.delete(path);
      this.notes.set(
        path,
        `this module was loaded again: its previous instance exceeded the ${mib(this.options.limits.memoryBytes)} memory limit, so its module-level state was reset`,
      );
    }
  }

  /**
   * Throws the crashed WebAssembly instance away (nothing in it can be trusted); the next call
   * starts a fresh one from the snapshot.
   */
  private restartAfterCrash(): void {
    // The crashed instance's memory may be inconsistent; dropping the references lets it be
    // garbage collected without running QuickJS's own teardown on a broken heap.
    this.realms.clear();
    this.spareRealms = [];
    this.chainRealm = null;
    this.instance = null;
  }

  private assertAlive(): void {
    if (this.disposed) throw new Error("this sandbox runner was disposed");
  }

  /**
   * Ends the run's sandbox. The instance is dropped, not torn down: it is the run's alone, so
   * freeing every QuickJS object and context in it one by one (2.5 ms after a 12-call run at
   * 10 KB, 7 ms at 1 MB, warm) buys nothing that dropping its memory does not.
   */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const opened of this.middlewareRealms.values()) void opened.then((realm) => realm.dispose(), () => undefined);
    this.middlewareRealms.clear();
    this.realms.clear();
    this.spareRealms = [];
    this.chainRealm = null;
    this.instance = null;
  }

  /** Disposes everything of the current instance (which must be healthy): a tampered instance is emptied before it is dropped. */
  private teardown(): void {
    for (const realm of this.realms.values()) realm.dispose();
    this.realms.clear();
    for (const guest of this.spareRealms.splice(0)) {
      for (const handle of [...guest.fns, guest.logger, guest.api]) handle.dispose();
      guest.context.dispose();
    }
    this.chainRealm?.dispose();
    this.chainRealm = null;
    this.instance?.dispose();
    this.instance = null;
  }
}
