import type { FileChange, FinalFile } from "../../../core/files/fileChange";
import { matchFixture, noFixtureMessage, type HttpExchange, type HttpFixture } from "../../../core/sandbox/http";
import { NODE_UNIT_SCRIPTS } from "./nodeUnits.generated";
import { FsError, normalizePath, VirtualFs } from "./vfs";
import type { Json } from "../../../core/json";
import type { ScenarioInference } from "../../../core/pipeline/inferenceSchema";
import { answerInference, inferenceRoute, type InferenceExchange } from "../../../core/sandbox/inference";
import { hostModuleScript, type HostModuleMap } from "../hostModules/hostModules";

/**
 * The host side of one run's simulated Node surface (issue 15): what the guest units may ask
 * the host for (`nodeCall`), bound to the run. Everything it answers comes from the pipeline
 * and the scenario, never from the real machine: the environment is the pipeline's declared
 * variables, not the server's; files live in the run's {@link VirtualFs}.
 */

export interface NodeSurfaceOptions {
  /** process.env: the pipeline's declared variables (Settings), name -> value. */
  env: Readonly<Record<string, string>>;
  /** The plugin's directory (`/workspace/plugins/<slug>`): the hooks' working directory. */
  pluginDir: string;
  /** The pipeline's files, relative to the plugin's directory. */
  pluginFiles: ReadonlyMap<string, string>;
  /** The scenario's starting files. */
  scenarioFiles: readonly { path: string; content: string }[];
  /** The run's virtual clock, not read (file times). */
  now: () => number;
  /** Called with each change a hook makes to a file. */
  onFileChange: (change: FileChange) => void;
  /** The scenario's HTTP fixtures (fetch is answered from these only). */
  fixtures?: readonly HttpFixture[];
  /** Called with each request a hook makes and its answer. */
  onRequest?: (exchange: HttpExchange) => void;
  /** Called with each process.env name a hook reads (`*`: it listed the variables). */
  onEnvRead?: (name: string) => void;
  /** Host modules the run's profile provides (their scripts are served, no others). */
  hostModules?: HostModuleMap;
  /** The scenario's inference settings: profiles, and the replies to hooks' own model calls. */
  inference?: ScenarioInference;
  /** Called with each model call a hook makes and its answer. */
  onInference?: (exchange: InferenceExchange) => void;
  /** Called with each event a hook publishes on a host module's event hub. */
  onPublish?: (event: Json) => void;
}

type Payload = Record<string, unknown>;

export class NodeSurface {
  private fsInstance: VirtualFs | null = null;
  /** Hooks' model calls so far in the run (the next takes reply number this). */
  private inferenceCalls = 0;

  constructor(private readonly options: NodeSurfaceOptions) {}

  /** The run's file system, made on first use. */
  get fs(): VirtualFs {
    this.fsInstance ??= new VirtualFs({
      pluginDir: this.options.pluginDir,
      pluginFiles: this.options.pluginFiles,
      scenarioFiles: this.options.scenarioFiles,
      now: this.options.now,
      onChange: this.options.onFileChange,
    });
    return this.fsInstance;
  }

  /** The files the run changed, as they are now; [] when no hook used the file system. */
  finalFiles(): FinalFile[] {
    return this.fsInstance ? this.fsInstance.finalFiles() : [];
  }

  /** The project folder a command hook runs in: /workspace's files as they are now. */
  workspaceFiles(): { path: string; bytes: Uint8Array }[] {
    return this.fs.workspaceFiles();
  }

  /** Puts recorded file changes back, in order (a re-run's tool results); see {@link VirtualFs.replay}. */
  replayFiles(changes: readonly FileChange[]): void {
    for (const change of changes) this.fs.replay(change);
  }

  /** The script of unit `name`, or "" when the sandbox has none. */
  source(name: string): string {
    const host = hostModuleScript(name, this.options.hostModules ?? {});
    if (host !== null) return host;
    return Object.hasOwn(NODE_UNIT_SCRIPTS, name) ? (NODE_UNIT_SCRIPTS[name] ?? "") : "";
  }

  /** Answers a guest request (JSON in, JSON out: `{ value }` or `{ error, code? }`). */
  call(op: string, payloadJson: string): string {
    let payload: Payload;
    try {
      const parsed = JSON.parse(payloadJson) as unknown;
      payload = typeof parsed === "object" && parsed !== null ? (parsed as Payload) : {};
    } catch {
      return JSON.stringify({ error: `the sandbox could not read the request for ${op}` });
    }
    try {
      return JSON.stringify({ value: this.answer(op, payload) });
    } catch (error) {
      if (error instanceof FsError) return JSON.stringify({ error: error.message, code: error.code });
      if (error instanceof HttpRefused || error instanceof InferenceFailed) return JSON.stringify({ error: error.message });
      throw error;
    }
  }

