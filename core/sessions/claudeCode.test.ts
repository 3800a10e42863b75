import { describe, expect, it } from "vitest";
import { SessionImportError } from "./errors";
import { fixture, importText, jsonl } from "./testing";

const transcript = fixture("claude-code-branches.jsonl");

describe("createClaudeCodeReader", () => {
  it("imports the branch that ends at the last record, joining its two prompts, and lists the other leaf", () => {
    const { scenario, summary } = importText(transcript, { fileName: "3f1c.jsonl", profile: "claude-code" });
    expect(scenario.prompt).toBe("Clean up the build folder. (My token is [REDACTED:github-token], don't print it.)");
    expect(scenario.system).toBeNull();
    expect(scenario.model).toEqual({
      kind: "scripted",
      maxInputTokens: 200_000,
      responses: [
        { content: [{ type: "text", text: "I'll look at it first." }, { type: "tool_use", id: "toolu_ls", name: "Bash", input: { command: "ls build", description: "List build" } }], stopReason: "tool_use" },
        { content: [{ type: "tool_use", id: "toolu_cat", name: "Bash", input: { command: "cat build/.env" } }], stopReason: "tool_use" },
        { content: [{ type: "tool_use", id: "toolu_rm2", name: "Bash", input: { command: "sudo rm -rf build" } }], stopReason: "tool_use" },
        { content: [{ type: "text", text: "It failed; run it yourself." }, { type: "tool_use", id: "toolu_gs", name: "Bash", input: { command: "git status" } }], stopReason: "tool_use" },
        { content: [{ type: "text", text: "Clean tree." }], stopReason: "end_turn" },
      ],
    });
    expect(scenario.tools.map((t) => [t.name, t.results])).toEqual([
      [
        "Bash",
        [
          "app.js\napp.js.map\n.env",
          "OPENAI_API_KEY=[REDACTED:openai-key]\nPORT=3000\nDB_PASSWORD='[REDACTED:env-secret]'",
          { content: "Error: Output too large. <persisted-output>Output saved to: /home/ada/.claude/projects/-home-ada-shop/3f1c/tool-results/toolu_rm2.txt</persisted-output>", isError: true },
          "On branch main\nnothing to commit",
        ],
      ],
    ]);
    expect(scenario.source).toEqual({
      kind: "session",
      host: "claude-code",
      fileName: "3f1c.jsonl",
      importedAt: "2026-11-27T08:00:00.000Z",
      sessionId: "3f1c9a52-7d1e-4b8a-9a51-0c2f6e1d7b44",
      branch: "b-11",
      turns: [{ atResponse: 4, prompt: "Thanks. Now show git status." }],
      secretsStripped: 3,
    });
    expect(scenario.clockStart).toBe(Date.parse("2026-11-26T09:00:00.000Z"));
    expect(summary.branches).toEqual([
      { leaf: "a-4", records: 9, preview: "Done: build/ is gone.", title: "Clean the build folder", timestamp: "2026-11-26T09:00:06.000Z", chosen: false },
      { leaf: "b-11", records: 15, preview: "Clean tree.", title: null, timestamp: "2026-11-26T09:02:03.000Z", chosen: true },
    ]);
    expect(summary).toMatchObject({ lines: 24, records: 24, badLines: [], unknownTypes: { "some-future-record": 1 }, notImported: { "file-history-snapshot": 1, "system.turn_duration": 1 }, modelCalls: 5, toolCalls: 4, turns: 2 });
    expect(summary.notes).toEqual([
      "2 sidechain records (a subagent's own conversation) not imported: the Task/Agent call's recorded result stands for them",
      "1 thinking block not imported (scenarios have no thinking blocks)",
      "1 meta user record (the host's own notes, not typed by a person) not imported",
      "2 prompts: Hookwright runs one turn, so the turns are joined (the later prompts are not sent to the model; they are listed where they came)",
      "1 tool result was saved by the host to a side file: the preview the transcript records is imported, not the file",
    ]);
  });

  it("imports another leaf on request, with the host's hook record for its call", () => {
    const { scenario, summary } = importText(transcript, { branch: "a-4", keepSecrets: true });
    expect(scenario.prompt).toBe("Clean up the build folder. (My token is ghp_0123456789abcdefghijklmnopqrstuvwxyzAB, don't print it.)");
    expect(scenario.model.kind === "scripted" && scenario.model.responses).toEqual([
      { content: [{ type: "text", text: "I'll look at it first." }, { type: "tool_use", id: "toolu_ls", name: "Bash", input: { command: "ls build", description: "List build" } }], stopReason: "tool_use" },
      { content: [{ type: "tool_use", id: "toolu_rm", name: "Bash", input: { command: "rm -rf build" } }], stopReason: "tool_use" },
      { content: [{ type: "text", text: "Done: build/ is gone." }], stopReason: "end_turn" },
    ]);
    expect(scenario.tools[0]?.results).toEqual(["app.js\napp.js.map\n.env", ""]);
    expect(scenario.source?.hooks).toEqual([{ toolUseId: "toolu_rm", event: "PreToolUse:Bash", text: "hook_success: allowed by audit-log" }]);
    expect(scenario.source?.secretsStripped).toBeUndefined();
    expect(summary.branches.map((b) => [b.leaf, b.chosen])).toEqual([
      ["a-4", true],
      ["b-11", false],
    ]);
    expect(summary.secretsKept).toBe(true);
  });

  it("refuses a leaf the transcript does not have, naming it", () => {
    expect(() => importText(transcript, { branch: "nope" })).toThrow(new SessionImportError("NO_SUCH_BRANCH", 'no record with uuid "nope" in this transcript (the leaves are listed in the import summary)'));
  });

  it("follows a compact boundary to the conversation before it and records the compaction", () => {
    const rec = (uuid: string, parentUuid: string | null, type: string, extra: object) => ({ uuid, parentUuid, type, sessionId: "s", timestamp: "2026-11-26T09:00:00.000Z", isSidechain: false, ...extra });
    const text = jsonl([
      rec("u1", null, "user", { message: { role: "user", content: "Refactor the parser." } }),
      rec("a1", "u1", "assistant", { message: { id: "m1", role: "assistant", content: [{ type: "tool_use", id: "t1", name: "Read", input: { file_path: "p.ts" } }], stop_reason: "tool_use" } }),
      rec("r1", "a1", "user", { message: { role: "user", content: [{ type: "tool_result", tool_use_id: "t1", content: [{ type: "text", text: "export {}" }] }] } }),
      rec("c1", null, "system", { subtype: "compact_boundary", content: "Conversation compacted", logicalParentUuid: "r1", compactMetadata: { trigger: "auto", preTokens: 155000 } }),
      rec("s1", "c1", "user", { isCompactSummary: true, message: { role: "user", content: "This session is being continued: the parser is being refactored." } }),
      rec("a2", "s1", "assistant", { message: { id: "m2", role: "assistant", content: [{ type: "text", text: "Continuing." }], stop_reason: "end_turn" } }),
    ]);
    const { scenario, summary } = importText(text);
    expect(scenario.model.kind === "scripted" && scenario.model.responses.length).toBe(2);
    expect(scenario.source?.compactions).toEqual([{ atResponse: 1, summary: "This session is being continued: the parser is being refactored.", trigger: "auto", tokensBefore: 155000 }]);
    expect(summary.branches.map((b) => b.leaf)).toEqual(["a2"]);
    expect(summary.compactions).toBe(1);
  });

  it("imports a subagent's own transcript (sidechain records only) as its conversation", () => {
    const { scenario, summary } = importText(fixture("claude-code-subagent.jsonl"), { fileName: "agent-a7f3c21.jsonl", profile: "claude-code" });
    expect(scenario.prompt).toBe("Find the build scripts and delete the stale ones");
    expect(scenario.model.kind === "scripted" && scenario.model.responses).toEqual([
      { content: [{ type: "tool_use", id: "toolu_sa_grep", name: "Grep", input: { pattern: "build", path: "scripts" } }], stopReason: "tool_use" },
      { content: [{ type: "tool_use", id: "toolu_sa_rm", name: "Bash", input: { command: "rm -rf scripts/build-old.sh" } }], stopReason: "tool_use" },
      { content: [{ type: "text", text: "Deleted scripts/build-old.sh; scripts/build.sh is the live one." }], stopReason: "end_turn" },
    ]);
    expect(scenario.tools.map((t) => [t.name, t.results])).toEqual([
      ["Grep", ["scripts/build.sh\nscripts/build-old.sh"]],
      ["Bash", [""]],
    ]);
    expect(summary.branches.map((b) => [b.leaf, b.records, b.chosen])).toEqual([["sa-6", 6, true]]);
    expect(summary.notes).toEqual([
      "a subagent's own transcript (agent a7f3c21): its conversation is imported, its first prompt being the task the parent session gave it; the parent session's transcript holds the call that started it",
    ]);
  });

  it("leaves a session's sidechains out even when one comes before its first main-chain message", () => {
    const sub = fixture("claude-code-subagent.jsonl").trim().split("\n");
    const main = jsonl([
      { uuid: "m1", parentUuid: null, type: "user", sessionId: "s", isSidechain: false, message: { role: "user", content: "Tidy up." } },
      { uuid: "m2", parentUuid: "m1", type: "assistant", sessionId: "s", isSidechain: false, message: { id: "x", role: "assistant", content: [{ type: "text", text: "Done." }], stop_reason: "end_turn" } },
    ]);
    const { scenario, summary } = importText(`${sub.join("\n")}\n${main}`);
    expect(scenario.prompt).toBe("Tidy up.");
    expect(scenario.model.kind === "scripted" && scenario.model.responses.length).toBe(1);
    expect(summary.branches.map((b) => b.leaf)).toEqual(["m2"]);
    expect(summary.notes).toEqual(["6 sidechain records (a subagent's own conversation) not imported: the Task/Agent call's recorded result stands for them"]);
  });

  it("refuses a parentUuid cycle: the conversation cannot be rebuilt", () => {
    const text = jsonl([
      { uuid: "x", parentUuid: "y", type: "user", sessionId: "s", message: { role: "user", content: "a" } },
      { uuid: "y", parentUuid: "x", type: "assistant", sessionId: "s", message: { role: "assistant", content: [{ type: "text", text: "b" }] } },
    ]);
    expect(() => importText(text)).toThrow("line 2: record y is its own ancestor (a parentUuid cycle): the conversation cannot be rebuilt");
  });
});
