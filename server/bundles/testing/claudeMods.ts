import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { FakeAnthropicReply } from "~/server/providers/testing/fakeAnthropic";

/*
 * Claude Code mods run by the REAL engine (2.1.330, offline, inside `unshare -rn`), as
 * ../shared/reference/claude-code-mods.md runs them: each mod is a plugin folder
 * (`.claude-plugin/plugin.json`, `hooks/hooks.json` = {"modules":["./register.js"]},
 * `hooks/register.js`) passed with `--plugin-dir`, one flag per mod, in the order given (the order
 * the engine nests them in, first outermost). The model calls Bash with the scripted commands, one
 * per reply, then says "done". What ran is read back from a log the commands append to.
 */

const DRIVER = fileURLToPath(new URL("./claudeEngineDriver.ts", import.meta.url));
const PROJECT = fileURLToPath(new URL("../../../", import.meta.url));

/** One mod: its plugin name and its hooks module's source (`export const register = (on) => …`). */
export interface ModSource {
  name: string;
  source: string;
}

export interface ModsRunOptions {
  mods: ModSource[];
  /** The Bash commands the model calls, one per reply; default `echo ran-a >> ran.log; echo ran-a`. */
  commands?: string[];
  /** settings.json `hooks` (the project's .claude/settings.json), beside the mods. */
  settingsHooks?: Record<string, unknown>;
  /** The plugin folders to pass besides the mods' own (an exported plugin), in order, after them. */
  pluginDirs?: string[];
  prompt?: string;
  /** Run with `--debug` and return the engine's debug log (`~/.claude/debug/*.txt`) in {@link ModsRun.debugLog}. */
  debug?: boolean;
}

/** A tool_result block as the model read it. */
export interface ModelToolResult {
  tool_use_id: string;
  text: string;
  is_error: boolean;
}

export interface ModsRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** The request bodies the scripted model received (the engine's side calls left out). */
  requests: { messages: unknown[] }[];
  /** The tool_results the model read, in order. */
  toolResults: ModelToolResult[];
  /** Lines the commands appended to `ran.log`: what really ran. */
  ran: string[];
  /** `$.ui.log` texts, in order, as `<plugin>: <text>`. */
  uiLogs: string[];
  /** The stream's final `result` text (null when there was none). */
  result: string | null;
  /** The debug log's text when the run asked for it, else "". */
  debugLog: string;
}

/** The Bash command a default run has the model call. */
export const RAN_A = "echo ran-a >> ran.log; echo ran-a";

/** The plugin folder of one mod, as its files. */
export function modFiles(mod: ModSource): Record<string, string> {
  return {
    ".claude-plugin/plugin.json": `${JSON.stringify({ name: mod.name, version: "0.1.0", description: `${mod.name} (a Hookwright test mod)` }, null, 2)}\n`,
    "hooks/hooks.json": `${JSON.stringify({ modules: ["./register.js"] })}\n`,
    "hooks/register.js": mod.source,
  };
}

async function writeTree(root: string, files: Record<string, string>): Promise<void> {
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(root, path, ".."), { recursive: true });
    await writeFile(join(root, path), text);
  }
}

function blockText(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map((b) => (typeof b === "object" && b !== null && "text" in b ? String((b as { text: unknown }).text) : "")).join("");
  return "";
}

/** The tool_results of the last request (it carries the whole conversation). */
export function toolResultsOf(requests: { messages: unknown[] }[]): ModelToolResult[] {
  const messages = requests.at(-1)?.messages ?? [];
  return messages.flatMap((m) => {
    const content = (m as { content?: unknown }).content;
    return Array.isArray(content) ? (content as Record<string, unknown>[]).filter((b) => b.type === "tool_result") : [];
  }).map((b) => ({ tool_use_id: String(b.tool_use_id), text: blockText(b.content), is_error: b.is_error === true }));
}

/**
 * Runs one `claude -p` turn with the mods loaded, in `dir` (a fresh folder per run).
 * @throws when the engine's process cannot be started at all (not when it exits non-zero).
 */
