import { describe, expect, it } from "vitest";
import { createScriptedModel } from "../engine/scriptedModel";
import { simulate } from "../engine/simulate";
import { evalPipelineHooks } from "../engine/testing/evalHooks";
import { assertTraceContract } from "../engine/testing/harness";
import { createInProcessRunner } from "../engine/testing/inProcessRunner";
import { parsePipeline } from "../pipeline/parsePipeline";
import { getProfile } from "../profiles";
import type { EncodedTraceEvent, TraceEvent } from "../trace/events";
import { resolveTrace } from "../trace/resolve";
import { typeErrors } from "../profiles/testing/typeCheck";
import { examplePipelines } from "./index";
import { checkExpectations } from "../expectations/check";
import { runPipelineInProcess } from "../expectations/testing";

async function runExample(name: string) {
  const input = examplePipelines.find((p) => p.name === name);
  const parsed = parsePipeline(input);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  const pipeline = parsed.value;
  const scenario = pipeline.scenarios[0];
  const profile = getProfile(pipeline.profile);
  if (!scenario || !profile) throw new Error("example without scenario or profile");
  const printed: string[] = [];
  const sink = (...args: unknown[]) => void printed.push(args.map(String).join(" "));
  const runner = createInProcessRunner({ hooks: evalPipelineHooks(pipeline, { log: sink, info: sink, warn: sink, error: sink, debug: sink }) });
  // Through JSON Lines and back, then resolved: what a reader of the written trace (v2, deltas) gets.
  const written: EncodedTraceEvent[] = [];
  const result = await simulate({ pipeline, scenario, profile, runner, model: createScriptedModel(scenario.model), emit: (e) => written.push(JSON.parse(JSON.stringify(e)) as EncodedTraceEvent) });
  const events: TraceEvent[] = resolveTrace(written);
  assertTraceContract(events, runner);
  const of = <T extends TraceEvent["type"]>(type: T) => events.filter((e) => e.type === type) as Extract<TraceEvent, { type: T }>[];
  return { result, events, of, printed };
}

