import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { claudeBashGate } from "~/core/examples/claudeBashGate";
import { PIPELINE_FORMAT } from "~/core/pipeline/schema";
import type { CliIO } from "./command";
import { exportCommand } from "./export";

/* `hookwright export --target` of another host: the hooks moved, what does not carry over, and the scenarios run on both hosts. */

let dir = "";
let out: string[];
let io: CliIO;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "hookwright-cli-crosshost-"));
  out = [];
  io = { stdout: (t) => out.push(t), stderr: (t) => out.push(t), cwd: dir };
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe("hookwright export to another host", () => {
  it("writes a Claude Code pipeline as Codex hooks, says what does not carry over, and checks its scenario on both hosts", async () => {
    await writeFile(join(dir, "gate.json"), JSON.stringify(claudeBashGate));
    expect(await exportCommand(["gate.json", "--target", "codex", "-o", "project"], io)).toBe(0);
    expect(out.join("").split("\n").slice(1)).toEqual([
      "Moved from Claude Code to Codex; what does not carry over as it was (also in the README):",
      '  - dangerous-command-gate (behaves differently): a deny reaches the model as "Command blocked by PreToolUse hook: <reason>. Command: <command>" (Claude Code: "PreToolUse:Bash hook error: <reason>")',
      "Checked by behaviour (each scenario run on Claude Code and on Codex):",
      "  ✓ model tries rm -rf: same outcomes on both hosts (1 allowed, 1 blocked)",
      "",
    ]);
    const hooks = JSON.parse(await readFile(join(dir, "project/.codex/hooks.json"), "utf8")) as unknown;
    expect(hooks).toEqual({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: 'node "$(git rev-parse --show-toplevel 2>/dev/null || pwd)/.codex/hooks/dangerous-command-gate.mjs"' }] }] } });
    const readme = await readFile(join(dir, "project/README.md"), "utf8");
    expect(readme).toContain("## Moved from Claude Code\n\nThese hooks were written for Claude Code and exported for Codex");
    expect(readme).toContain('- dangerous-command-gate (behaves differently): a deny reaches the model as "Command blocked by PreToolUse hook');
  }, 60_000);

  it("names the calls whose outcome differs when a hook's meaning does not carry over", async () => {
    const silent = {
      format: PIPELINE_FORMAT,
      name: "silent",
      profile: "claude-code",
      hooks: [{ id: "deny", point: "PreToolUse", name: "deny-rm", matcher: "Bash", code: 'export default async (input: any) => input.tool_input.command.includes("rm") ? { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny" } } : undefined;' }],
      scenarios: [
        {
          name: "rm",
          prompt: "clean",
          model: { kind: "scripted", responses: [{ content: [{ type: "tool_use", id: "t1", name: "Bash", input: { command: "rm -rf x" } }], stopReason: "tool_use" }, { content: [{ type: "text", text: "ok" }], stopReason: "end_turn" }] },
          tools: [{ name: "Bash", inputSchema: { type: "object" }, results: ["removed"] }],
        },
      ],
    };
    await writeFile(join(dir, "silent.json"), JSON.stringify(silent));
    expect(await exportCommand(["silent.json", "--target", "codex-config", "-o", "cfg"], io)).toBe(0);
    const text = out.join("");
    expect(text).toContain("  - deny-rm (behaves differently): a deny without a reason: Codex lets the command run (Claude Code blocks it)\n");
    expect(text).toContain('  ✗ rm: differs\n      call 1, Bash {"command":"rm -rf x"}: Claude Code: blocked (deny-rm); Codex: allowed\n');
  }, 60_000);

  it("refuses a target no translation reaches, naming the ones that do", async () => {
    await writeFile(join(dir, "gate.json"), JSON.stringify(claudeBashGate));
    expect(await exportCommand(["gate.json", "--target", "openclaw", "-o", "x.zip"], io)).toBe(1);
    expect(out.join("")).toContain('"Claude Code Bash gate" is on the claude-code profile; --target openclaw exports openclaw pipelines (use --target claude-code or claude-code-settings or claude-code-sdk or codex or codex-config or codex-plugin).');
  });
});
