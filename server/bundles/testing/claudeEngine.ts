import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll } from "vitest";
import { runScenario } from "~/core/engine";
import { parsePipeline } from "~/core/pipeline/parsePipeline";
import type { Message, Pipeline } from "~/core/pipeline/schema";
import type { EncodedTraceEvent, TraceEvent } from "~/core/trace/events";
import { resolveTrace } from "~/core/trace/resolve";
import type { FakeAnthropicReply } from "~/server/providers/testing/fakeAnthropic";
import { createSandboxRunner } from "~/server/sandbox";
import { CLAUDE_ENGINE, CLAUDE_ENGINE_TIMEOUT_MS, ensureClaudePackage } from "./claudePackages";

/*
 * Running a pipeline through the REAL Claude Code engine (semantics.md §3f) and through Hookwright,
 * for the differential tests: the engine offline against a local scripted model server inside
 * `unshare -rn`, so nothing can leave the machine.
 */

const DRIVER = fileURLToPath(new URL("./claudeEngineDriver.ts", import.meta.url));
const PROJECT = fileURLToPath(new URL("../../../", import.meta.url));

/** Whether this machine can give the engine a network namespace with loopback only. */
export function canIsolate(): boolean {
  try {
    execFileSync("unshare", ["-rn", "sh", "-c", "ip link set lo up"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

export function parsed(input: unknown): Pipeline {
  const result = parsePipeline(input);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.value;
}

export interface EngineRun {
  /** The engine's working folder (it hands hooks file paths made absolute against it). */
  cwd: string;
  code: number | null;
  stderr: string;
  stdout: string;
  modelCalls: { messages: unknown[] }[];
}

/** Loads the hooks as a plugin (`--plugin-dir <dir>/plugin`), or from the project's .claude/settings.json when `project` is given. */
export async function runEngine(engine: string, dir: string, pipeline: Pipeline, project?: string): Promise<EngineRun> {
  const scenario = pipeline.scenarios[0];
  if (!scenario || scenario.model.kind !== "scripted") throw new Error(`${pipeline.name}: no scripted scenario`);
  const home = join(dir, "home");
  const cwd = project ?? join(dir, "project");
  await mkdir(home, { recursive: true });
  await mkdir(cwd, { recursive: true });
  const replies: FakeAnthropicReply[] = scenario.model.responses.map((r) => ("error" in r ? { content: [{ type: "text", text: r.error }] } : { content: r.content.flatMap((b) => (b.type === "text" || b.type === "tool_use" ? [b] : [])) }));
  const tools = scenario.tools.map((t) => t.name).join(",");
  const config = join(dir, "engine.json");
  await writeFile(config, JSON.stringify({ engine, cwd, home, replies, args: ["-p", scenario.prompt, "--output-format", "stream-json", "--verbose", ...(project ? ["--setting-sources", "project"] : ["--plugin-dir", join(dir, "plugin")]), "--allowedTools", tools] }));
  const out = execFileSync("unshare", ["-rn", "sh", "-c", `ip link set lo up && exec node --import tsx "${DRIVER}" "${config}"`], { cwd: PROJECT, encoding: "utf8", timeout: 120_000, maxBuffer: 64 * 1024 * 1024 });
  return { ...(JSON.parse(out) as Omit<EngineRun, "cwd">), cwd };
}

export async function hookwrightRun(pipeline: Pipeline): Promise<TraceEvent[]> {
  const scenario = pipeline.scenarios[0];
  if (!scenario) throw new Error("no scenario");
  const encoded: EncodedTraceEvent[] = [];
  await runScenario({ pipeline, scenario, createRunner: createSandboxRunner, emit: (e) => void encoded.push(e) });
  return resolveTrace(encoded);
}

/** Every string inside a value (the engine wraps hook texts in its own blocks and tags). */
export function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (typeof value === "object" && value !== null) return Object.values(value).flatMap(strings);
  return [];
}

/** Texts Hookwright's host model put into the conversation because of a hook (in the last model request). */
export function hookTexts(events: TraceEvent[]): string[] {
  const last = [...events].reverse().find((e) => e.type === "model.request");
  const messages: Message[] = last && last.type === "model.request" ? last.messages : [];
  return messages.flatMap((m) => m.content.flatMap((b) => (b.type === "text" && /^(Stop hook feedback:|Stop hook blocking error|PostToolUse:|PreToolUse:|SessionStart hook)/.test(b.text) ? [b.text] : [])));
}

/** The engine's tool_result blocks, in the order its model requests carried them. */
export function engineToolResults(real: EngineRun): Record<string, unknown>[] {
  const last = real.modelCalls.at(-1);
  return (last?.messages ?? []).flatMap((m) => ((m as { content?: unknown }).content instanceof Array ? (m as { content: Record<string, unknown>[] }).content : [])).filter((b) => b.type === "tool_result");
}

/**
 * The engine binary and a scratch folder for one test file: fetched and made in `beforeAll`
 * (only when `enabled`), the folder removed in `afterAll`. Read them inside tests.
 */
export function claudeEngineFixture(prefix: string, enabled: boolean): { engine: () => string; folder: () => string } {
  let engine = "";
  let folder = "";
  beforeAll(async () => {
    if (!enabled) return;
    engine = join(await ensureClaudePackage(CLAUDE_ENGINE), "claude");
    folder = await mkdtemp(join(tmpdir(), `hookwright-${prefix}-`));
  }, CLAUDE_ENGINE_TIMEOUT_MS);
  afterAll(() => (folder ? rm(folder, { recursive: true, force: true }) : undefined));
  return { engine: () => engine, folder: () => folder };
}
