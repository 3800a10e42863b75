import { describe, expect, it } from "vitest";
import { checkRHook } from "./rCheck";
import { rSkipReason } from "./testing";

const SIGNATURE = 'Invalid callback for "PreToolUse" hook. Expected signature: function(tool_name, tool_input, context) or a callback accepting `...`.';

describe.skipIf(rSkipReason !== null)("checkRHook (the editor's check, in the sandboxed R)", () => {
  it("accepts deputy's signature, `...`, and extra arguments with defaults; calls nothing", async () => {
    for (const code of ["function(tool_name, tool_input, context) NULL", "function(...) NULL", "function(tool_name, tool_input, context, verbose = FALSE) NULL", 'helper <- function(x) x\nfunction(tool_name, tool_input, context) stop("never called")\n']) {
      expect(await checkRHook({ point: "PreToolUse", code })).toEqual({ checked: true, problems: [] });
    }
  });

  it("refuses a signature as HookMatcher$new() does, with deputy's message, on the callback's line", async () => {
    expect(await checkRHook({ point: "PreToolUse", code: "# gate\nlog_it <- function(x) x\nfunction(tool, input, context) {\n  NULL\n}\n" })).toEqual({ checked: true, problems: [{ line: 3, message: SIGNATURE }] });
    expect(await checkRHook({ point: "PreToolUse", code: "function(tool_name, tool_input, context, extra) NULL" })).toEqual({ checked: true, problems: [{ line: 1, message: SIGNATURE }] });
    expect(await checkRHook({ point: "Stop", code: "function(context) NULL" })).toEqual({ checked: true, problems: [{ line: 1, message: 'Invalid callback for "Stop" hook. Expected signature: function(reason, context) or a callback accepting `...`.' }] });
    expect(await checkRHook({ point: "PreToolUse", code: "x <- 1\nx" })).toEqual({ checked: true, problems: [{ line: 2, message: "`callback` must be a function" }] });
  });

  it("reports a parse error and an error while sourcing with their lines", async () => {
    const parse = await checkRHook({ point: "PreToolUse", code: "function(tool_name, tool_input, context) {\n  if (x) {\n}\n" });
    expect(parse.checked && parse.problems[0]?.message).toMatch(/^Error in parse\(\):/);
    const sourcing = await checkRHook({ point: "PreToolUse", code: 'ok <- 1\nstop("boom")\nfunction(...) NULL\n' });
    expect(sourcing).toEqual({ checked: true, problems: [{ line: 2, message: "Error while sourcing the hook: boom" }] });
  });

  it("says why when R cannot run here", async () => {
    expect(await checkRHook({ point: "PreToolUse", code: "function(...) NULL", probe: () => Promise.resolve({ available: false, reason: "R hooks need R, and Rscript is not installed", fix: "apt-get install r-base-core" }) })).toEqual({
      checked: false,
      reason: "R hooks need R, and Rscript is not installed (fix: apt-get install r-base-core)",
    });
  });
});
