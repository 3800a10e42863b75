import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { examplePipelines } from "~/core/examples";
import type { PipelineInput } from "~/core/pipeline/schema";
import { exportPlugin } from "./service";
import { canIsolate, claudeEngineFixture, hookTexts, hookwrightRun, parsed, runEngine, strings } from "./testing/claudeEngine";
import { writeFiles } from "./testing/commandHook";

/*
 * The exported plugin, loaded by the REAL Claude Code engine (2.1.330, the binary of
 * @anthropic-ai/claude-agent-sdk-linux-x64@0.3.330) with --plugin-dir, run offline against a local
 * scripted model server inside `unshare -rn` (semantics.md §3f). The model gets the scenario's
 * replies; what the hooks make the engine send back to the model must be what Hookwright's run
 * sent: a denied call's is_error tool_result text, Stop hook feedback, PostToolUse context.
 * The updatedInput race is left out: the real engine's completion order is not under our control.
 */

const isolated = canIsolate();

const claude = claudeEngineFixture("claude-engine", isolated);

const cases = examplePipelines.filter((p): p is PipelineInput => p.profile === "claude-code" && p.name !== "Claude Code updatedInput race");

describe.skipIf(!isolated)("exported plugins in the real Claude Code engine (offline, unshare -rn)", () => {
  it("there are examples to run", () => {
    expect(cases.map((c) => c.name)).toEqual(["Claude Code Bash gate", "Claude Code formatter context", "Claude Code Stop hook: tests first"]);
  });

  for (const example of cases) {
    it(`${example.name}: the engine sends the model what Hookwright's run sent because of the hooks`, { timeout: 180_000 }, async () => {
      const pipeline = parsed(example);
      const dir = join(claude.folder(), pipeline.name.replace(/\W+/g, "-"));
      await writeFiles(join(dir, "plugin"), exportPlugin(pipeline, "claude-code").files);
      const [events, real] = await Promise.all([hookwrightRun(pipeline), runEngine(claude.engine(), dir, pipeline)]);
      const where = `${pipeline.name}: engine exit ${real.code}, stderr ${real.stderr.slice(0, 500)}`;
      expect(real.code, where).toBe(0);
      // As many model calls as Hookwright made (the hooks kept or ended the loop alike).
      expect(real.modelCalls.length, where).toBe(events.filter((e) => e.type === "model.request").length);
      // The engine resolves a tool's relative file_path against its cwd before hooks see it; Hookwright's scenario has the model's path as written.
      const sent = strings(real.modelCalls.map((c) => c.messages)).map((s) => s.replaceAll(`${real.cwd}/`, ""));

      // A call a hook blocked: the same is_error tool_result text reaches the model.
      const blocked = events.flatMap((e) => (e.type === "tool.result" && e.claimedBy !== undefined ? [e] : []));
      for (const b of blocked) {
        const results = real.modelCalls.flatMap((c) => c.messages).flatMap((m) => ((m as { content?: unknown }).content instanceof Array ? ((m as { content: Record<string, unknown>[] }).content) : []));
        const result = results.find((r) => r.type === "tool_result" && r.tool_use_id === b.toolUseId);
        expect({ content: result?.content, is_error: result?.is_error }, where).toEqual({ content: b.content, is_error: true });
      }
      // Hook texts Hookwright put into the conversation appear in the engine's requests.
      const texts = hookTexts(events);
      for (const text of texts) expect(sent.some((s) => s.includes(text)), `${where}\nmissing: ${text}`).toBe(true);
      expect(blocked.length + texts.length, `${pipeline.name}: nothing hook-made to compare`).toBeGreaterThan(0);
    });
  }

  it("the settings target: the engine runs the gate from the project's .claude/settings.json ($CLAUDE_PROJECT_DIR)", { timeout: 180_000 }, async () => {
    const pipeline = parsed(cases[0]);
    const dir = join(claude.folder(), "settings");
    await writeFiles(join(dir, "project"), exportPlugin(pipeline, "claude-code-settings").files);
    const [events, real] = await Promise.all([hookwrightRun(pipeline), runEngine(claude.engine(), dir, pipeline, join(dir, "project"))]);
    const denied = events.find((e) => e.type === "tool.result" && e.claimedBy !== undefined);
    expect(denied?.type === "tool.result" ? denied.content : null).toMatch(/^PreToolUse:Bash hook error: Refusing to run "rm -rf build"/);
    const sent = strings(real.modelCalls.map((c) => c.messages));
    expect(sent).toContain(denied?.type === "tool.result" ? denied.content : "");
  });

  it("exit 2 (BlockingError): the same reason, named by the command, reaches the model; only the engine's plugin-source line differs", { timeout: 180_000 }, async () => {
    const pipeline = parsed({
      format: "hookwright.pipeline/v1",
      name: "Network gate",
      profile: "claude-code",
      hooks: [
        {
          id: "net",
          point: "PreToolUse",
          name: "network gate",
          matcher: "Bash",
          code: 'class BlockingError extends Error {\n  override name = "BlockingError";\n}\nexport default async (input: { tool_input: { command?: string } }) => {\n  if ((input.tool_input.command ?? "").startsWith("curl")) throw new BlockingError(`no network: ${input.tool_input.command}`);\n};\n',
        },
      ],
      scenarios: [
        {
          name: "curl",
          prompt: "Fetch the page.",
          model: {
            kind: "scripted",
            responses: [
              { content: [{ type: "tool_use", id: "toolu_curl", name: "Bash", input: { command: "curl example.com" } }], stopReason: "tool_use" },
              { content: [{ type: "text", text: "No network." }], stopReason: "end_turn" },
            ],
          },
          tools: [{ name: "Bash", inputSchema: { type: "object" }, results: ["<html>"] }],
        },
      ],
    });
    const dir = join(claude.folder(), "exit2");
    await writeFiles(join(dir, "plugin"), exportPlugin(pipeline, "claude-code").files);
    const [events, real] = await Promise.all([hookwrightRun(pipeline), runEngine(claude.engine(), dir, pipeline)]);
    const mine = events.find((e) => e.type === "tool.result" && e.toolUseId === "toolu_curl");
    expect(mine?.type === "tool.result" ? mine.content : null).toBe('PreToolUse:Bash hook error: [node "${CLAUDE_PLUGIN_ROOT}/hooks/network-gate.mjs"]: no network: curl example.com');
    const result = real.modelCalls
      .flatMap((c) => c.messages)
      .flatMap((m) => ((m as { content?: unknown }).content instanceof Array ? (m as { content: Record<string, unknown>[] }).content : []))
      .find((r) => r.type === "tool_result" && r.tool_use_id === "toolu_curl");
    expect({ content: result?.content, is_error: result?.is_error }).toEqual({
      content: `PreToolUse:Bash hook error: [node "${join(dir, "plugin")}/hooks/network-gate.mjs"]: no network: curl example.com\nThis hook comes from the network-gate@inline plugin.`,
      is_error: true,
    });
  });

  it("the engine read the plugin's hooks.json: a hooks.json without the gate lets rm -rf through to Bash", { timeout: 180_000 }, async () => {
    const pipeline = parsed(cases[0]);
    const dir = join(claude.folder(), "control");
    const files = exportPlugin(pipeline, "claude-code").files.map((f) => (f.path === "hooks/hooks.json" ? { ...f, content: JSON.stringify({ hooks: {} }) } : f));
    await writeFiles(join(dir, "plugin"), files);
    const real = await runEngine(claude.engine(), dir, pipeline);
    const sent = strings(real.modelCalls.map((c) => c.messages));
    expect(sent.some((s) => s.includes("PreToolUse:Bash hook error"))).toBe(false);
    expect(JSON.parse(await readFile(join(dir, "plugin", "hooks", "hooks.json"), "utf8"))).toEqual({ hooks: {} });
  });
});
