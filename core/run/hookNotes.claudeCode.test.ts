import { describe, expect, it } from "vitest";
import { runPipelineInProcess } from "../expectations/testing";
import { claudeCodeDefaultScenario } from "../profiles/claude-code/defaultScenario";
import { PIPELINE_FORMAT, type PipelineInput } from "../pipeline/schema";
import { explainHooks } from "./hookNotes";

const hook = (id: string, point: string, matcher: string | null) => ({ id, point, name: id, matcher, code: "export default async () => {};" });
const pipeline = (hooks: PipelineInput["hooks"]): PipelineInput => ({ format: PIPELINE_FORMAT, name: "notes", profile: "claude-code", hooks, scenarios: [claudeCodeDefaultScenario] });

describe("explainHooks on Claude Code matchers", () => {
  it("a lone PreToolUse hook whose matcher never matches: matcher did not match, with every tool name tested (not 'not reached')", async () => {
    const { pipeline: p, events } = await runPipelineInProcess(pipeline([hook("edits", "PreToolUse", "Edit|Write")]));
    // The point is recorded for each call, with the hook left out and nothing run.
    expect(events.filter((e) => e.type === "point.start" && e.point === "PreToolUse").map((e) => (e.type === "point.start" ? e.unmatched : null))).toEqual([["edits"], ["edits"], ["edits"]]);
    expect(events.filter((e) => e.type === "hook.start")).toEqual([]);
    const [note] = explainHooks({ pipeline: p, events });
    expect(note?.why).toEqual({
      kind: "matcher",
      field: "tool_name",
      tested: ["Bash", "Test", "Task"],
      message: 'Matcher did not match: "Edit|Write" was tested against the tool names "Bash", "Test", "Task", so the host never called it.',
    });
  });

  it("a non-tool event names the field it matches: SessionStart's source", async () => {
    const { pipeline: p, events } = await runPipelineInProcess(pipeline([hook("on-resume", "SessionStart", "resume|clear")]));
    expect(explainHooks({ pipeline: p, events })[0]?.why).toEqual({
      kind: "matcher",
      field: "source",
      tested: ["startup"],
      message: 'Matcher did not match: "resume|clear" was tested against source "startup", so the host never called it.',
    });
  });

  it("beside a hook that matched: only the one left out is explained, with the value of its own point", async () => {
    const { pipeline: p, events } = await runPipelineInProcess(pipeline([hook("bash", "PreToolUse", "Bash"), hook("mcp", "PreToolUse", "mcp__.*")]));
    const notes = explainHooks({ pipeline: p, events });
    expect(notes.map((n) => [n.hookId, n.calls, n.why?.message ?? null])).toEqual([
      ["bash", 1, null],
      ["mcp", 0, 'Matcher did not match: "mcp__.*" was tested against the tool names "Bash", "Test", "Task", so the host never called it.'],
    ]);
  });

  it("a point never reached still says not reached (PermissionRequest fires only after an ask)", async () => {
    const { pipeline: p, events } = await runPipelineInProcess(pipeline([hook("perm", "PermissionRequest", "Bash")]));
    expect(explainHooks({ pipeline: p, events })[0]?.why).toEqual({ kind: "not-reached", reachedBy: [], message: "Not reached: the turn never got to PermissionRequest in scenario \"default\" (it ended with no_tool_calls). No scenario of this pipeline reaches it. It fires only when a PreToolUse hook answers ask." });
  });
});
