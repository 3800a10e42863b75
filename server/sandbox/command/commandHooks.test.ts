import { describe, expect, it } from "vitest";
import { runScenario } from "../../../core/engine";
import type { PipelineInput } from "../../../core/pipeline/schema";
import type { EncodedTraceEvent, TraceEvent } from "../../../core/trace/events";
import { resolveTrace } from "../../../core/trace/resolve";
import { createSandboxRunner } from "..";
import { probeProcessSandbox } from "../process";
import { parseWithFirstScenario } from "../testing/simulateInSandbox";

/*
 * Command hooks in a Claude Code run: bash (with jq), Python and Node scripts run in the process
 * sandbox as the host runs them, their answers folded with function hooks' on the same event.
 */

const probe = await probeProcessSandbox();

const bashCall = (command: string, id = "toolu_1") => ({ content: [{ type: "tool_use", id, name: "Bash", input: { command } }], stopReason: "tool_use" });
const answer = (text: string) => ({ content: [{ type: "text", text }], stopReason: "end_turn" });

interface CommandHookDef {
  id: string;
  point?: string;
  language: "bash" | "sh" | "python" | "node" | "other";
  command: string;
  script?: { path: string; code: string } | null;
  timeoutMs?: number;
  matcher?: string | null;
}

async function run(hooks: (CommandHookDef | { id: string; point?: string; fn: string })[], extra: { responses?: unknown[]; files?: { path: string; content: string }[]; prompt?: string } = {}) {
  const document: PipelineInput = {
    format: "hookwright.pipeline/v1",
    name: "cmd",
    profile: "claude-code",
    hooks: hooks.map((h) =>
      "fn" in h
        ? { id: h.id, point: h.point ?? "PreToolUse", name: h.id, matcher: null, code: `export default async (input: any) => {\n${h.fn}\n};\n` }
        : {
            id: h.id,
            point: h.point ?? "PreToolUse",
            name: h.id,
            matcher: h.matcher ?? null,
            code: h.script?.code ?? "",
            ...(h.timeoutMs ? { timeoutMs: h.timeoutMs } : {}),
            runtime: { kind: "command" as const, language: h.language, command: h.command, script: h.script ? { root: "project" as const, path: h.script.path } : null },
          },
    ),
    scenarios: [
      {
        name: "s",
        prompt: extra.prompt ?? "go",
        model: { kind: "scripted", responses: (extra.responses ?? [bashCall("rm -rf build"), answer("done")]) as never },
        tools: [{ name: "Bash", inputSchema: { type: "object" }, results: ["ok"] }],
        ...(extra.files ? { files: extra.files } : {}),
      },
    ],
  };
  const { pipeline, scenario } = parseWithFirstScenario(document);
  const encoded: EncodedTraceEvent[] = [];
  const result = await runScenario({ pipeline, scenario, createRunner: createSandboxRunner, emit: (e) => void encoded.push(e) });
  const events = resolveTrace(encoded);
  const of = <T extends TraceEvent["type"]>(type: T) => events.filter((e): e is Extract<TraceEvent, { type: T }> => e.type === type);
  return { result, events, of };
}

const guard = {
  path: ".claude/hooks/guard.sh",
  code: '#!/bin/bash\ncmd=$(jq -r .tool_input.command)\nif [[ "$cmd" == *"rm -rf"* ]]; then\n  jq -n --arg c "$cmd" \'{hookSpecificOutput: {hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: ("refusing " + $c)}}\'\nfi\n',
};

