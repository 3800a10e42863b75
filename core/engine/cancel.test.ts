import { describe, expect, it } from "vitest";
import { parsePipeline } from "../pipeline/parsePipeline";
import { getProfile } from "../profiles";
import type { TraceEvent } from "../trace/events";
import type { ModelProvider } from "./ports";
import { simulate } from "./simulate";
import { assertTraceContract } from "./testing/harness";
import { createInProcessRunner } from "./testing/inProcessRunner";

/** A model a person cancelled: before its call went out, or while it was answering. */
const cancelledModel = (when: "before_call" | "during_call"): ModelProvider => ({
  respond: () => Promise.resolve({ error: `cancelled ${when}`, code: "cancelled", meta: { cancelled: when } }),
});

async function run(profile: string, when: "before_call" | "during_call") {
  const parsed = parsePipeline({ format: "hookwright.pipeline/v1", name: "p", profile, scenarios: [{ name: "s", prompt: "Hi", model: { kind: "scripted", responses: [] } }] });
  if (!parsed.ok || !parsed.value.scenarios[0]) throw new Error("setup");
  const found = getProfile(profile);
  if (!found) throw new Error(`no profile ${profile}`);
  const events: TraceEvent[] = [];
  const result = await simulate({ pipeline: parsed.value, scenario: parsed.value.scenarios[0], profile: found, runner: createInProcessRunner(), model: cancelledModel(when), emit: (_, full) => events.push(full) });
  assertTraceContract(events);
  return { result, events };
}

describe("a turn a person cancelled", () => {
  it("ends with the host's own exit reason (Vellum aborted_pre_call / aborted_via_error), the cancel recorded on model.response", async () => {
    const before = await run("vellum", "before_call");
    expect(before.result).toMatchObject({ exitReason: "aborted_pre_call", error: "cancelled before_call" });
    expect(before.events.find((e) => e.type === "model.response")).toMatchObject({ error: "cancelled before_call", cancelled: "before_call" });
    expect((await run("vellum", "during_call")).result.exitReason).toBe("aborted_via_error");
  });

  it("is `cancelled` where the profile names no reason of its own", async () => {
    expect((await run("registry", "during_call")).result.exitReason).toBe("cancelled");
  });
});
