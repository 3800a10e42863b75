import { execFile, execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { arch, platform, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll } from "vitest";
import type { BundleFile } from "~/core/bundles/types";
import type { ContentBlock, Scenario } from "~/core/pipeline/schema";
import type { DriverConfig, DriverOutput, ResponsesItem } from "./codexDriver";
import { probeProcessSandbox } from "../../sandbox/process";
import { writeFiles } from "./commandHook";

/*
 * The REAL Codex CLI (0.169.0, the static musl binary of `@openai/codex@0.169.0-linux-x64`) run
 * headless (`codex exec`) against a scripted Responses-API server on 127.0.0.1 inside
 * `unshare -rn`, with a project's `.codex/hooks.json` loaded (../shared/reference/codex.md §1-§3).
 * What it gives back is what the differential tests compare with Hookwright's run of the same
 * pipeline: the request bodies the model received, the commands that ran, the final message.
 */

const run = promisify(execFile);
const CACHE_ROOT = fileURLToPath(new URL("../../../.cache", import.meta.url));
const DRIVER = fileURLToPath(new URL("./codexDriver.ts", import.meta.url));
const PROJECT_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

export const CODEX_VERSION = "0.169.0";
/** The platform package `@openai/codex` depends on for Linux x64 (a 167 MB tarball, 404 MB unpacked). */
const CODEX_PACKAGE = `@openai/codex@${CODEX_VERSION}-linux-x64`;
const BINARY = "vendor/x86_64-unknown-linux-musl/bin/codex";
/** How long a stale download lock is waited on (a fetch and unpack take ~6 s here). */
const CODEX_FETCH_TIMEOUT_MS = 300_000;
/** The model the scratch config names: in Codex's bundled catalog, so no metadata is fetched (codex.md §2). */
const MODEL = "gpt-5.5";

function unshareWorks(): boolean {
  try {
    execFileSync("unshare", ["-rn", "sh", "-c", "ip link set lo up"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** Why the real binary cannot run here (one line), or null when it can, before fetching it. */
function platformSkipReason(): string | null {
  if (platform() !== "linux" || arch() !== "x64") return `the Codex ${CODEX_VERSION} binary these tests run is Linux x86_64 only (this is ${platform()} ${arch()})`;
  if (!unshareWorks()) return "`unshare -rn` (a loopback-only network namespace for the offline run) is not permitted on this machine";
  return null;
}

export type CodexAvailability = { ok: true; codex: string } | { ok: false; reason: string };

/**
 * Whether the differential can run here, and the binary when it can (fetched the first time):
 * Linux x86_64, `unshare -rn` permitted, the process sandbox for Hookwright's command hooks, and
 * the package reachable on the npm registry. The reason is one line, for the skipped suite's title.
 */
export async function codexAvailability(): Promise<CodexAvailability> {
  const reason = platformSkipReason() ?? ((await probeProcessSandbox()).available ? null : "the process sandbox (bubblewrap) that runs Hookwright's command hooks is not available");
  if (reason !== null) return { ok: false, reason };
  try {
    return { ok: true, codex: await ensureCodexBinary() };
  } catch (err) {
    return { ok: false, reason: err instanceof Error ? err.message : String(err) };
  }
}

function isUnpacked(packageDir: string): boolean {
  const manifest = join(packageDir, "package.json");
  if (!existsSync(manifest) || !existsSync(join(packageDir, BINARY))) return false;
  const { version } = JSON.parse(readFileSync(manifest, "utf8")) as { version?: unknown };
  return version === `${CODEX_VERSION}-linux-x64`;
}

/**
 * The Codex binary, unpacked under `.cache/codex-<version>-linux-x64/` (git-ignored): fetched with
 * `npm pack` the first time, reused afterwards; a lock folder makes parallel callers (test files
 * starting together on a clean clone) wait for one download.
 *
 * @returns the path of the `codex` executable.
 * @throws Error naming the package when the registry cannot be reached.
 */
export async function ensureCodexBinary(): Promise<string> {
  const packageDir = join(CACHE_ROOT, `codex-${CODEX_VERSION}-linux-x64`, "package");
  if (isUnpacked(packageDir)) return join(packageDir, BINARY);
  await mkdir(CACHE_ROOT, { recursive: true });
  // One download at a time: test files start together on a clean clone, and the tarball is 167 MB.
  const lock = join(CACHE_ROOT, `codex-${CODEX_VERSION}.lock`);
  const started = Date.now();
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch {
      if (isUnpacked(packageDir)) return join(packageDir, BINARY);
      // A lock older than the fetch timeout was left by a killed run.
      if (Date.now() - started > CODEX_FETCH_TIMEOUT_MS) await rm(lock, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    if (!isUnpacked(packageDir)) await fetchInto();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
  return join(packageDir, BINARY);
}

async function fetchInto(): Promise<void> {
  const staging = await mkdtemp(join(CACHE_ROOT, "staging-codex-"));
  try {
    try {
      await run("npm", ["pack", CODEX_PACKAGE, "--json", "--pack-destination", staging], { maxBuffer: 64 * 1024 * 1024 });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const detail = /npm error code \S+/.exec(message)?.[0] ?? message.split("\n").find((l) => l.trim() !== "") ?? "";
      throw new Error(`could not fetch ${CODEX_PACKAGE} with npm pack (${detail})`);
    }
    const tarball = (await readdir(staging)).find((f) => f.endsWith(".tgz"));
    if (!tarball) throw new Error(`npm pack ${CODEX_PACKAGE} wrote no tarball`);
    await run("tar", ["-xzf", join(staging, tarball), "-C", staging]);
    await rm(join(staging, tarball));
    // Under the lock: whatever is there is a broken earlier unpack.
    await rm(join(CACHE_ROOT, `codex-${CODEX_VERSION}-linux-x64`), { recursive: true, force: true });
    await rename(staging, join(CACHE_ROOT, `codex-${CODEX_VERSION}-linux-x64`));
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** config.toml of a scratch CODEX_HOME: no login, no telemetry, no network but the fake model (codex.md §2). */
function configToml(project: string, trustProject: boolean): string {
  return [
    `model = "${MODEL}"`,
    'model_provider = "hw"',
    'approval_policy = "never"',
    // The network namespace is the sandbox.
    'sandbox_mode = "danger-full-access"',
    "check_for_update_on_startup = false",
    "[model_providers.hw]",
    'name = "hw"',
    'base_url = "http://127.0.0.1:__PORT__/v1"',
    'wire_api = "responses"',
    'env_key = "HW_KEY"',
    "request_max_retries = 0",
    "stream_max_retries = 0",
    // Without these Codex waits on DNS for its telemetry and plugin hosts: ~5 s a run instead of ~0.3 s.
    "[analytics]",
    "enabled = false",
    "[feedback]",
    "enabled = false",
    "[otel]",
    'exporter = "none"',
    'trace_exporter = "none"',
    'metrics_exporter = "none"',
    "[features]",
    "plugins = false",
    ...(trustProject ? [`[projects.${JSON.stringify(project)}]`, 'trust_level = "trusted"'] : []),
    "",
  ].join("\n");
}

export interface CodexRunSpec {
  /** A fresh folder for this run: `project/` (the session cwd) and `home/` (HOME, CODEX_HOME, TMPDIR) go in it. */
  dir: string;
  /** The project's files: `.codex/hooks.json` and the scripts its commands run. */
  files: readonly BundleFile[];
  prompt: string;
  /** The model's replies, one per request, in order. */
  replies: ResponsesItem[][];
  /** Trust the project so its `.codex/hooks.json` loads (default true; codex.md facts 28, 29). */
  trustProject?: boolean;
  /** Pass `--dangerously-bypass-hook-trust` (default true; without it unreviewed hooks are skipped, fact 27). */
  bypassHookTrust?: boolean;
  timeoutMs?: number;
}

/** One `codex exec --json` event (codex.md §2: thread.started, turn.started, item.*, turn.completed). */
export interface CodexEvent {
  type: string;
  item?: { type: string; command?: string; aggregated_output?: string; exit_code?: number | null; status?: string; text?: string; message?: string };
}

export interface CodexRun {
  /** The session cwd (absolute). */
  project: string;
  code: number | null;
  stderr: string;
  events: CodexEvent[];
  /** Every request body the model received. */
  requests: ResponsesRequest[];
  /** `-o`: the last agent message ("" when there was none). */
  lastMessage: string;
  /** The scripted replies ran out (one more request came) and Codex was killed. */
  exhausted: boolean;
  timedOut: boolean;
  otherRequests: string[];
}

/** One item of a request's `input` (the Responses API's conversation items). */
export interface ResponsesInputItem {
  type: string;
  role?: string;
  content?: { type: string; text?: string }[];
  call_id?: string;
  name?: string;
  arguments?: string;
  output?: string;
}

export interface ResponsesRequest {
  model: string;
  input: ResponsesInputItem[];
  tools: { name?: string; type: string }[];
}

/** Runs `codex exec` once, offline, in a loopback-only namespace. */
export async function runCodex(codex: string, spec: CodexRunSpec): Promise<CodexRun> {
  const project = join(spec.dir, "project");
  const home = join(spec.dir, "home");
  const codexHome = join(home, ".codex");
  const tmp = join(home, "tmp");
  await mkdir(project, { recursive: true });
  await mkdir(codexHome, { recursive: true });
  await mkdir(tmp, { recursive: true });
  await writeFiles(project, spec.files);
  const lastMessageFile = join(spec.dir, "last-message.txt");
  const args = ["exec", "--skip-git-repo-check", "--json", "--color", "never", "-o", lastMessageFile, ...(spec.bypassHookTrust === false ? [] : ["--dangerously-bypass-hook-trust"]), spec.prompt];
  const config: DriverConfig = {
    codex,
    args,
    cwd: project,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, CODEX_HOME: codexHome, TMPDIR: tmp, HW_KEY: "dummy", LANG: "C.UTF-8" },
    codexHome,
    configToml: configToml(project, spec.trustProject !== false),
    replies: spec.replies,
    timeoutMs: spec.timeoutMs ?? 30_000,
  };
  const configFile = join(spec.dir, "driver.json");
  await writeFile(configFile, JSON.stringify(config));
  const out = await run("unshare", ["-rn", "sh", "-c", `ip link set lo up && exec node --import tsx "${DRIVER}" "${configFile}"`], { cwd: PROJECT_ROOT, encoding: "utf8", timeout: config.timeoutMs + 20_000, maxBuffer: 64 * 1024 * 1024 });
  const driven = JSON.parse(out.stdout) as DriverOutput;
  const events = driven.stdout
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as CodexEvent);
  const lastMessage = existsSync(lastMessageFile) ? await readFile(lastMessageFile, "utf8") : "";
  return { project, code: driven.code, stderr: driven.stderr, events, requests: driven.requests as ResponsesRequest[], lastMessage, exhausted: driven.exhausted, timedOut: driven.timedOut, otherRequests: driven.otherRequests };
}

/** A scripted scenario's responses as the Responses API's output items (tool_use → function_call, text → message). */
export function repliesOf(scenario: Scenario): ResponsesItem[][] {
  if (scenario.model.kind !== "scripted") throw new Error(`${scenario.name}: not a scripted scenario`);
  return scenario.model.responses.map((r) => ("error" in r ? [{ type: "message", text: r.error }] : r.content.flatMap(itemOf)));
}

function itemOf(block: ContentBlock): ResponsesItem[] {
  if (block.type === "text") return [{ type: "message", text: block.text }];
  if (block.type === "tool_use") return [{ type: "function_call", callId: block.id, name: block.name, arguments: JSON.stringify(block.input) }];
  return [];
}

/** A scratch folder for one test file: made in `beforeAll` (only when `enabled`), removed in `afterAll`. Read it inside tests. */
export function scratchFolder(prefix: string, enabled: boolean): () => string {
  let folder = "";
  beforeAll(async () => {
    if (enabled) folder = await mkdtemp(join(tmpdir(), `hookwright-${prefix}-`));
  });
  afterAll(() => (folder ? rm(folder, { recursive: true, force: true }) : undefined));
  return () => folder;
}
