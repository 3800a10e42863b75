import { afterEach, describe, expect, it } from "vitest";
import type { SqliteStore } from "~/db/sqlite/sqliteStore";
import { skipReason } from "~/server/sandbox/process/testSandbox";
import { openTestApi, rejection, type TestApi } from "../testing/testApi";

let store: SqliteStore | null = null;
function api(): TestApi {
  const opened = openTestApi();
  store = opened.store;
  return opened.api;
}
afterEach(() => store?.close());

describe("python.checkSyntax", () => {
  it.skipIf(skipReason !== null)("returns a syntax error's line, column and message", async () => {
    const check = await api().python.checkSyntax({ profile: "fim-one", code: "class G(PreToolUseHook)\n    pass\n" });
    expect(check.checked && check.problems.map((p) => [p.severity, p.line, p.column, p.message])).toEqual([["error", 1, 24, "SyntaxError: expected ':' (Python 3.11)"]]);
  });

  it("refuses a profile without Python hooks, naming the field", async () => {
    const error = await rejection(api().python.checkSyntax({ profile: "vellum", code: "" }));
    expect([error.code, error.message]).toEqual(["BAD_REQUEST", 'profile: "vellum" has no Python hooks']);
  });
});
