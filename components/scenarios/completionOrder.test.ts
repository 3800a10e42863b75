import { describe, expect, it } from "vitest";
import { completionOrderFor, completionOrderMode } from "./completionOrder";

describe("completion order in the scenario form", () => {
  it("reads the three forms of completionOrder", () => {
    expect([completionOrderMode(undefined), completionOrderMode("declared"), completionOrderMode("reverse"), completionOrderMode(7)]).toEqual(["declared", "declared", "reverse", "seeded"]);
  });

  it("writes declared as absent, keeps a seed already set, else starts from the scenario's seed", () => {
    expect(completionOrderFor("declared", "reverse", 1)).toBeUndefined();
    expect(completionOrderFor("reverse", 5, 1)).toBe("reverse");
    expect(completionOrderFor("seeded", 5, 1)).toBe(5);
    expect(completionOrderFor("seeded", "reverse", 42)).toBe(42);
  });
});
