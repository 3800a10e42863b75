import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { assertTraceContract } from "../../core/engine/testing/harness";
import type { PipelineInput } from "../../core/pipeline/schema";
import type { EncodedTraceEvent, HookEndEvent, RunEndEvent } from "../../core/trace/events";
import { resolveTrace } from "../../core/trace/resolve";
import { createSandboxRunner } from "../sandbox";
import { createRunCommand } from "./runCommand";

/**
 * `hookwright run --point` with the real sandbox (issue 15): the point's hooks get the files and
 * HTTP fixtures of a scenario (--scenario, by default the first), so a hook that reads a file or
 * fetches behaves as it does in a full run.
 */

const command = createRunCommand(createSandboxRunner);
const dir = mkdtempSync(join(tmpdir(), "hookwright-point-"));

async function cli(args: string[], files: Record<string, unknown> = {}) {
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), JSON.stringify(content));
  let stdout = "";
  let stderr = "";
  const code = await command.run(args, { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), cwd: dir });
  return { code, stdout, stderr };
}

const scripted = { kind: "scripted" as const, responses: [{ content: [{ type: "text" as const, text: "ok" }], stopReason: "end_turn" as const }] };

/** A stop hook that reads the plugin's state file, asks a moderation API about it and writes what it heard. */
const pipeline: PipelineInput = {
  format: "hookwright.pipeline/v1",
  name: "Moderated notes",
  profile: "vellum",
  hooks: [
    {
      id: "check",
      point: "stop",
      name: "check",
      code: [
        'import fs from "node:fs";',
        "export default async () => {",
        '  const state = fs.readFileSync("data/state.json", "utf8");',
        '  const res = await fetch("https://api.example.com/v1/moderate", { method: "POST", body: state });',
        '  fs.writeFileSync("data/verdict.txt", `${res.status} ${await res.text()}`);',
        "};",
      ].join("\n"),
    },
  ],
  scenarios: [
    {
      name: "calm",
      prompt: "Hi",
      files: [{ path: "data/state.json", content: '{"mood":"calm"}' }],
      http: [{ method: "POST", url: "https://api.example.com/v1/moderate", status: 200, body: "fine" }],
      model: scripted,
    },
    {
      name: "angry",
      prompt: "Hi",
      clockStart: 1_800_000_000_000,
      files: [{ path: "data/state.json", content: '{"mood":"angry"}' }],
      http: [{ method: "POST", url: "https://api.example.com/*", status: 451, body: "flagged" }],
      model: scripted,
    },
    { name: "empty", prompt: "Hi", model: scripted },
  ],
};

const context = { conversationId: "c1", reason: "end_turn" };

function traceOf(stdout: string) {
  const events = resolveTrace(stdout.trim().split("\n").map((l) => JSON.parse(l) as EncodedTraceEvent));
  assertTraceContract(events);
  const hookEnd = events.find((e): e is HookEndEvent => e.type === "hook.end");
  return { events, hookEnd, runEnd: events.at(-1) as RunEndEvent };
}

describe("hookwright run --point with a scenario's files and HTTP fixtures", () => {
  it("uses the first scenario's by default, and says so on stderr", async () => {
    const r = await cli(["p.json", "--point", "stop", "--context", "ctx.json", "--json"], { "p.json": pipeline, "ctx.json": context });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('hookwright run: --point stop runs with the 1 file and 1 HTTP fixture of scenario "calm" (choose another with --scenario NAME)\n');
    const { hookEnd, runEnd } = traceOf(r.stdout);
    expect(hookEnd?.error).toBeNull();
    expect(hookEnd?.requests).toEqual([{ method: "POST", url: "https://api.example.com/v1/moderate", body: '{"mood":"calm"}', status: 200, response: "fine" }]);
    expect(hookEnd?.files).toEqual([{ op: "write", path: "/workspace/plugins/moderated-notes/data/verdict.txt", before: null, after: "200 fine", encoding: "utf8" }]);
    expect(runEnd).toMatchObject({ exitReason: "point_only", error: null, files: [{ path: "/workspace/plugins/moderated-notes/data/verdict.txt", content: "200 fine", encoding: "utf8" }] });
  });

  it("uses the scenario --scenario names: its files, fixtures and clock start", async () => {
    const r = await cli(["p.json", "--point", "stop", "--context", "ctx.json", "--scenario", "angry", "--json"], { "p.json": pipeline, "ctx.json": context });
    expect(r).toMatchObject({ code: 0, stderr: "" });
    const { events, hookEnd } = traceOf(r.stdout);
    expect(events[0]).toMatchObject({ type: "run.start", clockStart: 1_800_000_000_000, scenario: "point stop" });
    expect(hookEnd?.requests).toEqual([{ method: "POST", url: "https://api.example.com/v1/moderate", body: '{"mood":"angry"}', status: 451, response: "flagged" }]);
    expect(hookEnd?.files?.[0]?.after).toBe("451 flagged");
  });

  it("fails the hook as a full run would when the scenario has no such file", async () => {
    const r = await cli(["p.json", "--point", "stop", "--context", "ctx.json", "--scenario", "empty", "--json"], { "p.json": pipeline, "ctx.json": context });
    expect(r).toMatchObject({ code: 0, stderr: "" });
    expect(traceOf(r.stdout).hookEnd?.error).toBe("Error: ENOENT: no such file or directory, open '/workspace/plugins/moderated-notes/data/state.json' (hooks/check.ts:3:32)");
  });

  it("names the scenarios when --scenario names none of them, and needs a value", async () => {
    expect(await cli(["p.json", "--point", "stop", "--context", "ctx.json", "--scenario", "Calm"], { "p.json": pipeline, "ctx.json": context })).toMatchObject({
      code: 1,
      stdout: "",
      stderr: 'hookwright run: --scenario: pipeline "Moderated notes" has no scenario "Calm" (it has: "calm", "angry", "empty"); --point stop takes its files and HTTP fixtures from it\n',
    });
    const bare = await cli(["p.json", "--point", "stop", "--scenario"], { "p.json": pipeline });
    expect(bare.code).toBe(2);
    expect(bare.stderr.split("\n")[0]).toBe("hookwright run: --scenario needs a value");
  });
});

