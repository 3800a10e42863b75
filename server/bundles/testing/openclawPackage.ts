import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";

const run = promisify(execFile);

/** How long a test's setup may take to fetch and unpack the package the first time (a 95 MB download). */
export const OPENCLAW_PACKAGE_TIMEOUT_MS = 300_000;

/** The host release the openclaw profile is checked against (semantics.md §0, key `O:`). */
export const OPENCLAW_VERSION = "2026.9.6";
const SPEC = `openclaw@${OPENCLAW_VERSION}`;
const CACHE_ROOT = fileURLToPath(new URL("../../../.cache", import.meta.url));

/**
 * The runner's modules import these at load time (semantics.md §2c: "loads on Node 20 with six of its
 * dependencies installed beside it"), at the versions the package pins. Nothing else is installed.
 */
const RUNNER_DEPENDENCIES = ["tslog", "chalk", "@openclaw/fs-safe", "semver", "commander", "typebox"];

/** The bundled file that holds `createHookRunner` in this release (hooks-CKanWLsK.mjs:566-1312). */
export const HOOK_RUNNER_FILE = "dist/hooks-CKanWLsK.mjs";
const READY_MARK = ".hookwright-ready";

function isReady(packageDir: string): boolean {
  const manifest = join(packageDir, "package.json");
  if (!existsSync(manifest) || !existsSync(join(packageDir, READY_MARK))) return false;
  const { version } = JSON.parse(readFileSync(manifest, "utf8")) as { version?: unknown };
  return version === OPENCLAW_VERSION;
}

/**
 * The real `openclaw` package, unpacked under `.cache/` (git-ignored) with the runner's six
 * dependencies beside it: fetched with `npm pack` the first time, reused afterwards. Parallel test
 * files may call it at once: each prepares its own temporary folder and renames it into place.
 *
 * @returns the package folder (the tarball's `package/`).
 * @throws Error saying the registry could not be reached, so tests fail loudly rather than skip.
 */
