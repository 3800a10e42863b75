/**
 * deputy's hook registry, written in R, run by the R runtime once per hook point firing inside the
 * process sandbox (docs/deputy.md "How Hookwright runs R hooks"). It is deputy's own logic
 * (D:R/hooks.R:157-289, 302-596 and D:R/hook-validation.R at c474452), restated without R6, cli
 * and rlang (not installed here), plus what Hookwright records of each callback:
 *
 * 1. deputy's result constructors, as `library(deputy)` would attach them (and `deputy::x`).
 * 2. Every hook's code is sourced in one "global" environment, in registration order, as a
 *    hooks.R script would be; its last value is the callback. `HookMatcher$new()`'s checks run on
 *    it: event, function, signature (named arguments or `...`), pattern (`grepl(pattern, "")`).
 * 3. `fire()`: the matching hooks in order, `do.call(callback, args)` by name, the first non-NULL
 *    value wins; an error (or timeout) denies for PreToolUse, is logged and skipped elsewhere.
 *    With `timeout > 0` the callback runs as callr runs it: serialized into a fresh global
 *    environment without deputy attached (state is lost, unqualified deputy functions are not
 *    found), and an error there reaches deputy as callr reports it ("in callr subprocess.").
 * 4. One JSON document on stdout, between two marker lines: per callback its return value (JSON),
 *    console output, error, duration; and the winner.
 *
 * The input (`.hw_input`, written by rChain.ts as R literals) is read from input.R. With
 * `check_only = TRUE` (the editor's check, rCheck.ts) it stops after step 2: no callback is called.
 */
