import type { ToolDefinition } from "~/core/pipeline/schema";

/** One scripted result of a scenario tool: text, or content with an error flag and what the handler did when it was recorded. */
export type ToolResult = NonNullable<ToolDefinition["results"]>[number];
type RecordedEffects = Omit<Extract<ToolResult, object>, "content" | "isError">;

/** What a result replays besides its content, for the form: its file changes (listed) and a count of the rest. */
export type EffectsSummary = {
  files: { op: string; path: string; to?: string }[];
  /** e.g. "2 file changes, 1 log line, 1 clock read"; empty when the result carries nothing besides content and error flag. */
  text: string;
};

function effectsOf(result: ToolResult): RecordedEffects {
  if (typeof result === "string") return {};
  const { content: _c, isError: _e, ...effects } = result;
  return effects;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * A result with new content or error flag. Recorded effects (file changes, logs, requests, clock and random
 * values, from "Save as scenario" or a re-run) stay: editing the text must not silently drop the handler's
 * writes a later hook reads. A result with none is stored as its text when it is not an error, as before.
 */
export function editToolResult(result: ToolResult, next: { content: string; isError: boolean }): ToolResult {
  const effects = effectsOf(result);
  if (Object.keys(effects).length === 0) return next.isError ? next : next.content;
  return { ...next, ...effects };
}

/** The result without its recorded effects: the tool then only answers with the content. */
export function withoutEffects(result: ToolResult): ToolResult {
  if (typeof result === "string") return result;
  return result.isError ? { content: result.content, isError: true } : result.content;
}

export function effectsSummary(result: ToolResult): EffectsSummary {
  const e = effectsOf(result);
  const parts = [
    e.files?.length ? count(e.files.length, "file change", "file changes") : "",
    e.logs?.length ? count(e.logs.length, "log line", "log lines") : "",
    e.requests?.length ? count(e.requests.length, "HTTP request (recorded, not sent again)", "HTTP requests (recorded, not sent again)") : "",
    e.clock?.length ? count(e.clock.length, "clock read", "clock reads") : "",
    e.random?.length ? count(e.random.length, "random draw", "random draws") : "",
  ].filter((p) => p !== "");
  return { files: (e.files ?? []).map((f) => ({ op: f.op, path: f.path, ...(f.to !== undefined ? { to: f.to } : {}) })), text: parts.join(", ") };
}
