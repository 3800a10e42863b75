import type { Profile } from "../profiles/types";
import { RECORDING_CAP_BYTES, RECORDING_LINE_CAP_BYTES, recorderReadmeSection } from "./recorder";

/**
 * The recorder in deputy's hooks.R (reference/deputy.md): `hookwright_recorder(event)` makes a
 * callback that records the event's named arguments and returns NULL, registered FIRST on every
 * event with `timeout = 0` (in the agent's own R session: no callr process per call). deputy
 * calls an event's hooks in registration order until one returns non-NULL, so a recorder after the
 * hooks would miss every event a hook answered; first, returning NULL, it changes nothing. It never
 * errors (a PreToolUse callback that errors denies the call).
 */

/** The recorder's factory in hooks.R; the importer leaves out registrations of its callbacks. */
export const DEPUTY_RECORDER = "hookwright_recorder";

export function deputyRecorderSource(): string[] {
  return [
    "# ---- Hookwright's recorder (README: Recorder) ----",
    `${DEPUTY_RECORDER} <- function(event) {`,
    "  force(event)",
    "  # Plain data only: R6 objects (permissions, usage), environments and functions are left out.",
    "  plain <- function(x, depth = 0) {",
    "    if (depth > 32 || is.function(x) || is.environment(x)) return(NULL)",
    "    if (is.list(x)) {",
    "      keep <- !vapply(x, function(v) is.function(v) || is.environment(v), logical(1))",
    "      return(lapply(x[keep], plain, depth = depth + 1))",
    "    }",
    "    if (is.atomic(x)) return(x)",
    "    NULL",
    "  }",
    "  function(...) {",
    "    tryCatch({",
    "      args <- list(...)",
    "      context <- args$context",
    '      session <- if (is.list(context) && is.character(context$session_id) && nzchar(context$session_id[1])) context$session_id[1] else "no-session"',
    "      folder <- file.path(if (is.list(context) && is.character(context$working_dir)) context$working_dir[1] else getwd(), \".hookwright\", \"recordings\")",
    "      dir.create(folder, recursive = TRUE, showWarnings = FALSE)",
    '      name <- substr(sub("^\\\\.+", "_", gsub("[^A-Za-z0-9._-]", "_", session)), 1, 120)',
    '      path <- file.path(folder, paste0(if (nzchar(name)) name else "no-session", ".jsonl"))',
    '      at <- format(Sys.time(), "%Y-%m-%dT%H:%M:%OS3Z", tz = "UTC")',
    "      input <- plain(args)",
    "      if (length(input) == 0) input <- structure(list(), names = character(0))",
    '      entry <- list(hookwright_recording = 1L, host = "deputy", point = event, at = at, session = session, input = input)',
    '      line <- as.character(jsonlite::toJSON(entry, auto_unbox = TRUE, null = "null", na = "null", digits = NA))',
    `      if (nchar(line, type = "bytes") > ${RECORDING_LINE_CAP_BYTES}) line <- as.character(jsonlite::toJSON(list(hookwright_recording = 1L, host = "deputy", point = event, at = at, session = session, input = NULL, inputBytes = nchar(line, type = "bytes")), auto_unbox = TRUE, null = "null"))`,
    "      size <- if (file.exists(path)) file.size(path) else 0",
    `      if (size < ${RECORDING_CAP_BYTES}) {`,
    '        cat(line, "\\n", file = path, append = TRUE, sep = "")',
    `        if (size + nchar(line, type = "bytes") + 1 >= ${RECORDING_CAP_BYTES}) cat(as.character(jsonlite::toJSON(list(hookwright_recording = 1L, host = "deputy", at = at, session = session, capped = TRUE, capBytes = ${RECORDING_CAP_BYTES}), auto_unbox = TRUE)), "\\n", file = path, append = TRUE, sep = "")`,
    "      }",
    "    }, error = function(e) NULL)",
    "    NULL",
    "  }",
    "}",
    "",
  ];
}

/** add_hookwright_hooks()'s lines that register the recorder, first, on every event. */
export function deputyRecorderRegistrations(profile: Profile): string[] {
  return profile.points.map((p) => `  agent$add_hook(deputy::HookMatcher$new(event = ${JSON.stringify(p.id)}, callback = ${DEPUTY_RECORDER}(${JSON.stringify(p.id)}), timeout = 0))`);
}

export function deputyRecorderReadme(profile: Profile): string[] {
  return recorderReadmeSection({
    file: `hooks.R (${DEPUTY_RECORDER})`,
    host: "deputy",
    points: profile.points.map((p) => p.id),
    where: "`<working_dir>/.hookwright/recordings/<session_id>.jsonl`, from the hook context's `working_dir` and `session_id` (else the R session's working folder and `no-session`); it needs the jsonlite package (a dependency of ellmer)",
    input: "the event's named arguments (`tool_name`, `tool_input`, `context`, …) as plain data: R6 objects (permissions, usage), environments and functions are left out.",
    decision:
      "not recorded: deputy calls an event's hooks in order until one returns non-NULL, so the recorder is registered first (with `timeout = 0`, in the agent's own R session) and returns NULL; a recorder after the hooks would miss every event a hook answered. PostToolUse shows what ran, and a rejected call's `tool_error`.",
    remove: `delete the \`${DEPUTY_RECORDER}(…)\` registrations from \`add_hookwright_hooks()\`, or export again without "Add a recorder".`,
  });
}