describe("example pipelines", () => {
  it("are all valid pipeline files on known profiles, with at least one scenario", () => {
    expect(examplePipelines.map((p) => [p.name, p.profile])).toEqual([
      ["Be concise", "vellum"],
      ["Truncate oversized tool results", "vellum"],
      ["Retry on an empty reply", "vellum"],
      ["Audit log", "registry"],
      ["Dangerous shell command gate", "registry"],
      ["Web search approval", "openclaw"],
      ["Prompt context by priority", "openclaw"],
      ["Secret redactor", "openclaw"],
      ["Claude Code Bash gate", "claude-code"],
      ["Claude Code formatter context", "claude-code"],
      ["Claude Code Stop hook: tests first", "claude-code"],
      ["Claude Code updatedInput race", "claude-code"],
      ["FIM One read-only guard", "fim-one"],
      ["FIM One payment approval", "fim-one"],
      ["FIM One connector hooks", "fim-one"],
      ["deputy bash gate", "deputy"],
      ["deputy first non-NULL wins", "deputy"],
      ["deputy timeout trap", "deputy"],
      ["Codex shell gate", "codex"],
      ["Shell guard (mods)", "claude-code-mods"],
    ]);
    for (const p of examplePipelines) {
      const parsed = parsePipeline(p);
      expect(parsed.ok && parsed.value.scenarios.length > 0, p.name).toBe(true);
    }
  });

  it("Be concise: every model call carries the instruction", async () => {
    const run = await runExample("Be concise");
    expect(run.of("model.request").map((r) => r.system)).toEqual(["You are a helpful assistant.\nBe concise."]);
  });

  it("Truncate oversized tool results: the model sees the cut result and a note after it", async () => {
    const run = await runExample("Truncate oversized tool results");
    expect(run.of("tool.result")[0]?.content.length).toBe(3_530);
    const last = run.of("model.request")[1]?.messages.at(-1);
    const [result, note] = last?.content ?? [];
    expect(result?.type === "tool_result" && typeof result.content === "string" && result.content.length).toBe(500);
    expect(result?.type === "tool_result" && result.content).toMatch(/\n\[… 3030 characters cut\]$/);
    expect(note).toEqual({ type: "text", text: "The result of toolu_fetch_1 was cut from 3530 to 500 characters. Ask for a narrower range if you need more." });
    expect(run.of("hook.end")[0]?.logs).toEqual([{ level: "info", message: '{"original":3530,"budget":500} truncated a tool result' }]);
  });

  it("Retry on an empty reply: continues once and ends with the real answer", async () => {
    const run = await runExample("Retry on an empty reply");
    const requests = run.of("model.request");
    expect(requests.map((r) => r.continueOf ?? null)).toEqual([null, 1]);
    expect(run.of("hook.end").map((e) => e.decision ?? null)).toEqual(["continue", null]);
    expect(run.result.messages.at(-1)).toEqual({ role: "assistant", content: [{ type: "text", text: "Paris." }] });
    // What the host read back: the history on the continue, the reply once it stands.
    expect(run.of("point.end").map((e) => Object.keys(e.result ?? {}))).toEqual([
      ["messages", "decision"],
      ["content", "decision"],
    ]);
  });

  it("Audit log: prints one line per tool call, failures included", async () => {
    const run = await runExample("Audit log");
    expect(run.printed).toEqual([
      '[audit] session=session-1 turn=1 tool=weather args={"city":"Paris"} outcome=ok',
      '[audit] session=session-1 turn=1 tool=weather args={"city":"Atlantis"} outcome=error',
    ]);
  });

  it("Dangerous shell command gate: blocks rm -rf with an error the model sees, allows ls", async () => {
    const run = await runExample("Dangerous shell command gate");
    expect(run.of("tool.result").map((e) => [e.content, e.isError])).toEqual([
      ["Blocked: 'rm -rf ./build' matches a dangerous command pattern.", true],
      ["app.js\napp.js.map", false],
    ]);
    expect(run.of("model.request")[1]?.messages.at(-1)?.content).toEqual([
      { type: "tool_result", tool_use_id: "toolu_rm", content: "Blocked: 'rm -rf ./build' matches a dangerous command pattern.", is_error: true },
    ]);
    expect(run.result.exitReason).toBe("no_tool_calls");
  });
});

describe("example pipelines' code", () => {
  for (const input of examplePipelines) {
    it(`type-checks against the ${input.profile} profile's typings: ${input.name}`, () => {
      const profile = getProfile(input.profile);
      if (!profile) throw new Error("unknown profile");
      const files: Record<string, string> = {};
      // Hooks in another language (deputy's R) are checked where they run (server/sandbox/r).
      for (const h of input.hooks ?? []) if ((h.runtime?.kind ?? "function") === "function") files[`/hooks/${h.id}.ts`] = h.code;
      for (const m of input.modules ?? []) files[`/${m.path}`] = m.code;
      expect(typeErrors(profile, files)).toEqual([]);
    });
  }
});

describe("example pipelines' expectations", () => {
  // Examples whose hooks run in a language of their own (deputy's R) need that runtime: server/sandbox/r/examples.test.ts runs them.
  for (const example of examplePipelines.filter((p) => (p.hooks ?? []).every((h) => h.runtime?.kind !== "r"))) {
    it(`${example.name}: every scenario's expectations pass`, async () => {
      const parsed = parsePipeline(example);
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
      for (const scenario of parsed.value.scenarios) {
        expect(scenario.expectations?.length ?? 0, scenario.name).toBeGreaterThan(0);
        const { pipeline, events } = await runPipelineInProcess(example, scenario.name);
        const report = checkExpectations({ events, pipeline, expectations: scenario.expectations ?? [] });
        expect(report.results.filter((r) => !r.pass), scenario.name).toEqual([]);
      }
    });
  }
});
