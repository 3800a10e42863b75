import type { LogEntry } from "../../../core/trace/events";
import { formatArgs, inspect, isError, safeJson } from "./format";

/** Captured before user code runs: a hook replacing its realm's JSON cannot disturb the sandbox's bookkeeping. */
const { stringify } = JSON;

/**
 * Guest code: the per-call log buffer behind `console.*` and the context's `logger`.
 * Volume is capped per hook call so a logging loop cannot flood the trace (or the heap).
 */

export const MAX_LOG_ENTRIES = 1000;
export const MAX_LOG_BYTES = 256 * 1024;
/** One entry longer than this is cut (logging a 1 MB context by accident stays readable). */
export const MAX_ENTRY_CHARS = 32 * 1024;

export interface LogBuffer {
  push(level: LogEntry["level"], message: string): void;
  /** The entries of the call that just ended, with a note if some were dropped; resets the buffer. */
  take(): LogEntry[];
}

export function createLogBuffer(): LogBuffer {
  let entries: LogEntry[] = [];
  let bytes = 0;
  let dropped = 0;
  return {
    push(level, message) {
      const text = message.length > MAX_ENTRY_CHARS ? `${message.slice(0, MAX_ENTRY_CHARS)}… (${message.length - MAX_ENTRY_CHARS} more characters cut)` : message;
      if (entries.length >= MAX_LOG_ENTRIES || bytes + text.length > MAX_LOG_BYTES) {
        dropped++;
        return;
      }
      bytes += text.length;
      entries.push({ level, message: text });
    },
    take() {
      const out = entries;
      if (dropped > 0) {
        out.push({
          level: "warn",
          message: `${dropped} more log entr${dropped === 1 ? "y was" : "ies were"} dropped: a hook call keeps at most ${MAX_LOG_ENTRIES} entries / ${MAX_LOG_BYTES / 1024} KB of logs`,
        });
      }
      entries = [];
      bytes = 0;
      dropped = 0;
      return out;
    },
  };
}

/** `console` for a realm: log/info/warn/error/debug (+ trace, dir, assert) into the buffer. */
export function createConsole(buffer: LogBuffer): Record<string, (...args: unknown[]) => void> {
  const at = (level: LogEntry["level"]) =>
    function (...args: unknown[]): void {
      buffer.push(level, formatArgs(args));
    };
  return {
    log: at("log"),
    info: at("info"),
    warn: at("warn"),
    error: at("error"),
    debug: at("debug"),
    trace: at("debug"),
    dir: (value: unknown) => buffer.push("log", inspect(value)),
    assert: (condition: unknown, ...args: unknown[]) => {
      if (!condition) buffer.push("error", args.length > 0 ? `Assertion failed: ${formatArgs(args)}` : "Assertion failed");
    },
  };
}

export interface GuestLogger {
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
  debug(...args: unknown[]): void;
  trace(...args: unknown[]): void;
  fatal(...args: unknown[]): void;
  child(bindings: Record<string, unknown>): GuestLogger;
}

/**
 * A pino-like logger (the shape Vellum hands hooks as `ctx.logger`): `(obj | msg, msg?, ...args)`.
 * `logger.info({ id: 1 }, "saved %s", name)` logs `saved x {"id":1}`; an Error first logs its message.
 */
export function createLogger(buffer: LogBuffer, bindings: Record<string, unknown> = {}): GuestLogger {
  const at = (level: LogEntry["level"]) =>
    function (...args: unknown[]): void {
      buffer.push(level, pinoMessage(args, bindings));
    };
  return {
    info: at("info"),
    warn: at("warn"),
    error: at("error"),
    debug: at("debug"),
    trace: at("debug"),
    fatal: at("error"),
    child: (more) => createLogger(buffer, { ...bindings, ...more }),
  };
}

function pinoMessage(args: readonly unknown[], bindings: Record<string, unknown>): string {
  const [first, ...rest] = args;
  let message: string;
  let fields: Record<string, unknown> = { ...bindings };
  if (isError(first)) {
    message = rest.length > 0 ? formatArgs(rest) : `${first.name}: ${first.message}`;
    if (rest.length > 0) fields = { ...fields, err: `${first.name}: ${first.message}` };
  } else if (typeof first === "object" && first !== null) {
    message = formatArgs(rest);
    fields = { ...fields, ...(first as Record<string, unknown>) };
  } else {
    message = formatArgs(args);
  }
  const extra = Object.keys(fields).length > 0 ? fieldsJson(fields) : "";
  return message && extra ? `${message} ${extra}` : message || extra;
}

/** The fields as JSON, with each Error in them as data (JSON alone would print `{}`). */
function fieldsJson(fields: Record<string, unknown>): string {
  try {
    const text = stringify(fields, (_key, v: unknown) => (typeof v === "bigint" ? `${v}n` : isError(v) ? errorData(v, 0) : v));
    return text === undefined ? "undefined" : text;
  } catch {
    return safeJson(fields);
  }
}

/**
 * An Error the way the Vellum host's `err` serializer writes it (util/log-redact.ts: name,
 * message, a string code, stack, the cause chain, then the other own enumerable fields). The
 * stack reads as Node's, `Name: message` then the hook's frames; the sandbox's own frames (its realm code, host modules) are left out.
 */
function errorData(err: Error, depth: number): unknown {
  const out: Record<string, unknown> = { name: String(err.name), message: String(err.message) };
  const code = (err as { code?: unknown }).code;
  if (typeof code === "string") out.code = code;
  const frames = typeof err.stack === "string" ? err.stack.split("\n").filter((line) => line.trim() !== "" && !line.includes("(hookwright:") && !line.includes("(<input>:")) : [];
  out.stack = [`${out.name}: ${out.message}`, ...frames.filter((line) => /^\s+at /.test(line))].join("\n");
  const cause = (err as { cause?: unknown }).cause;
  if (cause !== undefined) out.cause = isError(cause) && depth < 8 ? errorData(cause, depth + 1) : cause;
  for (const key of Object.keys(err)) if (!(key in out)) out[key] = (err as unknown as Record<string, unknown>)[key];
  return out;
}
