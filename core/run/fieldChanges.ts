import type { Json, JsonObject, JsonPatch } from "../json";
import type { IgnoredWrite } from "../trace/events";
import { topField } from "./hookStatus";
import { diffMessages, isMessageArray, type MessageChange } from "./messages";
import { diffText, type DiffSegment } from "./textDiff";

/** Strings at least this long (or with a line break) are shown as an inline word diff. */
const LONG_STRING = 60;

/** One changed context field, rendered for people rather than as raw JSON Patch. */
export type FieldChange = {
  field: string;
  change: "added" | "removed" | "changed";
  /** The host will not read this write back (read-only or unknown field). */
  ignored: string | null;
} & (
  | { view: "text"; before: string | null; after: string | null; segments: DiffSegment[] }
  | { view: "messages"; messages: MessageChange[] }
  | { view: "value"; before: string | null; after: string | null }
);

/**
 * Describes what a hook changed, field by field.
 *
 * @param before - the context the hook received
 * @param after - that context with the hook's patch applied
 * @param patch - the hook's RFC 6902 patch (decides which fields are listed)
 * @param ignoredWrites - writes the host drops; a field listed there is flagged even if the patch is empty
 */
export function describeFieldChanges(options: {
  before: JsonObject;
  after: JsonObject;
  patch: JsonPatch;
  ignoredWrites?: readonly IgnoredWrite[];
}): FieldChange[] {
  const { before, after, patch } = options;
  const ignoredBy = new Map<string, string>();
  for (const w of options.ignoredWrites ?? []) ignoredBy.set(topField(w.path), w.reason);
  const fields = [...new Set([...patch.map((op) => topField(op.path)), ...ignoredBy.keys()])];
  const out: FieldChange[] = [];
  for (const field of fields) {
    const had = Object.prototype.hasOwnProperty.call(before, field);
    const has = Object.prototype.hasOwnProperty.call(after, field);
    const b = had ? before[field] : undefined;
    const a = has ? after[field] : undefined;
    const change = !had ? "added" : !has ? "removed" : "changed";
    const ignored = ignoredBy.get(field) ?? null;
    if (had && has && JSON.stringify(b) === JSON.stringify(a) && ignored === null) continue;
    out.push({ field, change, ignored, ...render(b, a) } as FieldChange);
  }
  return out;
}

function render(
  b: Json | undefined,
  a: Json | undefined,
):
  | { view: "text"; before: string | null; after: string | null; segments: DiffSegment[] }
  | { view: "messages"; messages: MessageChange[] }
  | { view: "value"; before: string | null; after: string | null } {
  const longText = (v: Json | undefined) => typeof v === "string" && (v.length >= LONG_STRING || v.includes("\n"));
  if ((typeof b === "string" || b === undefined || b === null) && (typeof a === "string" || a === undefined || a === null) && (longText(b) || longText(a))) {
    const bs = typeof b === "string" ? b : null;
    const as = typeof a === "string" ? a : null;
    return { view: "text", before: bs, after: as, segments: diffText(bs ?? "", as ?? "") };
  }
  if (isMessageArray(a) || isMessageArray(b)) {
    return { view: "messages", messages: diffMessages(Array.isArray(b) ? b : [], Array.isArray(a) ? a : []) };
  }
  return { view: "value", before: b === undefined ? null : JSON.stringify(b, null, 2), after: a === undefined ? null : JSON.stringify(a, null, 2) };
}