export async function ensureOpenClawPackage(): Promise<string> {
  const target = join(CACHE_ROOT, `openclaw-${OPENCLAW_VERSION}`);
  const packageDir = join(target, "package");
  if (isReady(packageDir)) return packageDir;
  await mkdir(CACHE_ROOT, { recursive: true });
  const staging = await mkdtemp(join(CACHE_ROOT, "staging-"));
  try {
    try {
      await run("npm", ["pack", SPEC, "--json", "--pack-destination", staging], { maxBuffer: 64 * 1024 * 1024 });
      const tarball = (await readdir(staging)).find((f) => f.endsWith(".tgz"));
      if (!tarball) throw new Error("npm pack wrote no tarball");
      await run("tar", ["-xzf", join(staging, tarball), "-C", staging]);
      await rm(join(staging, tarball));
      await installRunnerDependencies(staging, join(staging, "package"));
    } catch (err) {
      const detail = err instanceof Error ? err.message.split("\n").slice(0, 3).join(" ") : String(err);
      throw new Error(`Could not fetch ${SPEC} with \`npm pack\`: ${detail}. These tests compare Hookwright with the real hook runner, so they need the npm registry.`);
    }
    await writeFile(join(staging, "package", READY_MARK), `${OPENCLAW_VERSION}\n`);
    try {
      await rm(target, { recursive: true, force: true });
      await rename(staging, target);
    } catch (err) {
      // Another test file prepared it first; theirs is as good as ours.
      if (!isReady(packageDir)) throw err;
    }
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return packageDir;
}

/** Installs the runner's dependencies at the pinned versions into `<package>/node_modules` (kept beside its own). */
async function installRunnerDependencies(staging: string, packageDir: string): Promise<void> {
  const manifest = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as { dependencies?: Record<string, string> };
  const specs = RUNNER_DEPENDENCIES.map((name) => `${name}@${manifest.dependencies?.[name] ?? "latest"}`);
  const deps = join(staging, "deps");
  await mkdir(deps);
  await writeFile(join(deps, "package.json"), '{"name":"openclaw-runner-deps","private":true}\n');
  await run("npm", ["install", ...specs, "--ignore-scripts", "--no-audit", "--no-fund", "--no-package-lock", "--loglevel=error"], { cwd: deps, maxBuffer: 64 * 1024 * 1024 });
  const target = join(packageDir, "node_modules");
  await mkdir(target, { recursive: true });
  for (const entry of await readdir(join(deps, "node_modules"))) {
    if (entry.startsWith(".") || existsSync(join(target, entry))) continue;
    await rename(join(deps, "node_modules", entry), join(target, entry));
  }
}

/** A registered handler as the real registry holds it (`registerTypedHook`'s shape). */
export interface RealTypedHook {
  pluginId: string;
  hookName: string;
  handler: (...args: unknown[]) => unknown;
  priority?: number;
  timeoutMs?: number;
  matcher?: string[];
  source: string;
}

/** The parts of the real `createHookRunner` result the differential tests call. */
export type RealHookRunner = Record<string, (...args: unknown[]) => unknown>;

export interface RealRunnerModule {
  createHookRunner(registry: { typedHooks: RealTypedHook[]; plugins: unknown[] }, options?: Record<string, unknown>): RealHookRunner;
  normalizePluginToolMatcher(matcher: unknown): string[] | undefined;
}

/** Loads the real runner's module from the cached package (export letters of this release's bundle). */
export async function loadRealHookRunner(): Promise<RealRunnerModule> {
  const dir = await ensureOpenClawPackage();
  const mod = (await import(pathToFileURL(join(dir, HOOK_RUNNER_FILE)).href)) as Record<string, unknown>;
  const createHookRunner = mod.t;
  const normalizePluginToolMatcher = mod.k;
  if (typeof createHookRunner !== "function" || createHookRunner.name !== "createHookRunner") throw new Error(`${HOOK_RUNNER_FILE} does not export createHookRunner as "t"`);
  if (typeof normalizePluginToolMatcher !== "function" || normalizePluginToolMatcher.name !== "normalizePluginToolMatcher") throw new Error(`${HOOK_RUNNER_FILE} does not export normalizePluginToolMatcher as "k"`);
  return { createHookRunner: createHookRunner as RealRunnerModule["createHookRunner"], normalizePluginToolMatcher: normalizePluginToolMatcher as RealRunnerModule["normalizePluginToolMatcher"] };
}

/** The host's global runner: catchErrors, fail-closed for the three gates (hook-runner-global-C81Znoo2.mjs:85-103). */
export const GLOBAL_RUNNER_OPTIONS = {
  catchErrors: true,
  failurePolicyByHook: { before_agent_run: "fail-closed", before_install: "fail-closed", before_tool_call: "fail-closed" },
  logger: { debug: () => undefined, warn: () => undefined, error: () => undefined },
};

/** The real runner's method for each OpenClaw hook point. */
export const METHODS: Record<string, string> = {
  gateway_start: "runGatewayStart",
  gateway_stop: "runGatewayStop",
  session_start: "runSessionStart",
  session_end: "runSessionEnd",
  message_received: "runMessageReceived",
  before_model_resolve: "runBeforeModelResolve",
  before_agent_reply: "runBeforeAgentReply",
  before_prompt_build: "runBeforePromptBuild",
  before_agent_run: "runBeforeAgentRun",
  llm_input: "runLlmInput",
  model_call_started: "runModelCallStarted",
  model_call_ended: "runModelCallEnded",
  before_tool_call: "runBeforeToolCall",
  after_tool_call: "runAfterToolCall",
  tool_result_persist: "runToolResultPersist",
  before_message_write: "runBeforeMessageWrite",
  before_agent_finalize: "runBeforeAgentFinalize",
  llm_output: "runLlmOutput",
  agent_end: "runAgentEnd",
  before_compaction: "runBeforeCompaction",
  after_compaction: "runAfterCompaction",
  message_sending: "runMessageSending",
  message_sent: "runMessageSent",
};
