import { describe, expect, it } from "vitest";
import { fixture, importText, jsonl } from "./testing";

describe("createCodexReader", () => {
  it("joins function calls and the apply_patch custom tool call with their outputs by call id", () => {
    const { scenario, summary } = importText(fixture("codex-apply-patch.jsonl"), { fileName: "rollout-2026-11-26.jsonl", profile: "claude-code" });
    expect(scenario.prompt).toBe("Read the port from the environment in src/app.ts, then run the tests.");
    expect(scenario.system).toBe("You are Codex, a coding agent.\n\n<permissions instructions>Sandbox: workspace-write.</permissions instructions>\n\n<environment_context>\n  <cwd>/home/ada/shop</cwd>\n</environment_context>");
    expect(scenario.model.kind === "scripted" && scenario.model.responses).toEqual([
      { content: [{ type: "tool_use", id: "call_cat", name: "shell", input: { command: ["bash", "-lc", "cat src/app.ts"], workdir: "/home/ada/shop" } }], stopReason: "tool_use" },
      {
        content: [
          { type: "text", text: "I'll patch it." },
          { type: "tool_use", id: "call_patch", name: "apply_patch", input: { input: "*** Begin Patch\n*** Update File: src/app.ts\n@@\n-const port = 3000;\n+const port = Number(process.env.PORT ?? 3000);\n*** End Patch\n" } },
        ],
        stopReason: "tool_use",
      },
      { content: [{ type: "tool_use", id: "call_test", name: "shell", input: { command: ["bash", "-lc", "npm test"] } }], stopReason: "tool_use" },
      { content: [{ type: "text", text: "Patched; one test fails." }], stopReason: "end_turn" },
    ]);
    expect(scenario.tools.map((t) => [t.name, t.results])).toEqual([
      ["shell", ["const port = 3000;\n", { content: "1 failing", isError: true }]],
      ["apply_patch", ["Success. Updated the following files:\nM src/app.ts\n"]],
    ]);
    expect(scenario.source?.compactions).toEqual([{ atResponse: 3, summary: "The user asked to read the port from the environment; src/app.ts was patched; tests fail (1).", trigger: null, tokensBefore: null }]);
    expect(summary.unknownTypes).toEqual({ "response_item.future_item": 1 });
    expect(summary.notImported).toEqual({ "event_msg.user_message": 1, "event_msg.token_count": 1, "response_item.ghost_snapshot": 1, "event_msg.agent_message": 1 });
    expect(summary.branches).toEqual([{ leaf: "main", records: 12, preview: "Patched; one test fails.", title: null, timestamp: null, chosen: true }]);
    expect(summary.notes).toEqual([
      "1 reasoning item not imported (scenarios have no reasoning blocks)",
      "1 message Codex wrote itself (environment context, AGENTS.md) imported into the system prompt, not as prompts",
      "a Codex session in a claude-code pipeline: the prompt, the replies and the tool calls are imported with the tool names Codex used (shell, apply_patch); hooks matching this host's tool names may not see them",
      "1 compaction recorded: the run keeps the whole history (its compaction is the scenario's own setting); the points and summaries are in the scenario's source",
    ]);
  });

  it("reads the older unwrapped rollout form and keeps unparseable arguments as text", () => {
    const { scenario, summary } = importText(
      jsonl([
        { id: "old", timestamp: "2025-05-01T00:00:00Z", instructions: null },
        { record_type: "state" },
        { type: "message", role: "user", content: [{ type: "input_text", text: "hi" }] },
        { type: "function_call", name: "shell", arguments: "{not json", call_id: "c1" },
        { type: "function_call_output", call_id: "c1", output: { content: "denied by sandbox", success: false } },
      ]),
      { host: "codex" },
    );
    expect(scenario.model.kind === "scripted" && scenario.model.responses).toEqual([{ content: [{ type: "tool_use", id: "c1", name: "shell", input: { arguments: "{not json" } }], stopReason: "tool_use" }]);
    expect(scenario.tools[0]?.results).toEqual([{ content: "denied by sandbox", isError: true }]);
    expect(summary.unknownTypes).toEqual({ "(no type)": 1, "record_type.state": 1 });
  });
});
