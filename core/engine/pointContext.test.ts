import { describe, expect, it } from "vitest";
import { parsePipeline } from "../pipeline/parsePipeline";
import { getProfile, listProfiles } from "../profiles";
import { exampleContext } from "../run/exampleContext";
import type { Profile } from "../profiles/types";
import { readPointContext } from "./pointContext";

function profile(id: string): Profile {
  const found = getProfile(id);
  if (!found) throw new Error(`no profile ${id}`);
  return found;
}

const fim = profile("fim-one");
const cc = profile("claude-code");

/** A HookContext as FIM One logs it (`dataclasses.asdict`, HookPoint by value), copied out of a host's log. */
const hookContext = {
  hook_point: "pre_tool_use",
  tool_name: "sql_exec",
  tool_args: { sql: "DELETE FROM orders" },
  tool_result: null,
  agent_id: "agent-1",
  user_id: "u-9",
  conversation_id: null,
  metadata: { org_id: "org-1", requires_confirmation: false, tool_call_id: "call_1" },
};

/** What a Claude Code PreToolUse command hook reads on stdin. */
const stdin = {
  session_id: "5f1c0a8e-2b8f-4a59-9d3e-0c6f0b6c1d2e",
  transcript_path: "/home/me/.claude/projects/app/5f1c0a8e.jsonl",
  cwd: "/home/me/app",
  permission_mode: "default",
  hook_event_name: "PreToolUse",
  tool_name: "Bash",
  tool_input: { command: "rm -rf build" },
  tool_use_id: "toolu_01",
};

describe("readPointContext", () => {
  it("takes the point's context as point.start carries it, unchanged", () => {
    const ctx = { ctx: { tool_name: "x" } };
    expect(readPointContext(fim, "PreToolUse", ctx)).toEqual({ context: ctx, from: "point" });
    expect(readPointContext(cc, "PreToolUse", { input: stdin })).toEqual({ context: { input: stdin }, from: "point" });
    const oc = { event: { toolName: "exec", params: {} }, ctx: { toolName: "exec" } };
    expect(readPointContext(profile("openclaw"), "before_tool_call", oc)).toEqual({ context: oc, from: "point" });
  });

  it("reads a FIM One HookContext as { ctx }, with the point as Hookwright names it and None for what is not given", () => {
    expect(readPointContext(fim, "PreToolUse", hookContext)).toEqual({ context: { ctx: { ...hookContext, hook_point: "PreToolUse" } }, from: "host" });
    expect(readPointContext(fim, "PostToolUse", { hook_point: "HookPoint.POST_TOOL_USE", tool_name: "t", tool_result: "ok" })).toEqual({
      context: { ctx: { hook_point: "PostToolUse", tool_name: "t", tool_args: null, tool_result: "ok", agent_id: null, user_id: null, conversation_id: null, metadata: null } },
      from: "host",
    });
  });

  it("reads a Claude Code hook's stdin JSON as { input }", () => {
    expect(readPointContext(cc, "PreToolUse", stdin)).toEqual({ context: { input: stdin }, from: "host" });
  });

  it("refuses the host's payload of another point, saying whose it is", () => {
    expect(readPointContext(fim, "PostToolUse", hookContext)).toEqual({
      problem:
        "this HookContext is PreToolUse's (hook_point \"pre_tool_use\"), not PostToolUse's: { ctx } as its point.start carries it, or FIM One's HookContext itself (hook_point, tool_name, tool_args, tool_result, agent_id, user_id, conversation_id, metadata)",
    });
    expect(readPointContext(cc, "Stop", stdin)).toEqual({
      problem: 'this is the stdin of a PreToolUse hook (hook_event_name "PreToolUse"), not of Stop: { input } as its point.start carries it, or the JSON a Claude Code hook reads on stdin (hook_event_name "Stop", session_id, transcript_path, cwd, …)',
    });
    expect(readPointContext(fim, "PreToolUse", { ...hookContext, hook_point: "before_tool" })).toEqual({
      problem:
        'hook_point "before_tool" is not one of FIM One\'s HookPoint values (pre_tool_use, post_tool_use, session_start): { ctx } as its point.start carries it, or FIM One\'s HookContext itself (hook_point, tool_name, tool_args, tool_result, agent_id, user_id, conversation_id, metadata)',
    });
  });

  it("refuses anything else before running, naming the fields the point expects", () => {
    expect(readPointContext(fim, "PreToolUse", { tool: "sql_exec", args: {} })).toEqual({
      problem:
        "the context of PreToolUse is { ctx } as its point.start carries it, or FIM One's HookContext itself (hook_point, tool_name, tool_args, tool_result, agent_id, user_id, conversation_id, metadata); this one has tool, args",
    });
    expect(readPointContext(fim, "PreToolUse", { ctx: "sql_exec" })).toEqual({
      problem: "ctx of the context of PreToolUse must be a JSON object, not a string ({ ctx } as its point.start carries it, or FIM One's HookContext itself (hook_point, tool_name, tool_args, tool_result, agent_id, user_id, conversation_id, metadata))",
    });
    expect(readPointContext(profile("openclaw"), "before_tool_call", { event: { toolName: "exec" } })).toEqual({
      problem: "the context of before_tool_call is { event, ctx } as its point.start carries it; this one has event",
    });
    expect(readPointContext(cc, "PreToolUse", [stdin])).toEqual({
      problem: 'the context of PreToolUse must be a JSON object: { input } as its point.start carries it, or the JSON a Claude Code hook reads on stdin (hook_event_name "PreToolUse", session_id, transcript_path, cwd, …); this is an array',
    });
  });

  it("takes, for a point whose context is the host's fields, an object with one of them (or none at all)", () => {
    const vellum = profile("vellum");
    expect(readPointContext(vellum, "stop", { conversationId: "c1" })).toEqual({ context: { conversationId: "c1" }, from: "point" });
    expect(readPointContext(vellum, "stop", {})).toEqual({ context: {}, from: "point" });
    expect(readPointContext(vellum, "stop", { ctx: { conversationId: "c1" } })).toEqual({
      problem: "the context of stop is an object with its fields (conversationId, messages, exitReason, error); this one has ctx",
    });
  });

  it("takes every example context Run this point prefills, for every point of every profile", async () => {
    let checked = 0;
    for (const p of listProfiles()) {
      const parsed = parsePipeline({ format: "hookwright.pipeline/v1", name: "blank", profile: p.id });
      if (!parsed.ok) throw new Error(`blank ${p.id} does not parse`);
      for (const point of p.points) {
        const example = await exampleContext(parsed.value, point.id);
        if (!example) continue;
        expect(readPointContext(p, point.id, example), `${p.id} ${point.id}`).toEqual({ context: example, from: "point" });
        checked++;
      }
    }
    // Every point but the few the default scenarios never reach (conditional ones): the loop did check them.
    expect(checked).toBeGreaterThanOrEqual(listProfiles().reduce((n, p) => n + p.points.filter((point) => !point.conditional).length, 0));
  });
});