  private answer(op: string, p: Payload): unknown {
    const path = (key = "path") => normalizePath(String(p[key] ?? ""), this.options.pluginDir);
    const bytes = () => Buffer.from(String(p.data ?? ""), "base64");
    switch (op) {
      case "env":
        return { ...this.options.env };
      case "env.read":
        this.options.onEnvRead?.(String(p.name ?? ""));
        return null;
      case "facts":
        return { cwd: this.options.pluginDir };
      case "fetch":
        return this.fetch(p);
      case "inference.config":
        return this.inferenceConfig();
      case "inference.route":
        return inferenceRoute(this.options.inference, typeof p.overrideProfile === "string" ? p.overrideProfile : undefined);
      case "inference.send":
        return this.infer(p);
      case "hub.publish":
        this.options.onPublish?.((p as Json) ?? null);
        return null;
      case "fs.stat":
        return this.fs.stat(path());
      case "fs.readFile":
        return Buffer.from(this.fs.readFile(path())).toString("base64");
      case "fs.readdir":
        return this.fs.readdir(path());
      case "fs.writeFile":
        this.fs.writeFile(path(), bytes(), p.flag === "a" ? "a" : p.flag === "wx" ? "wx" : "w");
        return null;
      case "fs.mkdir":
        this.fs.mkdir(path(), p.recursive === true);
        return null;
      case "fs.rm":
        this.fs.rm(path(), p.recursive === true, p.force === true, typeof p.syscall === "string" ? p.syscall : "rm");
        return null;
      case "fs.rename":
        this.fs.rename(path("from"), path("to"));
        return null;
      case "fs.copyFile":
        this.fs.copyFile(path("from"), path("to"), p.exclusive === true);
        return null;
      default:
        return this.refuse(op);
    }
  }

  /** Answers a request from the fixtures, recording it; no match fails it with words saying what to add. */
  private fetch(p: Payload): { status: number; statusText: string; headers: Record<string, string>; body: string; delayMs: number } {
    const method = String(p.method ?? "GET").toUpperCase();
    const url = String(p.url ?? "");
    const body = typeof p.body === "string" ? p.body : undefined;
    const fixture = matchFixture(this.options.fixtures ?? [], method, url);
    if (!fixture) {
      const error = noFixtureMessage(method, url);
      this.options.onRequest?.({ method, url, ...(body !== undefined ? { body } : {}), error });
      throw new HttpRefused(error);
    }
    this.options.onRequest?.({ method, url, ...(body !== undefined ? { body } : {}), status: fixture.status, response: fixture.body });
    return { status: fixture.status, statusText: STATUS_TEXT[fixture.status] ?? "", headers: { ...fixture.headers }, body: fixture.body, delayMs: fixture.delayMs };
  }

  /** The host's `llm` config as the plugin API reads it: the scenario's inference profiles. */
  private inferenceConfig(): Json {
    const i = this.options.inference;
    if (!i) return { profiles: {} };
    return JSON.parse(JSON.stringify({ activeProfile: i.activeProfile, default: i.default, profileOrder: i.profileOrder, profiles: i.profiles })) as Json;
  }

  /** Answers a hook's model call with the scenario's next reply, recording it; none left fails it naming the field to fill. */
  private infer(p: Payload): { text: string; stopReason: string; model: string | null } {
    const index = this.inferenceCalls++;
    const exchange = answerInference(this.options.inference, index, {
      callSite: typeof p.callSite === "string" ? p.callSite : "",
      ...(typeof p.overrideProfile === "string" ? { overrideProfile: p.overrideProfile } : {}),
      system: typeof p.system === "string" ? p.system : null,
      messages: Array.isArray(p.messages) ? (p.messages as Json[]) : [],
    });
    this.options.onInference?.(exchange);
    if (!exchange.reply) throw new InferenceFailed(exchange.error ?? "the model call failed");
    return { ...exchange.reply, model: exchange.model };
  }

  private refuse(op: string): never {
    throw new FsError("EINVAL", op, "");
  }
}

/** A surface with nothing of a run (the snapshot's realms before a run is bound): an empty environment and file system. */
export const EMPTY_SURFACE_OPTIONS: NodeSurfaceOptions = {
  env: {},
  pluginDir: "/workspace/plugins/plugin",
  pluginFiles: new Map(),
  scenarioFiles: [],
  now: () => 0,
  onFileChange: () => undefined,
};

/** A request no fixture answers. */
class HttpRefused extends Error {}

/** A hook's model call the scenario has no reply for, or whose reply is an error. */
class InferenceFailed extends Error {}

const STATUS_TEXT: Record<number, string> = { 200: "OK", 201: "Created", 204: "No Content", 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 409: "Conflict", 429: "Too Many Requests", 500: "Internal Server Error", 502: "Bad Gateway", 503: "Service Unavailable" };
