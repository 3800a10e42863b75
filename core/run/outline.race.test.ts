import { describe, expect, it } from "vitest";
import { examplePipelines } from "../examples";
import { runPipelineInProcess } from "../expectations/testing";
import type { PipelineInput } from "../pipeline/schema";
import type { EncodedTraceEvent } from "../trace/events";
import { outlineEntryOf } from "./outline";

const flag = { message: "m", fields: ["updatedInput"], hooks: ["a", "b"], orders: 2 };

describe("outline: race flag on point.end", () => {
  it("marks a point.end whose result carries orderDependent, in full or as a delta from its point.start", () => {
    const full: EncodedTraceEvent = { seq: 9, type: "point.end", point: "PreToolUse", result: { decision: "allow", orderDependent: flag } };
    const none: EncodedTraceEvent = { seq: 9, type: "point.end", point: "PreToolUse", result: { decision: "allow", orderDependent: null } };
    const delta: EncodedTraceEvent = { seq: 9, type: "point.end", point: "PreToolUse", resultDelta: { from: 4, path: "/context", patch: [{ op: "remove", path: "/input" }, { op: "add", path: "/orderDependent", value: flag }] } };
    const deltaNone: EncodedTraceEvent = { seq: 9, type: "point.end", point: "PreToolUse", resultDelta: { from: 4, path: "/context", patch: [{ op: "add", path: "/orderDependent", value: null }] } };
    expect([full, none, delta, deltaNone].map((e) => outlineEntryOf(e).status)).toEqual(["order-dependent", null, "order-dependent", null]);
  });

  it("flags the racing example's PreToolUse and nothing in the Bash gate", async () => {
    const statuses = async (name: string) => {
      const { events } = await runPipelineInProcess(examplePipelines.find((p) => p.name === name) as PipelineInput);
      return events.filter((e) => e.type === "point.end").map((e) => `${e.type === "point.end" ? e.point : ""}:${outlineEntryOf(e).status ?? "-"}`);
    };
    expect((await statuses("Claude Code updatedInput race")).filter((s) => !s.endsWith(":-"))).toEqual(["PreToolUse:order-dependent"]);
    expect((await statuses("Claude Code Bash gate")).filter((s) => !s.endsWith(":-"))).toEqual([]);
  });
});
