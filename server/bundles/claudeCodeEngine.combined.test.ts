import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { TraceEvent } from "~/core/trace/events";
import { exportPlugin } from "./service";
import { canIsolate, claudeEngineFixture, engineToolResults, hookTexts, hookwrightRun, parsed, runEngine, strings, type EngineRun } from "./testing/claudeEngine";
import { writeFiles } from "./testing/commandHook";
import { createRandom } from "~/core/engine/testing/random";

/*
 * Several hooks on one Claude Code event, with decisions, contexts and blocks together, run by
 * Hookwright and by the REAL engine (2.1.330, offline, unshare -rn) from the exported plugin: the
 * model must get the same tool_results, the same hook texts and as many requests from both.
 * Hook sets are generated (a seeded pick of behaviours per hook) besides the fixed ones the
 * engine was first seen to differ on (issue 23). Completion order: the exported hooks sleep
 * 0, 350, 700 … ms in declared order, so the engine completes them in the order Hookwright's
 * scenario declares (completionOrder "declared").
 */

const isolated = canIsolate();
const claude = claudeEngineFixture("claude-combined", isolated);

type Event = "PreToolUse" | "PostToolUse" | "Stop";

/** What one hook answers, as hook code (the body after its sleep). */
const BEHAVIOURS: Record<Event, Record<string, (n: number) => string>> = {
  PreToolUse: {
    allow: () => 'return { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow" } };',
    deny: (n) => `return { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "deny ${n}" } };`,
    denyWithContext: (n) => `return { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "deny ${n}", additionalContext: "gate context ${n}" } };`,
    context: (n) => `return { hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: "context ${n}" } };`,
    exit2: (n) => `throw new BlockingError("exit ${n}");`,
    halt: (n) => `return { continue: false, stopReason: "halt ${n}" };`,
    nothing: () => "return;",
  },
  PostToolUse: {
    block: (n) => `return { decision: "block", reason: "block ${n}" };`,
    context: (n) => `return { hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "context ${n}" } };`,
    exit2: (n) => `throw new BlockingError("exit ${n}");`,
    blockWithContext: (n) => `return { decision: "block", reason: "block ${n}", hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "context ${n}" } };`,
    nothing: () => "return;",
  },
  Stop: {
    blockOnce: (n) => `if (input.stop_hook_active) return;\nreturn { decision: "block", reason: "stop ${n}" };`,
    exit2Once: (n) => `if (input.stop_hook_active) return;\nthrow new BlockingError("stop exit ${n}");`,
    blockTwice: (n) => `if (input.stop_hook_active && input.last_assistant_message !== "again") return;\nreturn { decision: "block", reason: "twice ${n}" };`,
    nothing: () => "return;",
  },
};

interface Case {
  name: string;
  event: Event;
  hooks: string[];
}

const FIXED: Case[] = [
  { name: "deny beside two contexts", event: "PreToolUse", hooks: ["context", "denyWithContext", "context"] },
  { name: "continue false beside a deny", event: "PreToolUse", hooks: ["halt", "deny"] },
  { name: "continue false beside an exit 2", event: "PreToolUse", hooks: ["exit2", "halt"] },
  { name: "post block, context, exit 2, block", event: "PostToolUse", hooks: ["block", "context", "exit2", "blockWithContext"] },
  { name: "three stop hooks blocking", event: "Stop", hooks: ["blockOnce", "exit2Once", "blockOnce"] },
  { name: "two stop hooks, one blocking twice", event: "Stop", hooks: ["blockTwice", "blockOnce"] },
];

function generated(count: number, seed: number): Case[] {
  const random = createRandom(seed).next;
  const events: Event[] = ["PreToolUse", "PostToolUse", "Stop"];
  return Array.from({ length: count }, (_, i) => {
    const event = events[i % events.length] as Event;
    const names = Object.keys(BEHAVIOURS[event]);
    const size = 2 + Math.floor(random() * 2);
    const hooks = Array.from({ length: size }, () => names[Math.floor(random() * names.length)] as string);
    return { name: `generated ${i + 1}: ${event} ${hooks.join(" + ")}`, event, hooks };
  });
}

