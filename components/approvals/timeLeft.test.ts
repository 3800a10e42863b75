import { describe, expect, it } from "vitest";
import { describeTimeLeft } from "./timeLeft";

describe("describeTimeLeft", () => {
  it("counts down in seconds, then minutes, and says when it expired", () => {
    expect(describeTimeLeft(60_000, 0)).toBe("1 min 00 s left");
    expect(describeTimeLeft(65_400, 0)).toBe("1 min 06 s left");
    expect(describeTimeLeft(42_000, 0)).toBe("42 s left");
    expect(describeTimeLeft(1, 0)).toBe("1 s left");
    expect(describeTimeLeft(0, 0)).toBe("expired");
  });
});
