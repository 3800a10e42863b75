import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { examplePipelines } from "../../core/examples";
import { main } from "./main";

/* `hookwright import-session` then `hookwright test`, through the CLI entry, hooks in the real QuickJS sandbox. */

const dir = mkdtempSync(join(tmpdir(), "hookwright-session-"));
const fixtures = fileURLToPath(new URL("../../core/sessions/fixtures/", import.meta.url));
for (const f of ["claude-code-branches.jsonl", "codex-apply-patch.jsonl"]) copyFileSync(join(fixtures, f), join(dir, f));
const gate = examplePipelines.find((p) => p.name === "Claude Code Bash gate");

async function cli(args: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await main(args, { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), cwd: dir });
  return { code, stdout: stdout.replace(/ \d+ ms/g, " N ms"), stderr };
}

describe("hookwright import-session", () => {
  it("adds a Claude Code transcript as a scenario; hookwright test then says which recorded call the gate now denies", async () => {
    writeFileSync(join(dir, "gate.json"), JSON.stringify(gate));
    const imported = await cli(["import-session", "claude-code-branches.jsonl", "--pipeline", "gate.json", "--name", "yesterday"]);
    expect(imported.stderr).toBe("");
    expect(imported.code).toBe(0);
    expect(imported.stdout.split("\n").slice(0, 7)).toEqual([
      'Added scenario "yesterday" to gate.json: a Claude Code session, 5 model replies, 4 tool calls, 2 prompts.',
      "  read 24 lines, 24 records",
      "  skipped records of unknown types: some-future-record ×1",
      "  not imported (no place in a scenario): file-history-snapshot ×1, system.turn_duration ×1",
      "  2 branches (import another with --branch LEAF):",
      '      a-4  9 records  "Clean the build folder"  2026-11-26T09:00:06.000Z  Done: build/ is gone.',
      "    * b-11  15 records  2026-11-26T09:02:03.000Z  Clean tree.",
    ]);
    const written = JSON.parse(readFileSync(join(dir, "gate.json"), "utf8")) as { scenarios: { name: string; source?: { kind: string } }[] };
    expect(written.scenarios.map((s) => [s.name, s.source?.kind ?? null])).toEqual([
      ["model tries rm -rf", null],
      ["yesterday", "session"],
    ]);
    expect(readFileSync(join(dir, "gate.json"), "utf8")).not.toContain("sk-proj-");

    const tested = await cli(["test", "gate.json", "--scenario", "yesterday"]);
    expect(tested.code).toBe(0);
    expect(tested.stdout).toBe(
      [
        "✓ yesterday  no expectations  N ms",
        "    Session tool calls (claude-code-branches.jsonl): 4, 2 allowed, 1 denied, 1 not-reached",
        '      ✓ 1. Bash {"command":"ls build","description":"List build"}: now allowed  [step 9]',
        '      ✓ 2. Bash {"command":"cat build/.env"}: now allowed  [step 17]',
        "      ── The recorded session and this run part ways here: in the session Bash ran and the model saw its result; now it is denied by dangerous-command-gate. The scripted replies after this step answer what the model saw in the session, not what it would have seen now, so the run stopped replaying the session here.",
        '      ✗ 3. Bash {"command":"sudo rm -rf build"}: now denied by dangerous-command-gate: PreToolUse:Bash hook error: Refusing to run "sudo rm -rf build": destructive commands need a person. Suggest the command to the user instead.  [step 25]',
        '      ▸ next prompt in the session (not sent in this run): "Thanks. Now show git status."',
        '      · 4. Bash {"command":"git status"}: not replayed: the run stopped where it parts ways with the session',
        '      To replay the session\'s remaining replies anyway: "afterParting": "continue" in the scenario\'s source (import-session --continue-past-parting).',
        "1 scenario: 1 passed, 0 failed",
        "",
      ].join("\n"),
    );
    const run = await cli(["run", "gate.json", "--scenario", "yesterday", "--json"]);
    const end = run.stdout.trim().split("\n").map((l) => JSON.parse(l) as { type: string; exitReason?: string }).find((e) => e.type === "run.end");
    expect(end?.exitReason).toBe("session_parted");
  }, 30_000);

  it("replays the remaining replies past the parting point when imported with --continue-past-parting", async () => {
    writeFileSync(join(dir, "gate5.json"), JSON.stringify(gate));
    await cli(["import-session", "claude-code-branches.jsonl", "--pipeline", "gate5.json", "--name", "anyway", "--continue-past-parting"]);
    const tested = await cli(["test", "gate5.json", "--scenario", "anyway"]);
    expect(tested.stdout.split("\n").slice(1, 3)).toEqual(["    Session tool calls (claude-code-branches.jsonl): 4, 3 allowed, 1 denied", '      ✓ 1. Bash {"command":"ls build","description":"List build"}: now allowed  [step 9]']);
    expect(tested.stdout).toContain('      ✓ 4. Bash {"command":"git status"}: now allowed  [step 33]  (after the session and the run part ways)\n');
    expect(tested.stdout).not.toContain("To replay the session's remaining replies anyway");
  }, 30_000);

  it("imports another branch by its leaf under a new name when the name is taken", async () => {
    writeFileSync(join(dir, "gate2.json"), JSON.stringify(gate));
    await cli(["import-session", "claude-code-branches.jsonl", "--pipeline", "gate2.json"]);
    const r = await cli(["import-session", "claude-code-branches.jsonl", "--pipeline", "gate2.json", "--branch", "a-4"]);
    expect(r.stdout.split("\n")[0]).toBe('Added scenario "claude-code-branches 2" to gate2.json: a Claude Code session, 3 model replies, 2 tool calls, 1 prompt.');
    const tested = await cli(["test", "gate2.json", "--scenario", "claude-code-branches 2"]);
    expect(tested.stdout).toContain('✗ 2. Bash {"command":"rm -rf build"}: now denied by dangerous-command-gate');
    expect(tested.stdout).toContain("      in the session, the host's hook said: PreToolUse:Bash: hook_success: allowed by audit-log");
  }, 30_000);

  it("refuses a bad line naming it, and skips it with --skip-bad-lines", async () => {
    writeFileSync(join(dir, "gate3.json"), JSON.stringify(gate));
    const text = readFileSync(join(fixtures, "codex-apply-patch.jsonl"), "utf8").split("\n");
    text[4] = (text[4] ?? "").slice(0, 30);
    writeFileSync(join(dir, "broken.jsonl"), text.join("\n"));
    const refused = await cli(["import-session", "broken.jsonl", "--pipeline", "gate3.json"]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^hookwright import-session: 1 line is not JSON \(line 5: not JSON \(.+\), starting .+\): skip it to import the rest\n$/);
    expect(JSON.parse(readFileSync(join(dir, "gate3.json"), "utf8"))).toEqual(gate);
    const skipped = await cli(["import-session", "broken.jsonl", "--pipeline", "gate3.json", "--skip-bad-lines"]);
    expect(skipped.code).toBe(0);
    expect(skipped.stdout).toMatch(/\n {2}skipped 1 bad line: line 5: not JSON/);
  });

  it("adds a scenario per session of a recording file joined from two sessions, and one with --branch", async () => {
    const rec = (session: string, point: string, input: Record<string, unknown>) =>
      JSON.stringify({ hookwright_recording: 1, host: "claude-code", point, at: "2026-11-27T10:00:00.000Z", session, input: { session_id: session, hook_event_name: point, ...input } });
    const joined = [
      rec("s-1", "UserPromptSubmit", { prompt: "Clean up" }),
      rec("s-1", "PreToolUse", { tool_name: "Bash", tool_input: { command: "rm -rf build" }, tool_use_id: "t1" }),
      rec("s-1", "Stop", { last_assistant_message: "Done." }),
      rec("s-2", "UserPromptSubmit", { prompt: "Status?" }),
      rec("s-2", "Stop", { last_assistant_message: "All good." }),
    ].join("\n");
    writeFileSync(join(dir, "joined.jsonl"), joined);
    writeFileSync(join(dir, "gate6.json"), JSON.stringify(gate));
    const both = await cli(["import-session", "joined.jsonl", "--pipeline", "gate6.json", "--name", "rec"]);
    expect(both.code).toBe(0);
    expect(both.stdout.split("\n").filter((l) => l.startsWith("Added scenario"))).toEqual([
      'Added scenario "rec" to gate6.json: a Hookwright recording session, 1 model reply, 0 tool calls, 1 prompt.',
      'Added scenario "rec (s-1)" to gate6.json: a Hookwright recording session, 2 model replies, 1 tool call, 1 prompt.',
    ]);
    const written = JSON.parse(readFileSync(join(dir, "gate6.json"), "utf8")) as { scenarios: { name: string; prompt: string; source?: { branch: string | null } }[] };
    expect(written.scenarios.slice(1).map((s) => [s.name, s.prompt, s.source?.branch])).toEqual([
      ["rec", "Status?", "s-2"],
      ["rec (s-1)", "Clean up", "s-1"],
    ]);
    writeFileSync(join(dir, "gate7.json"), JSON.stringify(gate));
    const one = await cli(["import-session", "joined.jsonl", "--pipeline", "gate7.json", "--branch", "s-1"]);
    expect(one.stdout.split("\n").filter((l) => l.startsWith("Added scenario"))).toEqual(['Added scenario "joined" to gate7.json: a Hookwright recording session, 2 model replies, 1 tool call, 1 prompt.']);
  });

  it("answers usage mistakes with exit 2 and a missing file with exit 1", async () => {
    expect(await cli(["import-session", "x.jsonl"])).toEqual({ code: 2, stdout: "", stderr: `hookwright import-session: --pipeline P.json: the pipeline file the scenario is added to\nusage: hookwright import-session FILE.jsonl --pipeline P.json [--name N] [--branch LEAF] [--keep-secrets] [--skip-bad-lines] [--continue-past-parting]\n` });
    writeFileSync(join(dir, "gate4.json"), JSON.stringify(gate));
    expect(await cli(["import-session", "missing.jsonl", "--pipeline", "gate4.json"])).toEqual({ code: 1, stdout: "", stderr: "hookwright import-session: cannot read missing.jsonl: no such file\n" });
  });
});
