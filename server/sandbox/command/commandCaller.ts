import type { Json } from "../../../core/json";
import type { Hook } from "../../../core/pipeline/schema";
import type { CommandRuntime } from "../../../core/pipeline/runtimeSchema";
import type { CommandProtocol } from "../../../core/profiles/types";
import type { FileChange } from "../../../core/files/fileChange";
import { readCommandAnswer, type CommandAnswer } from "../../../core/runtimes/commandAnswer";
import type { ProcessRecord } from "../../../core/trace/events";
import { ProcessSandboxError, runSandboxedProcess, type SandboxedProcessResult, type SandboxFile } from "../process";
import { fileChangesOf, type WorkspaceFile } from "./workspaceFiles";

/**
 * Runs command hooks as the host runs them (docs/command-hooks.md): the event's JSON on stdin,
 * the host's variables, the project folder as cwd, the host's timeout, in the process sandbox.
 * Never runs anything outside it: without a sandbox the call fails with the reason and the fix.
 */

/** One command hook call. */
export interface CommandCall {
  hookId: string;
  /** The event the hook runs on (how the host reads plain stdout depends on it). */
  event: string;
  /** The JSON the process reads on stdin. */
  stdin: string;
  /** The hook's own timeout in ms, else the host's default. */
  timeoutMs: number | null;
  /** The project folder's files as the run has them now. */
  workspace: readonly WorkspaceFile[];
}

/** What one call did: the answer the fold reads, the process record, and the file changes to make in the run. */
export interface CommandCallOutcome {
  answer: CommandAnswer;
  process: ProcessRecord;
  /** The changes as the trace records them (each side cut). */
  files: FileChange[];
  /** The same changes whole, to make in the run's files so later hooks and tools see them. */
  apply: FileChange[];
  durationMs: number;
}

export interface CommandCaller {
  /** Whether `hookId` is a command hook this caller runs. */
  runs(hookId: string): boolean;
  commandOf(hookId: string): string;
  languageOf(hookId: string): string;
  call(request: CommandCall): Promise<CommandCallOutcome>;
}

/** The scripts of every command hook, where the host finds them: the project folder's and the plugin root's. */
function scriptsOf(hooks: readonly { hook: Hook; runtime: CommandRuntime }[]): { project: SandboxFile[]; plugin: SandboxFile[] } {
  const project: SandboxFile[] = [];
  const plugin: SandboxFile[] = [];
  for (const { hook, runtime } of hooks) {
    if (!runtime.script) continue;
    // Scripts run by path need the executable bit, as a checked-out hook script has.
    (runtime.script.root === "project" ? project : plugin).push({ path: runtime.script.path, content: hook.code, mode: 0o755 });
  }
  return { project, plugin };
}

export function createCommandCaller(options: { hooks: readonly Hook[]; protocol: CommandProtocol }): CommandCaller | null {
  const { protocol } = options;
  const commands = options.hooks.flatMap((hook) => (hook.runtime?.kind === "command" ? [{ hook, runtime: hook.runtime }] : []));
  if (commands.length === 0) return null;
  const byId = new Map(commands.map((c) => [c.hook.id, c]));
  const scripts = scriptsOf(commands);

  return {
    runs: (hookId) => byId.has(hookId),
    commandOf: (hookId) => byId.get(hookId)?.runtime.command ?? "",
    languageOf: (hookId) => byId.get(hookId)?.runtime.language ?? "other",
    async call(request) {
      const entry = byId.get(request.hookId);
      if (!entry) throw new Error(`internal: ${request.hookId} is not a command hook`);
      const { runtime } = entry;
      const timeoutMs = request.timeoutMs ?? protocol.defaultTimeoutMs;
      const record: ProcessRecord = { command: runtime.command, language: runtime.language, stdin: request.stdin, stdout: "", stderr: "", exitCode: null, signal: null, timedOut: false };
      const scriptPaths = new Set(scripts.project.map((f) => f.path));
      // The run's files, then the hooks' scripts over them (a scenario file cannot replace a hook's script).
      const files: SandboxFile[] = [...request.workspace.filter((f) => !scriptPaths.has(f.path)).map((f) => ({ path: f.path, content: f.bytes })), ...scripts.project];
      let result: SandboxedProcessResult;
      try {
        result = await runSandboxedProcess({
          command: { shell: runtime.command },
          files,
          readOnlyFolders: scripts.plugin.length ? [{ at: protocol.pluginRoot, files: scripts.plugin }] : [],
          env: protocol.env,
          stdin: request.stdin,
          limits: { timeoutMs },
        });
      } catch (error) {
        if (!(error instanceof ProcessSandboxError)) throw error;
        const refused = error.code === "UNAVAILABLE" ? `${error.message}. ${error.fix ?? ""}`.trim() : `the command could not be started: ${error.message}`;
        return { answer: { failure: refused, kind: "threw" }, process: { ...record, refused }, files: [], apply: [], durationMs: 0 };
      }
      const answer = readCommandAnswer({ exitCode: result.exitCode, signal: result.signal, stdout: result.stdout, stderr: result.stderr, timedOut: result.timedOut, killedFor: result.outputLimitHit ? "output" : result.diskLimitHit ? "disk" : null }, protocol, request.event, timeoutMs);
      const process: ProcessRecord = {
        ...record,
        stdout: result.stdout,
        stderr: result.stderr,
        exitCode: result.exitCode,
        signal: result.signal,
        timedOut: result.timedOut,
        ...(result.stdoutTruncated ? { stdoutTruncated: true } : {}),
        ...(result.stderrTruncated ? { stderrTruncated: true } : {}),
        ...(result.outputLimitHit ? { outputLimitHit: true } : {}),
        ...(result.diskLimitHit ? { diskLimitHit: true } : {}),
        ...("note" in answer && answer.note ? { note: answer.note } : {}),
      };
      const changed = result.fileChanges.filter((c) => !scriptPaths.has(c.path));
      const { recorded, applied } = fileChangesOf(changed, request.workspace);
      return { answer, process, files: recorded, apply: applied, durationMs: Math.round(result.durationMs) };
    },
  };
}

/** The stdin JSON of a call: the context field the protocol names, as the host serialises it. */
export function stdinOf(context: Readonly<Record<string, Json>>, protocol: CommandProtocol): string {
  return JSON.stringify(context[protocol.stdinField] ?? null);
}
