import { describe, expect, it } from "vitest";
import { stringLists } from "./HookOutputLists";

describe("a hook card's output lists", () => {
  it("lists every non-empty list of strings in the output, in field order", () => {
    expect(
      stringLists({
        allow: false,
        error: "Blocked",
        side_effects: ["Approval requested for transfer_funds", "audit: user u-42"],
        notes: [],
        mixed: ["a", 1],
      }),
    ).toEqual([["side_effects", ["Approval requested for transfer_funds", "audit: user u-42"]]]);
  });

  it("lists nothing for outputs that are not objects", () => {
    expect(stringLists(null)).toEqual([]);
    expect(stringLists(["a", "b"])).toEqual([]);
    expect(stringLists("done")).toEqual([]);
  });
});
