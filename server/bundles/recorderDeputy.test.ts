import { spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parsePipeline } from "~/core/pipeline/parsePipeline";
import type { Pipeline } from "~/core/pipeline/schema";
import { importText } from "~/core/sessions/testing";
import { exportPlugin, importPluginZip, exportPluginZip } from "./service";

/*
 * deputy's recorder in the exported hooks.R: registered first on every event with timeout = 0, and
 * its callbacks, called by Rscript with an event's named arguments as deputy passes them (deputy
 * itself is not installed here), write the recording, which imports back. An import of the file
 * leaves the recorder out.
 */

let dir = "";
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "hookwright-deputy-recorder-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function parsed(input: unknown): Pipeline {
  const result = parsePipeline(input);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.value;
}

const pipeline = parsed({
  format: "hookwright.pipeline/v1",
  name: "Bash gate",
  profile: "deputy",
  hooks: [{ id: "gate", point: "PreToolUse", name: "bash gate", matcher: "^run_bash$", code: 'function(tool_name, tool_input, context) {\n  if (grepl("rm -rf", tool_input$command, fixed = TRUE)) return(deputy::HookResultPreToolUse(permission = "deny", reason = "no"))\n  NULL\n}\n', runtime: { kind: "r", timeout: 0 } }],
});

describe("the deputy recorder", () => {
  it("registers first on every event, and its callbacks record the named arguments and return NULL", async () => {
    const script = exportPlugin(pipeline, "deputy", null, { recorder: true }).files.find((f) => f.path === "hooks.R")?.content ?? "";
    const body = script.slice(script.indexOf("add_hookwright_hooks <- function(agent) {"));
    expect(body.split("\n").slice(1, 4)).toEqual([
      '  agent$add_hook(deputy::HookMatcher$new(event = "SessionStart", callback = hookwright_recorder("SessionStart"), timeout = 0))',
      '  agent$add_hook(deputy::HookMatcher$new(event = "UserPromptSubmit", callback = hookwright_recorder("UserPromptSubmit"), timeout = 0))',
      '  agent$add_hook(deputy::HookMatcher$new(event = "PreToolUse", callback = hookwright_recorder("PreToolUse"), timeout = 0))',
    ]);
    await writeFile(join(dir, "hooks.R"), script);
    const driver = [
      'source("hooks.R")',
      "permissions <- new.env()",
      `ctx <- list(working_dir = ${JSON.stringify(dir)}, agent_id = "a1", session_id = "dep-1", tool_call_id = "call_1", permissions = permissions)`,
      'r1 <- hookwright_recorder("UserPromptSubmit")(prompt = "clean up", context = ctx)',
      'r2 <- hookwright_recorder("PreToolUse")(tool_name = "run_bash", tool_input = list(command = "rm -rf build"), context = ctx)',
      'r3 <- hookwright_recorder("PostToolUse")(tool_name = "run_bash", tool_result = NULL, tool_error = "Tool call rejected. no", context = ctx)',
      'cat(is.null(r1), is.null(r2), is.null(r3), "\\n")',
    ].join("\n");
    const run = spawnSync("Rscript", ["-e", driver], { cwd: dir, encoding: "utf8" });
    expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({ status: 0, stdout: "TRUE TRUE TRUE \n", stderr: "" });
    const text = await readFile(join(dir, ".hookwright", "recordings", "dep-1.jsonl"), "utf8");
    const ctx = { working_dir: dir, agent_id: "a1", session_id: "dep-1", tool_call_id: "call_1" };
    expect(text.trim().split("\n").map((l) => { const { at, ...rest } = JSON.parse(l) as Record<string, unknown>; expect(at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/); return rest; })).toEqual([
      { hookwright_recording: 1, host: "deputy", point: "UserPromptSubmit", session: "dep-1", input: { prompt: "clean up", context: ctx } },
      { hookwright_recording: 1, host: "deputy", point: "PreToolUse", session: "dep-1", input: { tool_name: "run_bash", tool_input: { command: "rm -rf build" }, context: ctx } },
      { hookwright_recording: 1, host: "deputy", point: "PostToolUse", session: "dep-1", input: { tool_name: "run_bash", tool_result: null, tool_error: "Tool call rejected. no", context: ctx } },
    ]);
    const { scenario } = importText(text, { fileName: "dep-1.jsonl", profile: "deputy" });
    expect(scenario.prompt).toBe("clean up");
    expect(scenario.tools.map((t) => [t.name, t.results])).toEqual([["run_bash", [{ content: "Tool call rejected. no", isError: true }]]]);
    expect(scenario.source?.pointFixtures?.map((f) => f.label)).toEqual(["UserPromptSubmit · clean up", "PreToolUse · run_bash · rm -rf build", "PostToolUse · run_bash"]);
  });

  it("is left out when hooks.R is imported back, with a note", () => {
    const plain = importPluginZip(exportPluginZip(pipeline, "deputy").bytes);
    const recorded = importPluginZip(exportPluginZip(pipeline, "deputy", null, { recorder: true }).bytes);
    expect(recorded.pipeline).toEqual(plain.pipeline);
    expect(recorded.warnings).toEqual([...plain.warnings, `Hookwright's recorder is left out: it is an export option ("Add a recorder"), not a hook.`]);
  });
});