export async function runMods(engine: string, dir: string, options: ModsRunOptions): Promise<ModsRun> {
  const home = join(dir, "home");
  const cwd = join(dir, "project");
  await mkdir(home, { recursive: true });
  await mkdir(cwd, { recursive: true });
  const pluginDirs: string[] = [];
  for (const mod of options.mods) {
    const root = join(dir, "mods", mod.name);
    await writeTree(root, modFiles(mod));
    pluginDirs.push(root);
  }
  pluginDirs.push(...(options.pluginDirs ?? []));
  if (options.settingsHooks) await writeTree(cwd, { ".claude/settings.json": JSON.stringify({ hooks: options.settingsHooks }, null, 2) });
  const commands = options.commands ?? [RAN_A];
  const replies: FakeAnthropicReply[] = [
    ...commands.map((command, i) => ({ content: [{ type: "tool_use" as const, id: `toolu_hw${String(i).padStart(4, "0")}`, name: "Bash", input: { command, description: "d" } }] })),
    { content: [{ type: "text", text: "done" }] },
  ];
  const args = ["-p", options.prompt ?? "Do the thing.", "--output-format", "stream-json", "--verbose", "--allowedTools", "Bash", ...pluginDirs.flatMap((p) => ["--plugin-dir", p]), ...(options.debug ? ["--debug"] : [])];
  const config = join(dir, "engine.json");
  await writeFile(config, JSON.stringify({ engine, cwd, home, replies, args }));
  const out = execFileSync("unshare", ["-rn", "sh", "-c", `ip link set lo up && exec node --import tsx "${DRIVER}" "${config}"`], { cwd: PROJECT, encoding: "utf8", timeout: 120_000, maxBuffer: 64 * 1024 * 1024 });
  const raw = JSON.parse(out) as { code: number | null; stdout: string; stderr: string; modelCalls: { messages: unknown[] }[] };
  const lines = raw.stdout.split("\n").flatMap((l) => {
    try {
      return [JSON.parse(l) as Record<string, unknown>];
    } catch {
      return [];
    }
  });
  const uiLogs = lines.filter((l) => l.type === "system" && l.subtype === "ui_log").map((l) => `${String(l.plugin)}: ${String(l.text)}`);
  const final = lines.find((l) => l.type === "result");
  const ranLog = join(cwd, "ran.log");
  const ran = existsSync(ranLog) ? (await readFile(ranLog, "utf8")).split("\n").filter(Boolean) : [];
  const debugDir = join(home, ".claude", "debug");
  const debugLog = options.debug && existsSync(debugDir) ? (await Promise.all((await readdir(debugDir)).filter((f) => f.endsWith(".txt")).map((f) => readFile(join(debugDir, f), "utf8")))).join("\n") : "";
  return { debugLog, code: raw.code, stdout: raw.stdout, stderr: raw.stderr, requests: raw.modelCalls, toolResults: toolResultsOf(raw.modelCalls), ran, uiLogs, result: typeof final?.result === "string" ? final.result : null };
}

export interface ValidateRun {
  code: number | null;
  /** The human-readable report. */
  text: string;
  /** `--json`'s report. */
  json: unknown;
}

/** `claude plugin validate <dir>` (and again with `--json`), offline, with a fresh HOME under `scratch`. */
export async function validatePlugin(engine: string, scratch: string, pluginDir: string): Promise<ValidateRun> {
  const home = join(scratch, "validate-home");
  await mkdir(home, { recursive: true });
  const run = (json: boolean) => {
    try {
      return { code: 0, out: execFileSync("unshare", ["-rn", "env", "-i", "PATH=/usr/bin:/bin", `HOME=${home}`, engine, "plugin", "validate", ...(json ? ["--json"] : []), pluginDir], { encoding: "utf8", timeout: 60_000, maxBuffer: 16 * 1024 * 1024 }) };
    } catch (error) {
      const e = error as { status?: number | null; stdout?: string };
      return { code: e.status ?? null, out: e.stdout ?? "" };
    }
  };
  const text = run(false);
  const json = run(true);
  return { code: text.code, text: text.out, json: JSON.parse(json.out) as unknown };
}
