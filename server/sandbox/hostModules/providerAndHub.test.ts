import { describe, expect, it } from "vitest";
import { runScenario } from "~/core/engine";
import { parsePipeline } from "~/core/pipeline/parsePipeline";
import { hookOutcome } from "~/core/run/hookStatus";
import type { PipelineInput } from "~/core/pipeline/schema";
import type { HookEndEvent, TraceEvent } from "~/core/trace/events";
import { createSandboxRunner } from "~/server/sandbox";

/** A Vellum hook's own model calls and event-hub use, as the trace records them. */

async function hookEnd(code: string, extra: Partial<PipelineInput> = {}, inference?: unknown, profile = "vellum", point = "user-prompt-submit"): Promise<HookEndEvent | undefined> {
  const parsed = parsePipeline({
    format: "hookwright.pipeline/v1",
    name: "p",
    profile,
    hooks: [{ id: "h", point, name: "h", code }],
    scenarios: [{ name: "s", prompt: "hi", model: { kind: "scripted", responses: [{ content: [{ type: "text", text: "ok" }] }] }, ...(inference ? { inference } : {}) }],
    ...extra,
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  const pipeline = parsed.value;
  const scenario = pipeline.scenarios[0];
  if (!scenario) throw new Error("no scenario");
  const events: TraceEvent[] = [];
  await runScenario({ pipeline, scenario, createRunner: createSandboxRunner, emit: (_, e) => events.push(e) });
  return events.find((e): e is HookEndEvent => e.type === "hook.end");
}

const send = (system: string) =>
  [
    'import { getConfiguredProvider } from "@vellumai/plugin-api";',
    "export default async function () {",
    '  const p = await getConfiguredProvider("inference");',
    `  const r = await p!.sendMessage([{ role: "user", content: [{ type: "text", text: "q" }] }], { systemPrompt: ${JSON.stringify(system)} });`,
    "  console.log(p!.name, r.model, r.stopReason, JSON.stringify(r.content));",
    "}",
  ].join("\n");

describe("a Vellum hook's model calls", () => {
  it("are answered in order by the scenario's replies, routed to the active profile, and recorded", async () => {
    const end = await hookEnd(send("be brief"), {}, { activeProfile: "fast", profiles: { fast: { model: "gpt-5.4-mini" } }, replies: [{ text: "answer", stopReason: "max_tokens" }] });
    expect(end?.error).toBeNull();
    expect(end?.logs).toEqual([{ level: "log", message: 'openai gpt-5.4-mini max_tokens [{"type":"text","text":"answer"}]' }]);
    expect(end?.inference).toEqual([
      { callSite: "inference", profile: "fast", provider: "openai", model: "gpt-5.4-mini", system: "be brief", messages: [{ role: "user", content: [{ type: "text", text: "q" }] }], reply: { text: "answer", stopReason: "max_tokens" } },
    ]);
    // It changed no context: its badge says what it did instead.
    expect(end && hookOutcome(end).label).toBe("made 1 model call");
  });

  it("a scripted error rejects the call with its text; an uncaught one fails the hook", async () => {
    const end = await hookEnd(send("x"), {}, { replies: [{ error: "overloaded" }] });
    expect(end?.error).toMatch(/^Error: overloaded/);
    expect(end?.inference?.[0]?.error).toBe("overloaded");
  });

  it("with no scenario inference at all, the call fails naming the field to fill", async () => {
    const end = await hookEnd(send("x"));
    expect(end?.error).toMatch(/^Error: no scripted reply for the hooks' model call #1 \(call site "inference"\): add one in the scenario's inference replies \(inference\.replies\)/);
  });

  it("keep a secret env value out of the recorded call and events", async () => {
    const code = [
      'import { getConfiguredProvider, assistantEventHub } from "@vellumai/plugin-api";',
      "export default async function () {",
      '  const p = await getConfiguredProvider("inference");',
      "  await p!.sendMessage([], { systemPrompt: `key ${process.env.API_KEY}` });",
      '  await assistantEventHub.publish({ conversationId: "c", message: { type: "note", key: process.env.API_KEY } });',
      "}",
    ].join("\n");
    const end = await hookEnd(code, { settings: { env: [{ name: "API_KEY", value: "sk-secret-1234", secret: true }], dependencies: [] } }, { replies: [{ text: "ok" }] });
    expect(end?.error).toBeNull();
    expect(end?.inference?.[0]?.system).toBe("key [secret API_KEY]");
    expect(end?.published).toEqual([{ conversationId: "c", message: { type: "note", key: "[secret API_KEY]" } }]);
  });
});

describe("a Vellum hook's event hub", () => {
  it("records each publish, delivers it to the module's matching subscribers, and refuses host control events", async () => {
    const code = [
      'import { assistantEventHub } from "@vellumai/plugin-api";',
      "export default async function () {",
      "  const seen: string[] = [];",
      '  const sub = assistantEventHub.subscribe({ filter: { conversationId: "c1" }, callback: (e: any) => { seen.push(e.message.type); } });',
      '  await assistantEventHub.publish({ conversationId: "c1", message: { type: "a" } });',
      '  await assistantEventHub.publish({ conversationId: "c2", message: { type: "b" } });',
      '  const before = assistantEventHub.hasSubscribersForEvent({ conversationId: "c1", message: { type: "x" } });',
      "  sub.dispose();",
      '  await assistantEventHub.publish({ conversationId: "c1", message: { type: "c" } });',
      '  const refused = await assistantEventHub.publish({ message: { type: "host_bash_request" } }).then(() => "published", (e: Error) => e.message);',
      "  console.log(JSON.stringify({ seen, before, active: sub.active, refused }));",
      "}",
    ].join("\n");
    const end = await hookEnd(code);
    expect(end?.error).toBeNull();
    expect(JSON.parse(end?.logs[0]?.message ?? "null")).toEqual({
      seen: ["a"],
      before: true,
      active: false,
      refused: 'Plugins may not publish daemon-to-client host-proxy control events (type "host_bash_request").',
    });
    expect(end && hookOutcome(end).label).toBe("published 3 events");
    expect(end?.published).toEqual([
      { conversationId: "c1", message: { type: "a" } },
      { conversationId: "c2", message: { type: "b" } },
      { conversationId: "c1", message: { type: "c" } },
    ]);
  });
});

describe("other profiles", () => {
  it("do not get the Vellum plugin API: the import fails as any undeclared package does", async () => {
    const end = await hookEnd('import { HOOKS } from "@vellumai/plugin-api";\nexport default async function () { void HOOKS; }', {}, undefined, "registry", "session_start");
    expect(end?.error).toContain('Cannot import "@vellumai/plugin-api" from hooks/h.ts: it is not a dependency of the pipeline');
  });
});
