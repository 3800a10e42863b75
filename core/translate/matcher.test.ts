import { describe, expect, it } from "vitest";
import { claudeCodeToCodex, codexToClaudeCode } from "./claudeCodeCodex";
import { translateMatcher } from "./matcher";

const toCodex = (m: string | null) => translateMatcher(m, claudeCodeToCodex, { from: "claude-code", to: "codex" });
const toClaude = (m: string | null) => translateMatcher(m, codexToClaudeCode, { from: "codex", to: "claude-code" });

describe("translateMatcher", () => {
  it("keeps what both read alike: none, *, an exact Bash, a regex", () => {
    expect(toCodex(null)).toEqual({ matcher: null, never: false, notes: [] });
    expect(toCodex("*")).toEqual({ matcher: "*", never: false, notes: [] });
    expect(toCodex("Bash")).toEqual({ matcher: "Bash", never: false, notes: [] });
    expect(toCodex("^Ba.*")).toEqual({ matcher: "^Ba.*", never: false, notes: [] });
  });

  it("renames tools the target calls otherwise and leaves out those it lacks", () => {
    expect(toCodex("Bash|Edit|Write|Read")).toEqual({
      matcher: "Bash|apply_patch",
      never: false,
      notes: ["its matcher's Edit and Write are apply_patch in Codex: the hook sees that tool's input, shaped as Codex shapes it", "Codex has no Read tool: left out of the matcher"],
    });
    expect(toCodex("Read|Grep")).toEqual({ matcher: null, never: true, notes: ["Codex has no Read, Grep tool: the hook would never run there"] });
    expect(toClaude("apply_patch")).toEqual({ matcher: "Edit|Write|MultiEdit", never: false, notes: ["its matcher's apply_patch is Edit or Write or MultiEdit in Claude Code: the hook sees that tool's input, shaped as Claude Code shapes it"] });
  });

  it("anchors a name list Codex would read as a regex, and groups a regex Claude Code would read as names", () => {
    expect(toCodex("mcp__my-server__query|Bash")).toEqual({
      matcher: "^(?:mcp__my-server__query|Bash)$",
      never: false,
      notes: [
        "its matcher's mcp__my-server__query: an MCP tool; Codex 0.169.0 was not observed running hooks for MCP tools (codex.md verifies its shell only): check the name Codex reports before relying on it",
        'Codex would read "mcp__my-server__query|Bash" as a regex, so it is written as ^(?:mcp__my-server__query|Bash)$ to keep matching exactly these names',
      ],
    });
    expect(toClaude("my-tool")).toEqual({ matcher: "(?:my-tool)", never: false, notes: ['Claude Code would read "my-tool" as exact names, so it is written as (?:my-tool) to stay a regex'] });
  });

  it("warns when a regex matches a tool the target names otherwise", () => {
    expect(toCodex("Edit|Wr.*")).toEqual({
      matcher: "Edit|Wr.*",
      never: false,
      notes: ["its matcher /Edit|Wr.*/ matches Edit, Write, MultiEdit (apply_patch in Codex) and NotebookEdit, TodoWrite (no tool in Codex): check that it matches what you mean there"],
    });
  });
});
