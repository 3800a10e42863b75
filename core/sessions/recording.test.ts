import { describe, expect, it } from "vitest";
import { SessionImportError } from "./errors";
import { importText, jsonl } from "./testing";

const line = (point: string, input: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ hookwright_recording: 1, host: "claude-code", point, at: "2026-11-27T10:00:00.000Z", session: "s", input: { session_id: "s", hook_event_name: point, ...input }, ...extra });

describe("createRecordingReader", () => {
  it("pairs tool calls with results by tool name when the host gives no call id, and joins parallel calls in one reply", () => {
    const { scenario, summary } = importText(
      jsonl([
        line("UserPromptSubmit", { prompt: "Look around" }),
        line("PreToolUse", { tool_name: "Glob", tool_input: { pattern: "*.ts" } }),
        line("PreToolUse", { tool_name: "Read", tool_input: { file_path: "a.ts" } }),
        line("PostToolUse", { tool_name: "Read", tool_response: "export {}" }),
        line("PostToolUseFailure", { tool_name: "Glob", error: "no match" }),
        line("Stop", { last_assistant_message: "Nothing to do." }),
      ]),
      { profile: "claude-code" },
    );
    expect(scenario.model.kind === "scripted" && scenario.model.responses).toEqual([
      {
        content: [
          { type: "tool_use", id: "recorded-call-1", name: "Glob", input: { pattern: "*.ts" } },
          { type: "tool_use", id: "recorded-call-2", name: "Read", input: { file_path: "a.ts" } },
        ],
        stopReason: "tool_use",
      },
      { content: [{ type: "text", text: "Nothing to do." }], stopReason: "end_turn" },
    ]);
    expect(scenario.tools.map((t) => [t.name, t.results])).toEqual([
      ["Glob", [{ content: "no match", isError: true }]],
      ["Read", ["export {}"]],
    ]);
    expect(summary.notes).toEqual(['6 recorded events on 5 points: 6 become "Run this point" contexts']);
  });

  it("answers a call the recording has no result for (a hook blocked it) before the model's next words", () => {
    const { scenario } = importText(
      jsonl([
        line("UserPromptSubmit", { prompt: "Clean up" }),
        line("PreToolUse", { tool_name: "Bash", tool_input: { command: "rm -rf build" }, tool_use_id: "t1" }),
        line("Stop", { last_assistant_message: "I could not remove it." }),
      ]),
      { profile: "claude-code" },
    );
    expect(scenario.model.kind === "scripted" && scenario.model.responses).toEqual([
      { content: [{ type: "tool_use", id: "t1", name: "Bash", input: { command: "rm -rf build" } }], stopReason: "tool_use" },
      { content: [{ type: "text", text: "I could not remove it." }], stopReason: "end_turn" },
    ]);
    expect(scenario.tools.map((t) => [t.name, t.results])).toEqual([["Bash", [{ content: "No result was recorded for this call: the host fired no post-tool point for it (a hook may have blocked it).", isError: true }]]]);
  });

  it("says what it could not keep: a host it cannot map, lines over the line cap, the size cap, oversized contexts", () => {
    const { scenario, summary } = importText(
      jsonl([
        { hookwright_recording: 1, host: "someday-host", point: "tick", at: null, session: "s", input: { n: 1 } },
        { hookwright_recording: 1, host: "someday-host", point: "tick", at: null, session: "s", input: { blob: "y".repeat(70_000), more: Array.from({ length: 20 }, () => "z".repeat(8000)) } },
        { hookwright_recording: 1, host: "someday-host", point: "tick", at: null, session: "s", input: null, inputBytes: 2_000_000 },
        { hookwright_recording: 1, host: "someday-host", at: null, session: "s", capped: true, capBytes: 20_971_520 },
      ]),
    );
    expect(summary.notes).toEqual([
      '2 recorded events on 1 point: 1 becomes "Run this point" contexts',
      'recorded from the host "someday-host", whose events Hookwright cannot turn into a conversation: only the "Run this point" contexts are imported',
      "1 recorded input is too large to keep as a context, even with long strings cut",
      "1 event was over the recorder's line cap: the recording has only its size",
      "the recording reached its size cap: the recorder wrote nothing after that",
    ]);
    expect(scenario.source?.pointFixtures).toEqual([{ point: "tick", label: "tick", at: null, context: { n: 1 } }]);
  });

  it("cuts long strings in a context and refuses a session the file does not hold", () => {
    const text = jsonl([line("UserPromptSubmit", { prompt: "p".repeat(9000) })]);
    const context = importText(text).scenario.source?.pointFixtures?.[0]?.context;
    expect(context?.["prompt"]).toBe(`${"p".repeat(8000)}… [cut: 1000 more characters]`);
    expect(() => importText(text, { branch: "other" })).toThrow(new SessionImportError("NO_SUCH_BRANCH", 'no session "other" in this recording (its sessions are listed in the import summary)'));
  });
});
