import type { LogEntry } from "../../core/trace/events";
import type { CallReport, GuestError } from "./guest/realm";

/*
 * What the guest hands back is checked before use: user code runs in the same realm as the
 * sandbox's guest helpers, so a hook that tampers with built-ins could make them return anything.
 */

export function readJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const LEVELS = new Set(["log", "info", "warn", "error", "debug"]);

export function asGuestError(value: unknown): GuestError | null {
  if (!isRecord(value) || typeof value.name !== "string" || typeof value.message !== "string" || typeof value.stack !== "string") return null;
  return { name: value.name, message: value.message, stack: value.stack, isError: value.isError === true };
}

export function asCallReport(value: unknown): CallReport | null {
  if (!isRecord(value) || !Array.isArray(value.logs)) return null;
  const logs = value.logs.filter(
    (e): e is LogEntry => isRecord(e) && typeof e.level === "string" && LEVELS.has(e.level) && typeof e.message === "string",
  );
  const report: CallReport = { logs, timerError: value.timerError === null ? null : asGuestError(value.timerError) };
  if (typeof value.exit === "string") report.exit = value.exit;
  return report;
}
