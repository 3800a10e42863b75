import { describe, expect, it } from "vitest";
import type { UnsequencedEvent } from "~/core/trace/events";
import { closingEvents, OpenTrace } from "./lostRun";

const pipeline = { hooks: [] };

function openAfter(events: UnsequencedEvent[]): OpenTrace {
  const open = new OpenTrace();
  for (const e of events) open.observe(e);
  return open;
}

describe("closingEvents", () => {
  it("names every hook of a wedged chain of several, since the host cannot tell which one ran", () => {
    const open = openAfter([{ type: "point.start", point: "pre-model-call", context: {} }]);
    const call = { kind: "chain" as const, point: "pre-model-call", hookIds: ["a", "b"], timeoutMs: 1000 };
    expect(closingEvents(open, { kind: "wedged", call, waitedMs: 7000 }, pipeline)).toEqual([
      { type: "point.end", point: "pre-model-call" },
      {
        type: "run.end",
        exitReason: "hook_error",
        error: 'a hook at pre-model-call (one of "a", "b") did not stop at its 1000 ms time limit (still running after 7 s): its run worker was stopped',
      },
    ]);
  });

  it("answers a tool call whose handler wedged with the handler's failure", () => {
    const open = openAfter([{ type: "tool.call", toolUseId: "t1", name: "search", input: {} }]);
    expect(closingEvents(open, { kind: "wedged", call: { kind: "tool", tool: "search", timeoutMs: 50 }, waitedMs: 5400 }, pipeline)).toEqual([
      { type: "tool.result", toolUseId: "t1", content: "The tool handler failed: did not stop at its 50 ms time limit (still running after 5.4 s): its run worker was stopped", isError: true },
      { type: "run.end", exitReason: "hook_error", error: 'the handler of tool "search" did not stop at its 50 ms time limit (still running after 5.4 s): its run worker was stopped' },
    ]);
  });

  it("ends a run lost between calls as Hookwright's failure, closing the open point", () => {
    const open = openAfter([{ type: "point.start", point: "post-model-call", context: {} }]);
    expect(closingEvents(open, { kind: "crashed", call: null, reason: "its thread exited with code 1" }, pipeline)).toEqual([
      { type: "point.end", point: "post-model-call" },
      { type: "run.end", exitReason: "internal_error", error: "the run's worker stopped unexpectedly (its thread exited with code 1)" },
    ]);
  });

  it("adds nothing to a trace that already ended", () => {
    const open = openAfter([{ type: "run.end", exitReason: "no_tool_calls" }]);
    expect(closingEvents(open, { kind: "stopped", reason: "the server stopped" }, pipeline)).toEqual([]);
  });
});
