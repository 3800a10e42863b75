import type { ContextField } from "./types";

/** A field hooks may change and the host reads back after the chain. */
export function mutable(name: string, type: string, doc: string, extra: Partial<ContextField> = {}): ContextField {
  return { name, type, readonly: false, readBack: true, doc, ...extra };
}

/** A field hooks may read; writes are carried to later hooks but the host ignores them. */
export function readOnly(name: string, type: string, doc: string, extra: Partial<ContextField> = {}): ContextField {
  return { name, type, readonly: true, readBack: false, doc, ...extra };
}

/** The per-turn logger the host passes in; the runner supplies it, it is never in the trace. */
export function loggerField(doc = "Logger scoped to the current turn. Its output is captured into the trace with the hook's logs."): ContextField {
  return { name: "logger", type: "PluginLogger", readonly: true, readBack: false, hostObject: true, doc };
}
