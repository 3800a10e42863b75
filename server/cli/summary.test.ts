import { describe, expect, it } from "vitest";
import type { TraceEvent } from "../../core/trace/events";
import { createSummaryPrinter } from "./summary";

describe("the run summary", () => {
  it("names the process.env variables a hook and a tool handler read, never their values", () => {
    const lines: string[] = [];
    const print = createSummaryPrinter((line) => lines.push(line));
    const events: TraceEvent[] = [
      { seq: 1, type: "hook.start", hookId: "h1", point: "pre-tool-use", name: "gate" },
      {
        seq: 2,
        type: "hook.end",
        hookId: "h1",
        point: "pre-tool-use",
        patch: [],
        error: null,
        durationMs: 2,
        logs: [],
        status: "unchanged",
        env: [
          { name: "API_BASE", declared: true },
          { name: "DEBUG", declared: false },
          { name: "API_TOKEN", declared: true, secret: true },
          { name: "*", declared: true },
        ],
      },
      { seq: 3, type: "tool.result", toolUseId: "toolu_1", content: "ok", isError: false, env: [{ name: "REGION", declared: false }] },
    ];
    events.forEach(print);
    expect(lines).toEqual([
      "    - gate  unchanged  2 ms",
      "       read env API_BASE, DEBUG (not declared), API_TOKEN (secret), every name (listed)",
      '  <- tool result: "ok"',
      "       read env REGION (not declared)",
    ]);
  });

  it("shows a command hook's command, how it ended, its output and how its stdout was read", () => {
    const lines: string[] = [];
    const print = createSummaryPrinter((line) => lines.push(line));
    const base = { type: "hook.end" as const, point: "PreToolUse", patch: [], logs: [], durationMs: 12 };
    const process = { command: 'bash "$CLAUDE_PROJECT_DIR/.claude/hooks/red.sh"', language: "bash", stdin: "{}", stdout: "", stderr: "", exitCode: 0, signal: null, timedOut: false };
    const events: TraceEvent[] = [
      { seq: 1, type: "hook.start", hookId: "red", point: "PreToolUse", name: "red" },
      { ...base, seq: 2, hookId: "red", error: "BlockingError: tests are red\n", process: { ...process, stderr: "tests are red\n", exitCode: 2 } },
      { seq: 3, type: "hook.start", hookId: "ctx", point: "UserPromptSubmit", name: "ctx" },
      { ...base, seq: 4, hookId: "ctx", error: null, status: "unchanged", output: { hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: "Today is Friday." } }, process: { ...process, command: "date +%A", stdout: "Today is Friday.\n", note: "plain stdout on UserPromptSubmit is added as context for the model" } },
      { seq: 5, type: "hook.start", hookId: "slow", point: "PreToolUse", name: "slow" },
      { ...base, seq: 6, hookId: "slow", error: "timed out after 1000 ms: the host killed the command", process: { ...process, command: "sleep 30", exitCode: null, signal: "SIGKILL", timedOut: true } },
      { seq: 7, type: "hook.start", hookId: "none", point: "PreToolUse", name: "none" },
      { ...base, seq: 8, hookId: "none", error: "command not run: bwrap is not installed. apt-get install bubblewrap", process: { ...process, exitCode: null, refused: "command not run: bwrap is not installed. apt-get install bubblewrap" } },
    ];
    events.forEach(print);
    expect(lines).toEqual([
      "    x red  threw: BlockingError: tests are red  12 ms",
      '       $ bash "$CLAUDE_PROJECT_DIR/.claude/hooks/red.sh"  -> exit 2',
      '       stderr: "tests are red"',
      "    - ctx  unchanged  12 ms",
      "       $ date +%A  -> exit 0",
      '       stdout: "Today is Friday."',
      '       answer: {"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"Today is Friday."}}',
      "       note: plain stdout on UserPromptSubmit is added as context for the model",
      "    x slow  threw: timed out after 1000 ms: the host killed the command  12 ms",
      "       $ sleep 30  -> killed: timed out after 12 ms",
      "    x none  threw: command not run: bwrap is not installed. apt-get install bubblewrap  12 ms",
      "       $ bash \"$CLAUDE_PROJECT_DIR/.claude/hooks/red.sh\"  -> not run: command not run: bwrap is not installed. apt-get install bubblewrap",
    ]);
  });
});
