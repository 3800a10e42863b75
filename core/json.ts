/** JSON values: everything that crosses the sandbox boundary, the trace and the database is JSON. */
export type Json = null | boolean | number | string | Json[] | JsonObject;
export interface JsonObject {
  [key: string]: Json;
}

/** One RFC 6902 operation. Hookwright emits add, remove and replace; it applies all six. */
export type JsonPatchOp =
  | { op: "add"; path: string; value: Json }
  | { op: "remove"; path: string }
  | { op: "replace"; path: string; value: Json }
  | { op: "move"; from: string; path: string }
  | { op: "copy"; from: string; path: string }
  | { op: "test"; path: string; value: Json };

export type JsonPatch = JsonPatchOp[];
