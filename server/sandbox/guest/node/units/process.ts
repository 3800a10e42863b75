import type { UnitEnv } from "../unitEnv";

/**
 * Guest unit `process`: a simulated Node `process`. Fixed, plausible facts about the machine;
 * `env` holds only the variables the pipeline declares; stdout/stderr writes become the
 * call's log entries (`log` / `error`); time comes from the run's virtual clock; `exit` ends
 * the hook call, never anything real. There is no native layer to reach (`binding`, `dlopen`).
 */

/** What the simulated machine reports (docs/node-surface.md lists them). */
export const NODE_FACTS = {
  version: "v22.12.0",
  versions: { node: "22.12.0", acorn: "8.14.0", ada: "2.9.2", ares: "1.34.3", brotli: "1.1.0", icu: "76.1", llhttp: "9.2.1", modules: "127", napi: "9", openssl: "3.0.15+quic", unicode: "16.0", uv: "1.49.1", v8: "12.4.254.21-node.21", zlib: "1.3.0.1-motley-82a5fec" },
  platform: "linux",
  arch: "x64",
  pid: 4242,
  ppid: 4241,
  execPath: "/usr/local/bin/node",
} as const;

const refuse = (what: string, why: string) =>
  function refused(): never {
    throw new Error(`${what} is not available in the sandbox: ${why}`);
  };