export const DEPUTY_R_RUNTIME = String.raw`
local({
hw <- environment()
input_env <- new.env()
sys.source("input.R", envir = input_env, keep.source = FALSE)
inp <- get(".hw_input", envir = input_env)
set.seed(inp$seed)

# ---- 1. deputy (D:R/hooks.R:157-289 and D:R/permissions.R:320-355) ----
dep <- new.env(parent = globalenv())
with(dep, {
  HookEvent <- c("PreToolUse", "PostToolUse", "PostToolUseFailure", "Stop", "SubagentStart", "SubagentStop",
    "UserPromptSubmit", "Notification", "PermissionRequest", "ConfigChange", "PreCompact", "SessionStart", "SessionEnd")
  HookResultPreToolUse <- function(permission = c("allow", "deny"), reason = NULL, continue = TRUE, additional_context = NULL, stop_reason = NULL) {
    permission <- match.arg(permission)
    structure(list(permission = permission, reason = reason, continue = continue, additional_context = additional_context, stop_reason = stop_reason),
      class = c("HookResultPreToolUse", "HookResult", "list"))
  }
  HookResultPostToolUse <- function(continue = TRUE, suppress_output = FALSE, updated_tool_output = NULL, additional_context = NULL, stop_reason = NULL) {
    structure(list(continue = continue, suppress_output = isTRUE(suppress_output), updated_tool_output = updated_tool_output,
      additional_context = additional_context, stop_reason = stop_reason), class = c("HookResultPostToolUse", "HookResult", "list"))
  }
  HookResultPreCompact <- function(continue = TRUE, summary = NULL) {
    structure(list(continue = continue, summary = summary), class = c("HookResultPreCompact", "HookResult", "list"))
  }
  PermissionResultAllow <- function() structure(list(), class = c("PermissionResultAllow", "PermissionResult", "list"))
  PermissionResultDeny <- function(reason, interrupt = FALSE) structure(list(reason = reason, interrupt = interrupt), class = c("PermissionResultDeny", "PermissionResult", "list"))
  "%||%" <- function(x, y) if (is.null(x)) y else x
})
deputy_ns <- dep
# deputy::f and deputy:::f find deputy's functions, in the agent's process and in a callr child alike.
assign("::", function(pkg, name) {
  pkg <- as.character(substitute(pkg)); name <- as.character(substitute(name))
  if (identical(pkg, "deputy")) return(get(name, envir = deputy_ns, inherits = FALSE))
  getExportedValue(pkg, name)
}, envir = globalenv())
assign(":::", function(pkg, name) {
  pkg <- as.character(substitute(pkg)); name <- as.character(substitute(name))
  if (identical(pkg, "deputy")) return(get(name, envir = deputy_ns, inherits = FALSE))
  get(name, envir = asNamespace(pkg), inherits = FALSE)
}, envir = globalenv())
# The run's clock: every call reads the scenario's start time (deterministic runs).
clock <- inp$now
assign("Sys.time", function() .POSIXct(clock, tz = "UTC"), envir = globalenv())
assign("Sys.Date", function() as.Date(.POSIXct(clock, tz = "UTC")), envir = globalenv())

# The agent's R session lives as long as the run: what earlier firings left (top-level objects,
# each registered callback with its closure) comes back from state.rds; hooks are sourced once.
user_global <- new.env(parent = dep)
callbacks <- list()
if (file.exists("state.rds")) {
  st <- tryCatch(readRDS("state.rds"), error = function(e) NULL)
  if (!is.null(st)) { user_global <- st$user_global; callbacks <- st$callbacks }
}

# ---- JSON (base R: jsonlite is not installed) ----
json_str <- function(s) {
  s <- enc2utf8(as.character(s))
  s <- gsub("\\", "\\\\", s, fixed = TRUE)
  s <- gsub("\"", "\\\"", s, fixed = TRUE)
  s <- gsub("\n", "\\n", s, fixed = TRUE)
  s <- gsub("\r", "\\r", s, fixed = TRUE)
  s <- gsub("\t", "\\t", s, fixed = TRUE)
  if (any(grepl("[\001-\037]", s))) {
    ctl <- gregexpr("[\001-\037]", s)
    regmatches(s, ctl) <- lapply(regmatches(s, ctl), function(m) vapply(m, function(ch) sprintf("\\u%04x", utf8ToInt(ch)), ""))
  }
  paste0("\"", s, "\"")
}
json_num <- function(x) {
  if (is.na(x) || !is.finite(x)) return("null")
  if (x == round(x) && abs(x) < 1e15) return(sprintf("%.0f", x))
  sprintf("%.15g", x)
}
json_scalar <- function(x) {
  if (is.na(x)) return("null")
  if (is.logical(x)) return(if (x) "true" else "false")
  if (is.numeric(x)) return(json_num(x))
  json_str(x)
}
to_json <- function(x, depth = 0) {
  if (depth > 50) return(json_str("<nested too deeply>"))
  if (is.null(x)) return("null")
  if (is.function(x)) return(json_str("<function>"))
  if (is.environment(x)) return(json_str("<environment>"))
  if (inherits(x, "POSIXt")) x <- format(x, "%Y-%m-%dT%H:%M:%SZ", tz = "UTC")
  else if (inherits(x, "Date")) x <- format(x)
  else if (is.factor(x)) x <- as.character(x)
  else if (inherits(x, "condition")) return(paste0("{", json_str("condition"), ":", json_str(conditionMessage(x)), "}"))
  if (is.list(x) && !is.null(oldClass(x)) && !inherits(x, "data.frame") && !identical(oldClass(x), "list")) {
    # A classed list (deputy's results): { "<class>": { fields } }.
    return(paste0("{", json_str(oldClass(x)[1]), ":", to_json(unclass(x), depth + 1), "}"))
  }
  if (is.list(x)) {
    n <- names(x)
    parts <- vapply(seq_along(x), function(i) to_json(x[[i]], depth + 1), "")
    if (!is.null(n) && all(nzchar(n))) return(paste0("{", paste0(json_str(n), ":", parts, collapse = ","), "}"))
    return(paste0("[", paste(parts, collapse = ","), "]"))
  }
  if (is.atomic(x)) {
    if (is.raw(x)) x <- as.integer(x)
    if (is.complex(x)) x <- as.character(x)
    n <- names(x)
    parts <- vapply(seq_along(x), function(i) json_scalar(x[[i]]), "")
    if (!is.null(n) && all(nzchar(n))) return(paste0("{", paste0(json_str(n), ":", parts, collapse = ","), "}"))
    if (length(x) == 1) return(parts)
    return(paste0("[", paste(parts, collapse = ","), "]"))
  }
  json_str(paste(class(x), collapse = "/"))
}

# ---- console capture and time limits ----
# Runs thunk() with its console output and messages captured in order, under an elapsed-time limit.
capture <- function(thunk, limit_s, file) {
  logs <- list()
  lines <- character()
  taken <- 0L
  con <- textConnection("lines", "w", local = TRUE)
  sink(con)
  flush_out <- function() {
    if (length(lines) > taken) {
      for (l in lines[(taken + 1L):length(lines)]) logs[[length(logs) + 1L]] <<- list(level = "log", message = l)
      taken <<- length(lines)
    }
  }
  line <- NA_integer_
  started <- proc.time()[["elapsed"]]
  value <- NULL
  err <- NULL
  setTimeLimit(elapsed = limit_s, transient = TRUE)
  tryCatch(
    withCallingHandlers(value <- thunk(),
      message = function(m) { flush_out(); logs[[length(logs) + 1L]] <<- list(level = "info", message = sub("\n$", "", conditionMessage(m))); invokeRestart("muffleMessage") },
      warning = function(w) { flush_out(); logs[[length(logs) + 1L]] <<- list(level = "warn", message = paste("Warning:", conditionMessage(w))); invokeRestart("muffleWarning") },
      error = function(e) {
        # The user's own line: the innermost call whose source is this hook's file.
        for (call in rev(sys.calls())) {
          ref <- attr(call, "srcref")
          if (!is.null(ref) && identical(basename(attr(ref, "srcfile")$filename %||% ""), basename(file))) { line <<- ref[[1]]; break }
        }
      }),
    error = function(e) err <<- e
  )
  setTimeLimit()
  elapsed <- (proc.time()[["elapsed"]] - started) * 1000
  cat("")
  flush_out()
  sink()
  close(con)
  flush_out()
  list(value = value, error = err, logs = logs, ms = elapsed, line = line)
}
"%||%" <- function(x, y) if (is.null(x)) y else x
timed_out <- function(e) !is.null(e) && grepl("reached (elapsed|CPU) time limit", conditionMessage(e))

# ---- 2. HookMatcher$new() checks (D:R/hooks.R:344-361, D:R/hook-validation.R) ----
hook_callback_arguments <- list(
  PreToolUse = c("tool_name", "tool_input", "context"),
  PostToolUse = c("tool_name", "tool_result", "tool_error", "context"),
  PostToolUseFailure = c("tool_name", "tool_result", "tool_error", "context"),
  Stop = c("reason", "context"),
  SubagentStart = c("agent_name", "task", "context"),
  SubagentStop = c("agent_name", "task", "result", "context"),
  UserPromptSubmit = c("prompt", "context"),
  Notification = c("message", "context"),
  PermissionRequest = c("tool_name", "tool_input", "permission_result", "context"),
  ConfigChange = c("key", "old_value", "new_value", "context"),
  PreCompact = c("turns_to_compact", "turns_to_keep", "context"),
  SessionStart = "context",
  SessionEnd = c("reason", "context")
)
matcher_problem <- function(event, callback, pattern) {
  if (!event %in% dep$HookEvent) return(sprintf("Invalid hook event: \"%s\"", event))
  if (!is.function(callback)) return("` + "`callback`" + String.raw` must be a function")
  f <- formals(callback)
  expected <- hook_callback_arguments[[event]]
  actual <- names(f)
  dots <- !is.null(f) && "..." %in% actual
  extra <- setdiff(actual, c(expected, "..."))
  required_extra <- extra[vapply(f[extra], function(v) identical(v, quote(expr = )), logical(1))]
  if (is.null(f) || (!dots && length(setdiff(expected, actual)) > 0L) || length(required_extra) > 0L) {
    return(sprintf("Invalid callback for \"%s\" hook. Expected signature: function(%s) or a callback accepting ` + "`...`" + String.raw`.", event, paste(expected, collapse = ", ")))
  }
  if (!is.null(pattern)) {
    ok <- tryCatch({ suppressWarnings(grepl(pattern, "")); TRUE }, error = function(e) FALSE)
    if (!ok) return(sprintf("Invalid hook pattern: \"%s\"", pattern))
  }
  NULL
}

records <- list()
registered <- list()
for (h in inp$hooks) {
  if (!is.null(callbacks[[h$id]])) {
    registered[[length(registered) + 1L]] <- list(id = h$id, file = h$file, callback = callbacks[[h$id]], pattern = h$pattern, timeout = h$timeout, logs = list())
    next
  }
  src <- tryCatch(parse(h$file, keep.source = TRUE, encoding = "UTF-8"), error = function(e) e)
  if (inherits(src, "error")) {
    msg <- sub("^[^:]*:", "", conditionMessage(src))
    records[[length(records) + 1L]] <- list(hookId = h$id, stage = "register", output = NULL, logs = list(), ms = 0,
      error = list(kind = "threw", message = paste0("Error in parse():", msg), line = as.integer(sub("^([0-9]+):.*", "\\1", trimws(msg)))), warnings = list())
    next
  }
  # The hook's file as a hooks.R script runs it: every expression at top level, the last value is the callback.
  at_expr <- 0L
  sourced <- capture(function() { v <- NULL; for (i in seq_along(src)) { at_expr <<- i; v <- eval(src[[i]], user_global) }; v }, inp$limit_s, h$file)
  if (!is.null(sourced$error)) {
    # An error raised by top-level code itself (not inside a function of the file): the line of that expression.
    if (is.na(sourced$line) && at_expr > 0L && !is.null(attr(src, "srcref"))) sourced$line <- as.integer(attr(src, "srcref")[[at_expr]][[1]])
    records[[length(records) + 1L]] <- list(hookId = h$id, stage = "register", output = NULL, logs = sourced$logs, ms = sourced$ms,
      error = list(kind = if (timed_out(sourced$error)) "timeout" else "threw", message = paste("Error while sourcing the hook:", conditionMessage(sourced$error)), line = sourced$line), warnings = list())
    next
  }
  problem <- matcher_problem(inp$event, sourced$value, h$pattern)
  if (!is.null(problem)) {
    # The editor's check (check_only) puts the problem on the line of the code's last expression: the callback.
    refs <- attr(src, "srcref")
    last_line <- if (isTRUE(inp$check_only) && length(refs) > 0L) as.integer(refs[[length(refs)]][[1]]) else NA_integer_
    records[[length(records) + 1L]] <- list(hookId = h$id, stage = "register", output = NULL, logs = sourced$logs, ms = sourced$ms,
      error = list(kind = "threw", message = problem, line = last_line),
      warnings = list("HookMatcher$new() refused this hook, so it was never added: in deputy the script registering the hooks stops with this error before the agent runs"))
    next
  }
  registered[[length(registered) + 1L]] <- list(id = h$id, file = h$file, callback = sourced$value, pattern = h$pattern, timeout = h$timeout, logs = sourced$logs)
  callbacks[[h$id]] <- sourced$value
}

# The editor's check stops here: HookMatcher$new()'s verdict, no callback is called.
if (isTRUE(inp$check_only)) registered <- list()

# ---- 3. fire() (D:R/hooks.R:486-596) ----
matches <- function(pattern, tool_name) {
  if (is.null(pattern)) return(TRUE)
  if (is.null(tool_name)) return(FALSE)
  grepl(pattern, tool_name)
}
# callr::r(function(callback, args) do.call(callback, args), ...): a fresh R with no deputy attached.
in_callr_child <- function(callback, args) {
  child_global <- new.env(parent = globalenv())
  bytes <- serialize(list(callback, args), NULL, refhook = function(e) if (identical(e, user_global)) "user_global" else NULL)
  copy <- unserialize(bytes, refhook = function(name) child_global)
  res <- tryCatch(list(value = do.call(copy[[1]], copy[[2]])), error = function(e) list(error = e))
  if (!is.null(res$error)) {
    if (timed_out(res$error)) stop("callr timed out", call. = FALSE)
    # callr 3.7: the child's error comes back as "in callr subprocess.", its message only in the parent error.
    err <- simpleError("in callr subprocess.")
    err$cause <- conditionMessage(res$error)
    stop(err)
  }
  # The value crosses back serialized, as callr reads it from the child's result file.
  unserialize(serialize(res$value, NULL))
}

event <- inp$event
tool_name <- inp$tool_name
args <- inp$args
if (!is.null(tool_name)) args <- c(list(tool_name = tool_name), args)
winner <- NULL
winning <- NULL
not_called <- list()
done <- FALSE
for (hook in registered) {
  # get_hooks() filters by pattern first (D:R/hooks.R:486-494); then fire() stops at the first non-NULL value.
  if (!matches(hook$pattern, tool_name)) {
    why <- if (is.null(tool_name)) sprintf("not called: it has pattern \"%s\", and %s passes no tool name, so it never matches", hook$pattern, event) else sprintf("not called: pattern \"%s\" does not match tool \"%s\" (grepl)", hook$pattern, tool_name)
    not_called[[length(not_called) + 1L]] <- list(hookId = hook$id, why = why)
    next
  }
  if (done) { not_called[[length(not_called) + 1L]] <- list(hookId = hook$id, why = sprintf("not called: %s returned a non-NULL value first and deputy stops at the first one", winner), by = winner); next }
  callr <- hook$timeout > 0
  limit <- if (callr) min(hook$timeout, inp$limit_s) else inp$limit_s
  ran <- capture(function() if (callr) in_callr_child(hook$callback, args) else do.call(hook$callback, args), limit, hook$file)
  warnings <- list()
  result <- NULL
  error <- NULL
  if (!is.null(ran$error)) {
    msg <- conditionMessage(ran$error)
    to <- timed_out(ran$error) || identical(msg, "callr timed out")
    if (callr && to) msg <- "callr timed out"
    if (to) warnings[[length(warnings) + 1L]] <- if (callr && hook$timeout > inp$limit_s) sprintf("Hookwright stopped the callback at its %s s limit; deputy would wait for the hook's timeout (%s s) and then fail it the same way: callr timed out", format(inp$limit_s), format(hook$timeout)) else if (!callr) sprintf("Hookwright stopped the callback at its %s s limit; with timeout = 0 deputy sets no limit and the agent would hang here", format(inp$limit_s)) else sprintf("callr stopped the callback at the hook's timeout (%s s)", format(hook$timeout))
    shown <- if (!is.null(ran$error$cause)) sprintf("%s Caused by: %s", msg, ran$error$cause) else msg
    error <- list(kind = if (to) "timeout" else "threw", message = shown, line = ran$line)
    if (!is.null(ran$error$cause)) warnings[[length(warnings) + 1L]] <- sprintf("deputy only sees \"%s\" (callr's message): the cause is in the parent error. With timeout = 0 the callback runs in the agent's own R session, where deputy's functions are attached", msg)
    if (identical(event, "PreToolUse")) {
      result <- dep$HookResultPreToolUse(permission = "deny", reason = paste("Hook error:", msg))
      warnings[[length(warnings) + 1L]] <- "PreToolUse hook failed - denying tool for safety"
    } else {
      warnings[[length(warnings) + 1L]] <- sprintf("%s hook failed: logged in registry$last_errors(), the next hook is called", event)
    }
  } else {
    result <- ran$value
  }
  if (callr && length(ran$logs) > 0L) warnings[[length(warnings) + 1L]] <- "deputy discards this output: with timeout > 0 the callback runs in a callr child process whose console is not shown"
  records[[length(records) + 1L]] <- list(hookId = hook$id, stage = "call", output = if (is.null(ran$error)) ran$value else NULL,
    returned = is.null(ran$error), logs = c(hook$logs, ran$logs), ms = ran$ms, error = error, warnings = warnings, wins = !is.null(result))
  if (!is.null(result)) { winner <- hook$id; winning <- result; done <- TRUE }
}

out <- paste0("{", json_str("records"), ":[",
  paste(vapply(records, function(r) paste0("{",
    json_str("hookId"), ":", json_str(r$hookId), ",",
    json_str("stage"), ":", json_str(r$stage), ",",
    json_str("returned"), ":", if (isTRUE(r$returned)) "true" else "false", ",",
    json_str("output"), ":", to_json(r$output), ",",
    json_str("wins"), ":", if (isTRUE(r$wins)) "true" else "false", ",",
    json_str("ms"), ":", json_num(r$ms), ",",
    json_str("logs"), ":", to_json(r$logs), ",",
    json_str("warnings"), ":", to_json(r$warnings), ",",
    json_str("error"), ":", if (is.null(r$error)) "null" else paste0("{", json_str("kind"), ":", json_str(r$error$kind), ",", json_str("message"), ":", json_str(r$error$message), ",", json_str("line"), ":", json_scalar(r$error$line), "}"),
    "}"), ""), collapse = ","),
  "],", json_str("winner"), ":", if (is.null(winner)) "null" else json_str(winner), ",",
  json_str("value"), ":", to_json(winning), ",",
  json_str("notCalled"), ":", to_json(not_called), "}")
saved <- tryCatch({ saveRDS(list(user_global = user_global, callbacks = callbacks), "state.rds"); TRUE }, error = function(e) FALSE)
if (!saved && file.exists("state.rds")) unlink("state.rds")
cat(inp$marker, "\n", out, "\n", inp$marker, "\n", sep = "")
})
`;
