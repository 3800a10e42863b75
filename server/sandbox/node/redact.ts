import type { ChainResult, HookCallResult, ToolRunResult } from "../../../core/engine/ports";
import type { FileChange, FinalFile } from "../../../core/files/fileChange";
import type { PipelineSettings } from "../../../core/pipeline/settingsSchema";
import type { HttpExchange } from "../../../core/sandbox/http";
import type { LogEntry } from "../../../core/trace/events";

/**
 * Keeps secret environment values out of a run's trace (issue 15): wherever a hook's logs, file
 * changes or HTTP exchanges carry a secret variable's value, it reads `[secret NAME]` instead.
 * The context patches are left as they are: they must rebuild the context the host reads
 * (a hook that copies a secret into the context puts it where the host sends it anyway).
 * Values shorter than {@link MIN_SECRET_CHARS} are not searched for: they would hit ordinary text.
 */

export const MIN_SECRET_CHARS = 4;

export type Redactor = (text: string) => string;

/** A redactor for the pipeline's secret values, or null when it declares none worth searching. */
export function secretRedactor(settings: PipelineSettings | undefined): Redactor | null {
  const secrets = (settings?.env ?? []).filter((v) => v.secret && v.value.length >= MIN_SECRET_CHARS).sort((a, b) => b.value.length - a.value.length);
  if (secrets.length === 0) return null;
  return (text) => {
    let out = text;
    for (const s of secrets) if (out.includes(s.value)) out = out.split(s.value).join(`[secret ${s.name}]`);
    return out;
  };
}

const logs = (r: Redactor, entries: LogEntry[]): LogEntry[] => entries.map((e) => ({ ...e, message: r(e.message) }));
const maybe = (r: Redactor, text: string | null | undefined) => (typeof text === "string" ? r(text) : text);

/** Logs, failure, file changes and requests of a hook call or a tool handler's run. */
function effects<T extends Pick<HookCallResult, "logs" | "failure" | "files" | "requests">>(r: Redactor, c: T): T {
  return {
    ...c,
    logs: logs(r, c.logs),
    ...(c.failure ? { failure: { ...c.failure, message: r(c.failure.message) } } : {}),
    ...(c.files ? { files: c.files.map((f): FileChange => ({ ...f, before: maybe(r, f.before) ?? null, after: maybe(r, f.after) ?? null })) } : {}),
    ...(c.requests ? { requests: c.requests.map((x): HttpExchange => ({ ...x, url: r(x.url), ...(x.body !== undefined ? { body: r(x.body) } : {}), ...(x.response !== undefined ? { response: r(x.response) } : {}), ...(x.error !== undefined ? { error: r(x.error) } : {}) })) } : {}),
  };
}

/** Every string inside a JSON value, redacted (a hook's model calls and published events carry text anywhere). */
function deep<T>(r: Redactor, value: T): T {
  if (typeof value === "string") return r(value) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => deep(r, v)) as T;
  if (typeof value === "object" && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, deep(r, v)])) as T;
  return value;
}

const call = (r: Redactor, c: HookCallResult): HookCallResult => {
  const out = effects(r, c);
  return { ...out, ...(c.inference ? { inference: deep(r, c.inference) } : {}), ...(c.published ? { published: deep(r, c.published) } : {}) };
};

export function redactChain(r: Redactor | null, result: ChainResult): ChainResult {
  return r ? { ...result, calls: result.calls.map((c) => call(r, c)) } : result;
}

export function redactLogs(r: Redactor | null, entries: LogEntry[]): LogEntry[] {
  return r ? logs(r, entries) : entries;
}

export function redactFinalFiles(r: Redactor | null, files: FinalFile[]): FinalFile[] {
  return r ? files.map((f) => ({ ...f, content: maybe(r, f.content) ?? null })) : files;
}

/**
 * A tool handler's run as the trace records it: its logs, failure, file changes and requests, as
 * a hook call's. Its content is left as it is, like a hook's patches: it is what the model reads.
 */
export function redactTool(r: Redactor | null, result: ToolRunResult): ToolRunResult {
  return r ? effects(r, result) : result;
}
