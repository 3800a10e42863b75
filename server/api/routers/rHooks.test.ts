import { afterEach, describe, expect, it } from "vitest";
import type { SqliteStore } from "~/db/sqlite/sqliteStore";
import { rSkipReason } from "~/server/sandbox/r/testing";
import { openTestApi, rejection, type TestApi } from "../testing/testApi";

let store: SqliteStore | null = null;
function api(): TestApi {
  const opened = openTestApi();
  store = opened.store;
  return opened.api;
}
afterEach(() => store?.close());

describe("rHooks.check", () => {
  it.skipIf(rSkipReason !== null)("returns deputy's signature refusal on the callback's line", async () => {
    const check = await api().rHooks.check({ profile: "deputy", point: "PreToolUse", code: "function(tool, input) NULL\n" });
    expect(check).toEqual({ checked: true, problems: [{ line: 1, message: 'Invalid callback for "PreToolUse" hook. Expected signature: function(tool_name, tool_input, context) or a callback accepting `...`.' }] });
  });

  it("refuses a profile without R hooks and a point the profile does not have, naming the field", async () => {
    const a = await rejection(api().rHooks.check({ profile: "vellum", point: "PreToolUse", code: "" }));
    expect([a.code, a.message]).toEqual(["BAD_REQUEST", 'profile: "vellum" has no R hooks']);
    const b = await rejection(api().rHooks.check({ profile: "deputy", point: "pre-model-call", code: "" }));
    expect([b.code, b.message]).toEqual(["BAD_REQUEST", 'point: "pre-model-call" is not a hook point of deputy']);
  });
});
