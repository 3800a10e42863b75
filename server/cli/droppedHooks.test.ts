import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { PipelineInput } from "../../core/pipeline/schema";
import type { PointStartEvent } from "../../core/trace/events";
import { createSandboxRunner } from "../sandbox";
import { createRunCommand } from "./runCommand";

/**
 * A hook the host's loader drops is not silent in the CLI (issue 23, item 7): the summary and
 * the --json trace name it with the loader's words, as the designer strikes it through.
 */

const command = createRunCommand(createSandboxRunner);
const dir = mkdtempSync(join(tmpdir(), "hookwright-dropped-"));

async function cli(args: string[], files: Record<string, unknown> = {}) {
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), JSON.stringify(content));
  let stdout = "";
  let stderr = "";
  const code = await command.run(args, { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), cwd: dir });
  return { code, stdout, stderr };
}

const LOADER_WORDS = 'the loader drops it: typed hook "before_prompt_build" blocked because non-bundled plugins must set plugins.entries.house-style.hooks.allowConversationAccess=true';

/** A before_prompt_build hook of a plugin that leaves allowConversationAccess off (its default). */
const pipeline: PipelineInput = {
  format: "hookwright.pipeline/v1",
  name: "house-style",
  profile: "openclaw",
  hooks: [{ id: "h1", point: "before_prompt_build", name: "british", code: 'export default async () => ({ prependContext: "Answer in British English." });\n' }],
  scenarios: [{ name: "hi", prompt: "Hi", model: { kind: "scripted", responses: [{ content: [{ type: "text", text: "Hello" }], stopReason: "end_turn" }] } }],
};
const context = { event: { prompt: "Hi", messages: [] }, ctx: { runId: "r1", agentId: "main", sessionKey: "agent:main:main" } };

describe("hookwright run: hooks the loader drops", () => {
  it("--point prints the dropped hook under its point with the loader's words", async () => {
    const r = await cli(["p.json", "--point", "before_prompt_build", "--context", "c.json"], { "p.json": pipeline, "c.json": context });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(['Run of "house-style" (profile openclaw), scenario "point before_prompt_build"', "  before_prompt_build  [prompt-build]", `    ~ british  dropped: ${LOADER_WORDS}`, "Exit: point_only", ""].join("\n"));
  });

  it("--point --json names it on point.start, and runs nothing", async () => {
    const r = await cli(["p.json", "--point", "before_prompt_build", "--context", "c.json", "--json", "--expand"], { "p.json": pipeline, "c.json": context });
    const events = r.stdout.trim().split("\n").map((line) => JSON.parse(line) as { type: string });
    expect(events.map((e) => e.type)).toEqual(["run.start", "point.start", "point.end", "run.end"]);
    expect((events[1] as PointStartEvent).dropped).toEqual([{ hookId: "h1", name: "british", setting: "allowConversationAccess", reason: LOADER_WORDS }]);
  });

  it("a full run says the same where the loop reaches the point", async () => {
    const r = await cli(["p.json"], { "p.json": pipeline });
    expect(r.stdout).toBe(
      [
        'Run of "house-style" (profile openclaw), scenario "hi"',
        "  before_prompt_build  [prompt-build]",
        `    ~ british  dropped: ${LOADER_WORDS}`,
        "  -> model call 1: 1 message, system none",
        '  <- reply (end_turn): "Hello"',
        "Exit: no_tool_calls",
        "1 model call, 0 tool calls",
        "",
      ].join("\n"),
    );
  });

  it("says nothing once the plugin sets allowConversationAccess: the hook runs", async () => {
    const allowed = { ...pipeline, hostSettings: { allowConversationAccess: true } };
    const r = await cli(["p.json", "--point", "before_prompt_build", "--context", "c.json", "--json", "--expand"], { "p.json": allowed, "c.json": context });
    const events = r.stdout.trim().split("\n").map((line) => JSON.parse(line) as { type: string });
    expect(events.map((e) => e.type)).toEqual(["run.start", "point.start", "hook.start", "hook.end", "point.end", "run.end"]);
    expect("dropped" in (events[1] as PointStartEvent)).toBe(false);
  });
});