describe("hookwright run --point with the host's own payload", () => {
  /** A FIM One guard that reads the HookContext as FIM One hands it. */
  const fim: PipelineInput = {
    format: "hookwright.pipeline/v1",
    name: "Guarded SQL",
    profile: "fim-one",
    hooks: [
      {
        id: "h1",
        point: "PreToolUse",
        name: "Read-only guard",
        code: "export default class ReadonlyGuard {\n  name = 'readonly_guard';\n  async execute(ctx) { return ctx.tool_args.sql.startsWith('DELETE') ? { allow: false } : {}; }\n}\n",
      },
    ],
    scenarios: [{ name: "s", prompt: "Hi", model: scripted }],
  };
  /** As copied out of FIM One's log (dataclasses.asdict of the HookContext). */
  const hookContext = { hook_point: "pre_tool_use", tool_name: "sql_exec", tool_args: { sql: "DELETE FROM orders" }, tool_result: null, agent_id: "agent-1", user_id: "u-9", conversation_id: null, metadata: { requires_confirmation: false } };

  it("runs a FIM One HookContext as { ctx }: the hook reads it, and the registry's result names the hook by its name", async () => {
    const r = await cli(["p.json", "--point", "PreToolUse", "--context", "hook-context.json", "--json"], { "p.json": fim, "hook-context.json": hookContext });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("hookwright run: hook-context.json is the host's own payload of PreToolUse: it runs as { ctx }\n");
    const { events, hookEnd, runEnd } = traceOf(r.stdout);
    expect(events.find((e) => e.type === "point.start")).toMatchObject({ context: { ctx: { ...hookContext, hook_point: "PreToolUse" } } });
    expect(hookEnd).toMatchObject({ hookId: "h1", error: null, output: { allow: false }, decision: "block" });
    expect(events.find((e) => e.type === "point.end")).toMatchObject({ result: { allow: false, error: "Blocked by hook 'readonly_guard'", blockedBy: "h1" } });
    expect(runEnd).toMatchObject({ exitReason: "point_only", error: null });
  });

  it("refuses anything else before running, naming what the point takes", async () => {
    const r = await cli(["p.json", "--point", "PreToolUse", "--context", "wrong.json", "--json"], { "p.json": fim, "wrong.json": { tool: "sql_exec", args: {} } });
    expect(r).toEqual({
      code: 1,
      stdout: "",
      stderr:
        "hookwright run: wrong.json: the context of PreToolUse is { ctx } as its point.start carries it, or FIM One's HookContext itself (hook_point, tool_name, tool_args, tool_result, agent_id, user_id, conversation_id, metadata); this one has tool, args\n",
    });
    const other = await cli(["p.json", "--point", "PostToolUse", "--context", "hook-context.json"], { "p.json": fim, "hook-context.json": hookContext });
    expect(other).toMatchObject({ code: 1, stdout: "" });
    expect(other.stderr).toMatch(/^hookwright run: hook-context\.json: this HookContext is PreToolUse's \(hook_point "pre_tool_use"\), not PostToolUse's: /);
  });

  it("runs a Claude Code hook's stdin JSON as { input }", async () => {
    const cc: PipelineInput = {
      format: "hookwright.pipeline/v1",
      name: "No rm",
      profile: "claude-code",
      hooks: [
        {
          id: "no-rm",
          point: "PreToolUse",
          name: "no-rm",
          code: "export default async (input) => input.tool_input.command.startsWith('rm ') ? { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'no rm in ' + input.cwd } } : {};\n",
        },
      ],
      scenarios: [{ name: "s", prompt: "Hi", model: scripted }],
    };
    const stdin = { session_id: "s-1", transcript_path: "/t.jsonl", cwd: "/home/me/app", permission_mode: "default", hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "rm -rf build" }, tool_use_id: "toolu_01" };
    const r = await cli(["p.json", "--point", "PreToolUse", "--context", "stdin.json", "--json"], { "p.json": cc, "stdin.json": stdin });
    expect(r.stderr).toBe("hookwright run: stdin.json is the host's own payload of PreToolUse: it runs as { input }\n");
    const { events, hookEnd } = traceOf(r.stdout);
    expect(events.find((e) => e.type === "point.start")).toMatchObject({ context: { input: stdin } });
    expect(hookEnd).toMatchObject({ error: null, output: { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no rm in /home/me/app" } } });
  });
});
