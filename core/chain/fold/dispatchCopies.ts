import type { Json, JsonObject } from "../../json";
import { hasOwn, setOwn } from "../jsonValue";
import type { DispatchCopy } from "./spec";

/**
 * The copies OpenClaw's runner hands its handlers instead of the host's own event (openclaw
 * 2026.9.6, `dist/hooks-CKanWLsK.mjs`): the model-context projection of `runModifyingHook` for
 * before_prompt_build and agent_turn_prepare, and `withAgentRunId` for before_agent_finalize
 * and agent_end. Ported from the package's code, JSON in and JSON out.
 */

/** `MODEL_CONTEXT_PRIVATE_METADATA_KEYS` (dist/model-context-message-BQc0E7_M.mjs). */
const PRIVATE_METADATA_KEYS = ["upstreamUserText"];

/** `asOptionalRecord` (dist/record-coerce-DItp3I4t.mjs): a non-array object, else undefined. */
function asRecord(value: Json | undefined): JsonObject | undefined {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? value : undefined;
}

/** `stripToolResultDetails`: a `toolResult` message loses its `details`; the others stay as they are. */
function stripToolResultDetails(messages: readonly Json[]): readonly Json[] {
  return messages.map((message) => {
    const record = asRecord(message);
    if (record?.role !== "toolResult" || !hasOwn(record, "details")) return message;
    const sanitized: JsonObject = {};
    for (const key of Object.keys(record)) if (key !== "details") setOwn(sanitized, key, record[key]);
    return sanitized;
  });
}

/**
 * `projectModelContextMessages` (dist/model-context-message-BQc0E7_M.mjs): tool results without
 * `details`, and `__openclaw` metadata without its private keys (`upstreamUserText`).
 *
 * @example
 * projectModelContextMessages([{ role: "toolResult", toolCallId: "t1", content: [], details: { exitCode: 0 } }])
 * // [{ role: "toolResult", toolCallId: "t1", content: [] }]
 */
export function projectModelContextMessages(messages: readonly Json[]): Json[] {
  const output: Json[] = [];
  for (const message of stripToolResultDetails(messages)) {
    const record = asRecord(message);
    const metadata = asRecord(record?.__openclaw);
    if (!record || !metadata || !PRIVATE_METADATA_KEYS.some((key) => hasOwn(metadata, key))) {
      output.push(message);
      continue;
    }
    const projected: JsonObject = {};
    for (const key of Object.keys(metadata)) if (!PRIVATE_METADATA_KEYS.includes(key)) setOwn(projected, key, metadata[key]);
    const out: JsonObject = { ...record };
    setOwn(out, "__openclaw", projected);
    output.push(out);
  }
  return output;
}

/** Truthiness as the runner's `event.runId || …` reads a JSON value. */
function truthy(value: Json | undefined): boolean {
  return value !== undefined && value !== null && value !== false && value !== 0 && value !== "";
}

/**
 * The context the handlers see after the runner's dispatch copies, or `context` itself when
 * none applies. Each copy replaces one argument (`context[copy.arg]`) with a new object.
 */
export function applyDispatchCopies(context: JsonObject, copies: readonly DispatchCopy[] | undefined): JsonObject {
  let out = context;
  for (const copy of copies ?? []) {
    const arg = asRecord(out[copy.arg]);
    if (!arg) continue;
    let next: JsonObject | null = null;
    switch (copy.kind) {
      case "project-model-context-messages": {
        // runModifyingHook: `"messages" in event && Array.isArray(event.messages)`.
        const messages = arg.messages;
        if (Array.isArray(messages)) {
          next = { ...arg };
          setOwn(next, "messages", projectModelContextMessages(messages));
        }
        break;
      }
      case "run-id-from": {
        // withAgentRunId: `if (event.runId || !ctx.runId) return event;`
        const from = asRecord(out[copy.from])?.runId;
        if (!truthy(arg.runId) && truthy(from)) {
          next = { ...arg };
          setOwn(next, "runId", from);
        }
        break;
      }
    }
    if (next) {
      if (out === context) out = { ...context };
      setOwn(out, copy.arg, next);
    }
  }
  return out;
}
