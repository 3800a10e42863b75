import { describe, expect, it } from "vitest";
import { readRequest } from "./requestView";

describe("the approval card's reading of a request", () => {
  it("shows a profile's facts about who asks, in order, and skips what is not text", () => {
    const r = readRequest({ title: "Approve oa__purchase_pay?", allowedDecisions: ["approve", "reject"], context: { user_id: "user-42", org_id: "org-acme", retries: 2, nested: { a: 1 }, none: null } });
    expect(r.context).toEqual([
      ["user_id", "user-42"],
      ["org_id", "org-acme"],
      ["retries", "2"],
    ]);
    expect(r.allowedDecisions).toEqual(["approve", "reject"]);
  });

  it("offers a reason field only when the host passes the reason on", () => {
    expect(readRequest({ reasonLabel: "Reason" }).reasonLabel).toBe("Reason");
    expect(readRequest({ reasonLabel: "" }).reasonLabel).toBeNull();
    expect(readRequest({}).reasonLabel).toBeNull();
    expect(readRequest({ context: ["not", "an", "object"] }).context).toEqual([]);
  });
});
