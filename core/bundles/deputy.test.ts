import { describe, expect, it } from "vitest";
import { examplePipelines } from "../examples";
import { parsePipeline } from "../pipeline/parsePipeline";
import type { Pipeline } from "../pipeline/schema";
import { deputyProfile } from "../profiles";
import { BundleError } from "./errors";
import { exportDeputyHooks } from "./exportDeputy";
import { importDeputyHooksFile } from "./importDeputy";

function pipelineOf(input: unknown): Pipeline {
  const parsed = parsePipeline(input);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return parsed.value;
}

const hooksR = (p: Pipeline) => exportDeputyHooks(p, deputyProfile).files.find((f) => f.path === "hooks.R")?.content ?? "";
const readBack = (text: string) => importDeputyHooksFile({ fileName: "hooks.R", text, profile: deputyProfile });
const shape = (p: Pipeline) => p.hooks.map((h) => ({ id: h.id, name: h.name, point: h.point, enabled: h.enabled, matcher: h.matcher, runtime: h.runtime, code: h.code.replace(/\s+$/, "") }));

function refusal(text: string): string {
  try {
    readBack(text);
  } catch (error) {
    if (error instanceof BundleError) return error.message;
    throw error;
  }
  throw new Error("not refused");
}

describe("exportDeputyHooks / importDeputyHooksFile", () => {
  for (const example of examplePipelines.filter((p) => p.profile === "deputy")) {
    it(`round-trips ${example.name}: hooks, order, patterns, timeouts and code`, () => {
      const pipeline = pipelineOf(example);
      const back = readBack(hooksR(pipeline));
      expect(shape(back.pipeline)).toEqual(shape(pipeline));
      expect(back.pipeline.name).toBe(pipeline.name);
      expect(back.warnings).toEqual([]);
    });
  }

  it("round-trips code with top-level helpers, a disabled hook and names that collide", () => {
    const pipeline = pipelineOf({
      format: "hookwright.pipeline/v1",
      name: "helpers",
      profile: "deputy",
      hooks: [
        { id: "a", point: "Stop", name: "same", code: 'log_line <- function(x) message("[stop] ", x)\nfunction(reason, context) { log_line(reason); NULL }\n', runtime: { kind: "r", timeout: 0 } },
        { id: "b", point: "PreToolUse", name: "same", enabled: false, matcher: "^write_(file|csv)$", code: 'function(...) deputy::HookResultPreToolUse("deny", reason = "a ]-\\" quote")\n', runtime: { kind: "r", timeout: 2.5 } },
      ],
    });
    const text = hooksR(pipeline);
    expect(text).toContain('hook_same <- eval(parse(text = r"-[log_line <- function(x) message("[stop] ", x)');
    expect(text).toContain('  if (FALSE) agent$add_hook(deputy::HookMatcher$new(event = "PreToolUse", callback = hook_same_2, pattern = "^write_(file|csv)$", timeout = 2.5)) # disabled in Hookwright');
    expect(shape(readBack(text).pipeline)).toEqual(shape(pipeline));
  });

  it("reads a hand-written hooks.R: inline callbacks, positional arguments, file order", () => {
    const text = [
      "library(deputy)",
      'agent <- Agent$new(chat = ellmer::chat_anthropic(), permissions = permissions_full())',
      "agent$add_hook(HookMatcher$new(",
      '  event = "PreToolUse",',
      '  pattern = "^(run_bash|bash)$",',
      "  callback = function(tool_name, tool_input, context) {",
      '    if (grepl("rm -rf", tool_input$command)) HookResultPreToolUse(permission = "deny", reason = "Dangerous!") # not ) here',
      "  }",
      "))",
      "logger <- function(tool_name, tool_result, tool_error, context) NULL",
      'agent$add_hook(HookMatcher$new("PostToolUse", logger, NULL, 0))',
      'note <- "HookMatcher$new(event = 1)"',
      'agent$add_hook(HookMatcher$new(event = "Notification", callback = function(message, context) NULL))',
      "",
    ].join("\n");
    const back = readBack(text);
    expect(back.pipeline.hooks.map((h) => [h.id, h.point, h.matcher, h.runtime, h.code])).toEqual([
      ["pretooluse-1", "PreToolUse", "^(run_bash|bash)$", { kind: "r" }, 'function(tool_name, tool_input, context) {\n    if (grepl("rm -rf", tool_input$command)) HookResultPreToolUse(permission = "deny", reason = "Dangerous!") # not ) here\n  }\n'],
      ["logger", "PostToolUse", null, { kind: "r", timeout: 0 }, "logger <- function(tool_name, tool_result, tool_error, context) NULL\n".replace("logger <- ", "")],
    ]);
    expect(back.warnings).toEqual(["hooks.R:13: Notification hooks are not modelled by Hookwright's deputy profile; left out."]);
  });

  it("refuses what it cannot read without running R, naming the line", () => {
    expect(refusal('ev <- "PreToolUse"\nagent$add_hook(HookMatcher$new(event = ev, callback = function(...) NULL))\n')).toBe('hooks.R:2: the event must be a literal string such as "PreToolUse", not ev.');
    expect(refusal('agent$add_hook(HookMatcher$new(event = "PreToolUse", callback = make_gate("rm"), pattern = "^x$"))\n')).toBe(
      "hooks.R:1: the callback make_gate(\"rm\") is not a function written inline or defined at top level as name <- function(...); Hookwright cannot read it without running R.",
    );
    expect(refusal('\n\nagent$add_hook(HookMatcher$new(event = "PreToolUse", callback = function(...) NULL, pattern = paste0("^", tool)))\n')).toBe('hooks.R:3: the pattern must be a literal string or NULL, not paste0("^", tool).');
    expect(refusal('agent$add_hook(HookMatcher$new(event = "PreTool", callback = function(...) NULL))\n')).toContain('hooks.R:1: Invalid hook event: "PreTool"');
    expect(refusal("x <- 1\n")).toBe("hooks.R registers no hooks: Hookwright looks for HookMatcher$new(event = \"...\", callback = ...) calls.");
  });
});