function pipelineOf(c: Case) {
  const hooks = c.hooks.map((behaviour, i) => ({
    id: `h${i + 1}`,
    point: c.event,
    name: `${behaviour} ${i + 1}`,
    matcher: c.event === "Stop" ? null : "Bash",
    code: [
      'class BlockingError extends Error {\n  override name = "BlockingError";\n}',
      "// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a hook written as users write it, untyped",
      "export default async (input: any) => {",
      `  await new Promise((resolve) => setTimeout(resolve, ${i * 350}));`,
      `  ${(BEHAVIOURS[c.event][behaviour] as (n: number) => string)(i + 1).replace(/\n/g, "\n  ")}`,
      "};",
      "",
    ].join("\n"),
  }));
  return parsed({
    format: "hookwright.pipeline/v1",
    name: c.name,
    profile: "claude-code",
    hooks,
    scenarios: [
      {
        name: "default",
        prompt: "Run the tests.",
        model: {
          kind: "scripted",
          responses: [
            { content: [{ type: "tool_use", id: "toolu_a", name: "Bash", input: { command: "echo tests pass" } }], stopReason: "tool_use" },
            { content: [{ type: "text", text: "again" }], stopReason: "end_turn" },
            { content: [{ type: "text", text: "Done." }], stopReason: "end_turn" },
            { content: [{ type: "text", text: "Done, really." }], stopReason: "end_turn" },
            { content: [{ type: "text", text: "Still done." }], stopReason: "end_turn" },
          ],
        },
        tools: [{ name: "Bash", inputSchema: { type: "object" }, results: ["tests pass"] }],
      },
    ],
  });
}

/**
 * The engine's texts with the plugin folder written back as ${CLAUDE_PLUGIN_ROOT}, as Hookwright
 * names a hook's command, and without the line the engine adds after a plugin hook's exit-2 reason
 * ("This hook comes from the <plugin>@inline plugin."): it names where the plugin was loaded from,
 * which Hookwright does not know (docs/claude-code.md).
 */
function normalised(real: EngineRun, pluginDir: string): (s: string) => string {
  return (s) => s.replaceAll(pluginDir, "${CLAUDE_PLUGIN_ROOT}").replace(/\nThis hook comes from the [\w-]+@inline plugin\./g, "");
}

function requests(events: TraceEvent[]) {
  return events.flatMap((e) => (e.type === "model.request" ? [e] : []));
}

describe.skipIf(!isolated)("several Claude Code hooks on one event: Hookwright and the real engine send the model the same", () => {
  for (const c of [...FIXED, ...generated(9, 23)]) {
    it(c.name, { timeout: 180_000 }, async () => {
      const pipeline = pipelineOf(c);
      const dir = join(claude.folder(), c.name.replace(/\W+/g, "-"));
      await writeFiles(join(dir, "plugin"), exportPlugin(pipeline, "claude-code").files);
      const [events, real] = await Promise.all([hookwrightRun(pipeline), runEngine(claude.engine(), dir, pipeline)]);
      const where = `${c.name}: engine exit ${real.code}, stderr ${real.stderr.slice(0, 400)}`;
      expect(real.code, where).toBe(0);
      const fix = normalised(real, join(dir, "plugin"));
      expect(real.modelCalls.length, where).toBe(requests(events).length);
      // Every tool_result the model got: same content, same is_error.
      const mine = requests(events).at(-1)?.messages.flatMap((m) => m.content.flatMap((b) => (b.type === "tool_result" ? [{ content: b.content, is_error: b.is_error ?? false }] : []))) ?? [];
      const theirs = engineToolResults(real).map((r) => ({ content: typeof r.content === "string" ? fix(r.content) : r.content, is_error: r.is_error ?? false }));
      expect(mine, where).toEqual(theirs);
      // Every hook text Hookwright sent is in the engine's requests, word for word.
      const sent = strings(real.modelCalls.map((call) => call.messages)).map(fix);
      for (const text of hookTexts(events)) expect(sent, `${where}\nmissing: ${JSON.stringify(text)}`).toContain(text);
      // And the other way: every hook text the engine sent (in its last request) is one Hookwright sent.
      const last = strings(real.modelCalls.at(-1)?.messages ?? []).map(fix).filter((s) => /^(Stop hook feedback:|Stop hook blocking error|PostToolUse:|PreToolUse:)/.test(s));
      const mineAll = requests(events).flatMap((r) => r.messages.flatMap((m) => m.content.flatMap((b) => (b.type === "text" ? [b.text] : b.type === "tool_result" && typeof b.content === "string" ? [b.content] : []))));
      for (const text of last) expect(mineAll, `${where}\nHookwright did not send: ${JSON.stringify(text)}`).toContain(text);
    });
  }
});
