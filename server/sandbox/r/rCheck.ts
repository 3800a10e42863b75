import { randomBytes } from "node:crypto";
import { ProcessSandboxError, runSandboxedProcess } from "../process";
import { DEPUTY_R_RUNTIME } from "./deputyRuntime";
import { probeRRuntime, type RRuntimeProbe } from "./probe";
import { rString } from "./rLiteral";

/**
 * The editor's check of an R hook on save: the hook's code is parsed and sourced by the sandboxed R
 * exactly as a firing registers it (deputyRuntime.ts step 2, with `check_only`), so its problems
 * are deputy's own: a parse error with its line, an error while sourcing, and `HookMatcher$new()`'s
 * refusals (`` `callback` must be a function``, `Invalid callback for "PreToolUse" hook. Expected
 * signature: …`). No callback is called.
 */

export interface RProblem {
  line: number;
  message: string;
}

/** The check's answer: the problems, or why it could not run (no sandbox, no R). */
export type RHookCheck = { checked: true; problems: RProblem[] } | { checked: false; reason: string };

const MAX_CODE_BYTES = 1024 * 1024;
/** Sourcing runs the hook's top-level code: a budget like a firing's, generous for R's start. */
const SOURCE_LIMIT_S = 5;
const PROCESS_LIMIT_MS = 20_000;

/**
 * Checks `code` as deputy's `HookMatcher$new(event = point, callback = <its last value>)` would.
 *
 * @returns the problems (none: deputy would register it), or `checked: false` with the reason when
 *   the sandbox or R is missing here
 * @throws {ProcessSandboxError} BAD_SPEC / SETUP_FAILED (a host problem, not the user's)
 * @example await checkRHook({ point: "PreToolUse", code: "function(x) NULL" })
 *   // { checked: true, problems: [{ line: 1, message: 'Invalid callback for "PreToolUse" hook. Expected signature: function(tool_name, tool_input, context) or a callback accepting `...`.' }] }
 */
export async function checkRHook(args: { point: string; code: string; probe?: () => Promise<RRuntimeProbe> }): Promise<RHookCheck> {
  if (new TextEncoder().encode(args.code).byteLength > MAX_CODE_BYTES) return { checked: false, reason: "the hook is over 1 MB; it was not checked" };
  const available = await (args.probe ?? probeRRuntime)();
  if (!available.available) return { checked: false, reason: `${available.reason} (fix: ${available.fix})` };
  const marker = `--hookwright-${randomBytes(12).toString("hex")}--`;
  const input = [
    ".hw_input <- list(",
    `  event = ${rString(args.point)}, tool_name = NULL, args = list(),`,
    `  hooks = list(list(id = "hook", file = "hooks/1.R", pattern = NULL, timeout = 0)),`,
    `  limit_s = ${SOURCE_LIMIT_S}, now = 0, seed = 1, check_only = TRUE,`,
    `  marker = ${rString(marker)}`,
    ")",
    "",
  ].join("\n");
  let result;
  try {
    result = await runSandboxedProcess({
      command: { argv: [available.rscript, "--vanilla", "--no-echo", "runtime.R"] },
      files: [
        { path: "runtime.R", content: DEPUTY_R_RUNTIME },
        { path: "input.R", content: input },
        { path: "hooks/1.R", content: args.code },
      ],
      env: { R_HOME: "/usr/lib/R", TZ: "UTC", LANG: "C.UTF-8", LC_ALL: "C.UTF-8" },
      limits: { timeoutMs: PROCESS_LIMIT_MS },
    });
  } catch (error) {
    if (error instanceof ProcessSandboxError && error.code === "UNAVAILABLE") return { checked: false, reason: `R hooks are checked only inside the process sandbox, which is not available here: ${error.message}` };
    throw error;
  }
  const start = result.stdout.indexOf(`${marker}\n`);
  const end = result.stdout.lastIndexOf(`\n${marker}`);
  if (start < 0 || end <= start) {
    return { checked: false, reason: result.timedOut ? "the hook's top-level code kept R busy past the check's limit" : `the sandboxed R ended without an answer (exit ${String(result.exitCode)})` };
  }
  const out = JSON.parse(result.stdout.slice(start + marker.length + 1, end)) as { records: { stage: string; error: { message: string; line: number | null } | null }[] };
  const problems = out.records.flatMap((r) => (r.stage === "register" && r.error ? [{ line: typeof r.error.line === "number" && r.error.line > 0 ? r.error.line : 1, message: r.error.message }] : []));
  return { checked: true, problems };
}
