import type { HookFailure } from "../../core/engine/ports";
import type { SourceLocation } from "../../core/trace/events";
import type { GuestError } from "./guest/realm";
import { originalPosition, type SourceMapIndex } from "./sourceMap";
import { loopAfter } from "./spinningLoop";

/**
 * Turns what went wrong inside the sandbox into a {@link HookFailure} in plain words, located in
 * the user's own TypeScript: QuickJS stack positions are in the transpiled JavaScript, so each
 * frame is mapped back through the file's source map.
 *
 *   TypeError: cannot read property 'x' of undefined (hooks/be-concise.ts:4:11)
 *   timed out after 1000 ms (hooks/spin.ts:2:3)
 *   exceeded the 64 MiB memory limit (hooks/bomb.ts:3:5)
 */

export type SourceMaps = ReadonlyMap<string, SourceMapIndex>;

const FRAME = /\(?([^\s()]+):(\d+):(\d+)\)?\s*$/;

/** The innermost stack frame in one of the pipeline's files, in original coordinates. */
export function locate(stack: string, maps: SourceMaps): SourceLocation | null {
  const frame = innermostFrame(stack, maps);
  return frame ? original(frame.file, frame.map, frame.line, frame.column) : null;
}

/**
 * Where a hook interrupted at its deadline was spinning: the innermost frame, or the loop after it when
 * QuickJS only recorded the position before a loop of pure arithmetic (see spinningLoop.ts).
 */
export function locateSpin(stack: string, maps: SourceMaps): SourceLocation | null {
  const frame = innermostFrame(stack, maps);
  if (!frame) return null;
  const loop = loopAfter(frame.map.generatedLines, frame.line, frame.column);
  return loop ? original(frame.file, frame.map, loop.line, loop.column) : original(frame.file, frame.map, frame.line, frame.column);
}

function innermostFrame(stack: string, maps: SourceMaps): { file: string; map: SourceMapIndex; line: number; column: number } | null {
  for (const line of stack.split("\n")) {
    const m = FRAME.exec(line.trim());
    if (!m) continue;
    const [, file, l, c] = m as unknown as [string, string, string, string];
    const map = maps.get(file);
    if (map) return { file, map, line: Number(l), column: Number(c) };
  }
  return null;
}

function original(file: string, map: SourceMapIndex, line: number, column: number): SourceLocation {
  const pos = originalPosition(map, line, column);
  return pos ? { file, line: pos.line, column: pos.column } : { file, line, column };
}

/**
 * Stack frames quoted in a log line (`err.stack`, a logger's serialized Error) pointed at the
 * user's own TypeScript: `(hooks/h.ts:12:7)` in transpiled coordinates becomes the original
 * position. Frames in files the pipeline has no map for are left as they are.
 */
export function mapFramesInText(text: string, maps: SourceMaps): string {
  if (maps.size === 0 || text.indexOf(":") === -1) return text;
  return text.replace(/\(([^\s()]+):(\d+):(\d+)\)/g, (whole: string, file: string, l: string, c: string) => {
    const map = maps.get(file);
    if (!map) return whole;
    const pos = original(file, map, Number(l), Number(c));
    return `(${file}:${pos.line}:${pos.column})`;
  });
}

export function where(location: SourceLocation | null): string {
  return location ? ` (${location.file}:${location.line}:${location.column})` : "";
}

export function mib(bytes: number): string {
  const m = bytes / (1024 * 1024);
  return `${Number.isInteger(m) ? m : m.toFixed(1)} MiB`;
}

export function isOutOfMemory(error: Pick<GuestError, "name" | "message">): boolean {
  return error.name === "InternalError" && error.message === "out of memory";
}

/** A value the user's code threw (or a promise it rejected with). */
export function thrownFailure(error: GuestError, maps: SourceMaps, memoryBytes: number): HookFailure {
  const location = error.stack ? locate(error.stack, maps) : null;
  if (isOutOfMemory(error)) return { kind: "memory", message: `exceeded the ${mib(memoryBytes)} memory limit${where(location)}`, location };
  if (!error.isError) return { kind: "threw", message: `threw a value that is not an Error: ${error.message}`, location };
  const name = error.name || "Error";
  return { kind: "threw", message: `${name}: ${error.message}${where(location)}`, location };
}

/** The call was interrupted at its deadline; `stack` (the interrupt's) shows where it was spinning. */
export function timeoutFailure(timeoutMs: number, stack: string, maps: SourceMaps, doing = ""): HookFailure {
  const location = stack ? locateSpin(stack, maps) : null;
  return { kind: "timeout", message: `timed out after ${timeoutMs} ms${doing}${where(location)}`, location };
}

export function neverSettledFailure(): HookFailure {
  return {
    kind: "timeout",
    message:
      "never settled: the hook's promise is still pending with nothing left to run (it awaits something that can never resolve; the sandbox has no I/O)",
    location: null,
  };
}
