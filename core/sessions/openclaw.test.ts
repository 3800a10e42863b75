import { describe, expect, it } from "vitest";
import { fixture, importText } from "./testing";

const session = fixture("openclaw-compaction.jsonl");

describe("createOpenClawReader", () => {
  it("imports the pi v3 branch ending at the last entry: toolCall blocks, toolResult messages and the compaction", () => {
    const { scenario, summary } = importText(session, { fileName: "7c0e.jsonl", profile: "openclaw" });
    expect(scenario.prompt).toBe("Deploy the site.");
    expect(scenario.model.kind === "scripted" && scenario.model.responses).toEqual([
      { content: [{ type: "text", text: "Building first." }, { type: "tool_use", id: "call_build", name: "exec", input: { command: "npm run build" } }], stopReason: "tool_use" },
      { content: [{ type: "tool_use", id: "call_deploy", name: "exec", input: { command: "rsync -a dist/ prod:/srv/www" } }], stopReason: "tool_use" },
      { content: [{ type: "text", text: "Deployed." }], stopReason: "end_turn" },
    ]);
    expect(scenario.tools.map((t) => [t.name, t.results])).toEqual([["exec", ["built in 3s", "sent 12 files"]]]);
    expect(scenario.source?.compactions).toEqual([{ atResponse: 1, summary: "The user wants the site deployed; the build succeeded.", trigger: null, tokensBefore: 182000 }]);
    expect(scenario.source?.branch).toBe("e7");
    expect(summary.branches).toEqual([
      { leaf: "f2", records: 3, preview: "error: overloaded_error", title: null, timestamp: "2026-11-26T10:59:59.000Z", chosen: false },
      { leaf: "e7", records: 10, preview: "$ ls", title: null, timestamp: "2026-11-26T11:00:08.000Z", chosen: true },
    ]);
    expect(summary.notImported).toEqual({ model_change: 1, custom: 1 });
    expect(summary.unknownTypes).toEqual({});
    expect(summary.notes).toEqual([
      "1 thinking block not imported",
      '1 "bashExecution" message not imported (pi\'s own roles, no model turn)',
      "1 compaction recorded: the run keeps the whole history (its compaction is the scenario's own setting); the points and summaries are in the scenario's source",
    ]);
  });

  it("imports the abandoned branch as a provider error reply", () => {
    const { scenario } = importText(session, { branch: "f2" });
    expect(scenario.model.kind === "scripted" && scenario.model.responses).toEqual([{ error: "overloaded_error" }]);
    expect(scenario.tools).toEqual([]);
  });
});