describe.skipIf(!probe.available)("command hooks in the process sandbox (Claude Code)", () => {
  it("a bash hook with jq denies the call: its JSON answer is folded like a function's; the card has its stdin, stdout and exit code", async () => {
    const { of } = await run([{ id: "guard", language: "bash", command: 'bash "$CLAUDE_PROJECT_DIR/.claude/hooks/guard.sh"', script: guard }]);
    expect(of("tool.result")).toMatchObject([{ content: "PreToolUse:Bash hook error: refusing rm -rf build", isError: true, claimedBy: "guard" }]);
    const end = of("hook.end")[0];
    expect(end?.process).toMatchObject({ command: 'bash "$CLAUDE_PROJECT_DIR/.claude/hooks/guard.sh"', language: "bash", exitCode: 0, timedOut: false, stderr: "" });
    expect(JSON.parse(end?.process?.stdin ?? "{}")).toMatchObject({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "rm -rf build" }, cwd: "/home/user/project" });
    expect(end?.output).toEqual({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "refusing rm -rf build" } });
  });

  it("exit 2 blocks with stderr named by the command; exit 1 and a crash do not block; a timeout is a failure", async () => {
    const exit2 = await run([{ id: "strict", language: "sh", command: "echo 'tests are red' >&2; exit 2", script: null }]);
    expect(exit2.of("tool.result")[0]?.content).toBe("PreToolUse:Bash hook error: [echo 'tests are red' >&2; exit 2]: tests are red\n");
    const crash = await run([
      { id: "crash", language: "python", command: "python3 .claude/hooks/crash.py", script: { path: ".claude/hooks/crash.py", code: "import sys\nraise SystemExit(1)\n" } },
      { id: "slow", language: "sh", command: "sleep 30", script: null, timeoutMs: 1000 },
    ]);
    expect(crash.of("tool.result")).toMatchObject([{ content: "ok", isError: false }]);
    const [first, second] = crash.of("hook.end");
    expect(first?.error).toMatch(/^exit code 1 \(a non-blocking error: the action goes on\)/);
    expect(second?.error).toBe("timed out after 1000 ms: the host killed the command");
    expect(second?.process).toMatchObject({ timedOut: true, exitCode: null });
  });

  it("a Python hook's context, a Node hook's rewrite and a function hook's context on one event combine as the host folds them", async () => {
    const { of } = await run(
      [
        { id: "py", language: "python", command: "python3 .claude/hooks/note.py", script: { path: ".claude/hooks/note.py", code: 'import json, sys\ndata = json.load(sys.stdin)\nprint(json.dumps({"hookSpecificOutput": {"hookEventName": "PreToolUse", "additionalContext": "py saw " + data["tool_input"]["command"]}}))\n' } },
        { id: "js", language: "node", command: "node .claude/hooks/rewrite.mjs", script: { path: ".claude/hooks/rewrite.mjs", code: 'let s = "";\nprocess.stdin.on("data", (d) => (s += d)).on("end", () => {\n  const input = JSON.parse(s);\n  console.log(JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow", updatedInput: { command: input.tool_input.command + " --dry-run" } } }));\n});\n' } },
        { id: "fn", fn: 'return { hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: "from a function" } };' },
      ],
      { responses: [bashCall("npm test"), answer("done")] },
    );
    expect(of("tool.call")[0]?.input).toEqual({ command: "npm test --dry-run" });
    expect(of("model.request")[1]?.messages.at(-1)?.content.at(-1)).toEqual({ type: "text", text: "PreToolUse:Bash hook additional context: py saw npm test\nfrom a function" });
  });

  it("identical commands on one event run once; a file the hook writes is in the run's files and on its card", async () => {
    const write = { id: "log", language: "sh" as const, command: 'echo "$(jq -r .tool_input.command)" >> audit.log', script: null };
    const { of, result } = await run([write, { ...write, id: "log-again" }], { files: [{ path: "/workspace/audit.log", content: "start\n" }], responses: [bashCall("ls"), answer("done")] });
    const ends = of("hook.end");
    expect(ends.map((e) => e.process?.dedupedWith ?? null)).toEqual([null, "log"]);
    expect(ends[0]?.files).toEqual([{ op: "write", path: "/workspace/audit.log", before: "start\n", after: "start\nls\n", encoding: "utf8" }]);
    expect(result.exitReason).toBe("no_tool_calls");
    expect(of("run.end")[0]?.files).toEqual([{ path: "/workspace/audit.log", content: "start\nls\n", encoding: "utf8" }]);
  });

  it("UserPromptSubmit: a Node hook's plain stdout is added as context", async () => {
    const { of } = await run([{ id: "ctx", point: "UserPromptSubmit", language: "node", command: "node -e 'console.log(\"Today is a test day.\")'", script: null }], { responses: [answer("hi")] });
    const first = of("model.request")[0]?.messages.at(-1);
    expect(first?.content.at(-1)).toEqual({ type: "text", text: "Today is a test day." });
    expect(of("hook.end")[0]?.process?.note).toBe("plain stdout on UserPromptSubmit is added as context for the model");
  });
});

describe.skipIf(probe.available)("command hooks with no process sandbox", () => {
  it("are not run: the card says why and what to install, and the run goes on", async () => {
    const { of } = await run([{ id: "guard", language: "bash", command: 'bash "$CLAUDE_PROJECT_DIR/.claude/hooks/guard.sh"', script: guard }]);
    expect(of("hook.end")[0]?.process?.refused).toMatch(/apt-get install bubblewrap|bwrap/);
    expect(of("tool.result")).toMatchObject([{ content: "ok", isError: false }]);
  });
});