export function create(env: UnitEnv): Record<string, unknown> {
  const EventEmitter = env.unit<new () => Record<string, unknown>>("events");
  const process = new EventEmitter() as Record<string, unknown>;
  const variables = env.call("env", null) as Record<string, string>;
  // The plugin's directory (`/workspace/plugins/<pipeline>`): the pipeline's files, read-only.
  const cwd = String((env.call("facts", null) as { cwd: string }).cwd);
  const processEnv: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const key of Object.keys(variables)) processEnv[key] = String(variables[key]);
  // Reads are recorded by name (never value) on the call's hook.end / tool.result; "*": the variables were listed.
  // No getOwnPropertyDescriptor trap: Object.keys asks it for every name, which would record each one.
  const read = (name: string) => env.call("env.read", { name });
  // Node's process.env turns every value written into a string.
  const envProxy = new Proxy(processEnv, {
    get: (target, key, receiver) => {
      if (typeof key === "string") read(key);
      return Reflect.get(target, key, receiver) as unknown;
    },
    has: (target, key) => {
      if (typeof key === "string") read(key);
      return Reflect.has(target, key);
    },
    ownKeys: (target) => {
      read("*");
      return Reflect.ownKeys(target);
    },
    set: (target, key, value) => Reflect.set(target, key, typeof key === "string" ? String(value) : value),
    defineProperty: (target, key, descriptor) => Reflect.defineProperty(target, key, { ...descriptor, value: String(descriptor.value) }),
  });

  const stream = (fd: number, level: "log" | "error") => {
    const out = new EventEmitter() as Record<string, unknown>;
    Object.assign(out, {
      fd,
      isTTY: false,
      writable: true,
      columns: 80,
      rows: 24,
      write(chunk: unknown, encoding?: unknown, callback?: unknown) {
        const text = typeof chunk === "string" ? chunk : ArrayBuffer.isView(chunk) ? decode(chunk) : String(chunk);
        // One entry per write, as a line reader of the host's stderr would show it.
        env.log(level, text.endsWith("\n") ? text.slice(0, -1) : text);
        const cb = typeof encoding === "function" ? encoding : callback;
        if (typeof cb === "function") queueMicrotask(() => (cb as () => void)());
        return true;
      },
      end(chunk?: unknown) {
        if (chunk !== undefined && chunk !== null) (out.write as (c: unknown) => boolean)(chunk);
      },
      cork() {},
      uncork() {},
      hasColors: () => false,
      getColorDepth: () => 1,
    });
    return out;
  };
  const decode = (view: ArrayBufferView) => {
    const { TextDecoder } = env.unit<{ TextDecoder: new () => { decode(v: ArrayBufferView): string } }>("internal/text");
    return new TextDecoder().decode(view);
  };
  const stdin = new EventEmitter() as Record<string, unknown>;
  Object.assign(stdin, { fd: 0, isTTY: false, readable: false, setEncoding: () => stdin, resume: () => stdin, pause: () => stdin, read: () => null });

  const elapsedNs = () => BigInt(Math.max(0, env.now() - env.clockStart())) * 1_000_000n;
  function hrtime(previous?: [number, number]): [number, number] {
    const ns = elapsedNs();
    let sec = Number(ns / 1_000_000_000n);
    let nano = Number(ns % 1_000_000_000n);
    if (Array.isArray(previous)) {
      sec -= Number(previous[0]);
      nano -= Number(previous[1]);
      if (nano < 0) {
        sec -= 1;
        nano += 1_000_000_000;
      }
    }
    return [sec, nano];
  }
  hrtime.bigint = () => elapsedNs();

  let exitCode: number | undefined;
  const exit = (code?: unknown) => {
    const n = code === undefined ? (exitCode ?? 0) : Number(code);
    env.exit(`process.exit(${n}) was called: a hook cannot end the host process, so the sandbox ended this hook call instead`);
  };

  Object.assign(process, {
    title: "node",
    version: NODE_FACTS.version,
    versions: { ...NODE_FACTS.versions },
    release: { name: "node", lts: "Jod" },
    platform: NODE_FACTS.platform,
    arch: NODE_FACTS.arch,
    pid: NODE_FACTS.pid,
    ppid: NODE_FACTS.ppid,
    execPath: NODE_FACTS.execPath,
    execArgv: [],
    argv: [NODE_FACTS.execPath, `${cwd}/index.js`],
    argv0: "node",
    env: envProxy,
    config: { variables: {} },
    features: { inspector: false, ipv6: true, tls: false, typescript: false },
    stdout: stream(1, "log"),
    stderr: stream(2, "error"),
    stdin,
    cwd: () => cwd,
    chdir: refuse("process.chdir()", "the plugin's working directory is fixed"),
    hrtime,
    uptime: () => Math.max(0, env.now() - env.clockStart()) / 1000,
    memoryUsage: Object.assign(() => ({ rss: 50_331_648, heapTotal: 16_777_216, heapUsed: 8_388_608, external: 1_048_576, arrayBuffers: 65_536 }), { rss: () => 50_331_648 }),
    cpuUsage: () => ({ user: 0, system: 0 }),
    resourceUsage: () => ({ userCPUTime: 0, systemCPUTime: 0, maxRSS: 49_152 }),
    nextTick(callback: unknown, ...args: unknown[]) {
      if (typeof callback !== "function") throw new TypeError('The "callback" argument must be of type function');
      queueMicrotask(() => (callback as (...a: unknown[]) => void)(...args));
    },
    emitWarning(warning: unknown, type?: unknown) {
      const text = warning instanceof Error ? `${warning.name}: ${warning.message}` : `${typeof type === "string" ? type : "Warning"}: ${String(warning)}`;
      env.log("error", `(node:${NODE_FACTS.pid}) ${text}`);
    },
    exit,
    abort: () => env.exit("process.abort() was called: a hook cannot end the host process, so the sandbox ended this hook call instead"),
    kill: refuse("process.kill()", "there are no other processes to signal"),
    binding: refuse("process.binding()", "there is no native layer"),
    _linkedBinding: refuse("process._linkedBinding()", "there is no native layer"),
    dlopen: refuse("process.dlopen()", "native add-ons cannot be loaded"),
    getBuiltinModule: (id: unknown) => env.builtin(String(id)),
    umask: () => 0o22,
    getuid: () => 1000,
    geteuid: () => 1000,
    getgid: () => 1000,
    getegid: () => 1000,
    getgroups: () => [1000],
  });
  Object.defineProperty(process, "exitCode", {
    get: () => exitCode,
    set: (v: unknown) => {
      exitCode = v === undefined ? undefined : Number(v);
    },
    enumerable: true,
  });
  Object.defineProperty(process, Symbol.toStringTag, { value: "process" });
  return process;
}
