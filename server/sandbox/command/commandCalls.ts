import type { ChainRequest } from "../../../core/engine/ports";
import type { FileChange } from "../../../core/files/fileChange";
import type { CommandProtocol } from "../../../core/profiles/types";
import type { ExternalCalls, ExternalOutcome } from "../chainSession";
import { stdinOf, type CommandCaller } from "./commandCaller";
import type { WorkspaceFile } from "./workspaceFiles";

/**
 * Command hooks as a chain calls them: each call gets the chain's input on stdin and the run's
 * files as its project folder, and the files it changed are made in the run's files afterwards,
 * so later hooks and tools see them. Identical commands on one event run once, as Claude Code
 * runs them (the later hooks answer nothing and say which one ran).
 */
export function commandCalls(caller: CommandCaller, protocol: CommandProtocol, run: { workspace: () => WorkspaceFile[]; apply: (changes: readonly FileChange[]) => void }): ExternalCalls {
  /** The first hook of the current chain to run each command line (dedupe is per event firing). */
  let firstOf = new Map<string, string>();
  let chainOf: ChainRequest | null = null;

  return {
    runs: (hookId) => caller.runs(hookId),
    async call(request, index): Promise<ExternalOutcome> {
      if (chainOf !== request) {
        chainOf = request;
        firstOf = new Map();
      }
      const hookId = request.hookIds[index] ?? "";
      const command = caller.commandOf(hookId);
      const first = protocol.dedupeIdenticalCommands ? firstOf.get(command) : undefined;
      if (first !== undefined) {
        return { answer: { output: undefined }, durationMs: 0, process: { command, language: caller.languageOf(hookId), stdin: "", stdout: "", stderr: "", exitCode: null, signal: null, timedOut: false, dedupedWith: first } };
      }
      firstOf.set(command, hookId);
      const out = await caller.call({ hookId, event: request.point, stdin: stdinOf(request.context, protocol), timeoutMs: request.timeouts?.[index] ?? null, workspace: run.workspace() });
      let process = out.process;
      try {
        run.apply(out.apply);
      } catch (error) {
        // The run's files refuse some paths (the plugin's own folder): the change stays on the record only.
        process = { ...process, note: `${process.note ? `${process.note}; ` : ""}some file changes were not kept in the run's files: ${error instanceof Error ? error.message : String(error)}` };
      }
      const answer = "failure" in out.answer ? { failure: { kind: out.answer.kind, message: out.answer.failure, location: null } } : { output: out.answer.output };
      return { answer, durationMs: out.durationMs, process, ...(out.files.length ? { files: out.files } : {}) };
    },
  };
}
