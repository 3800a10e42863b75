import { describe, expect, it } from "vitest";
import { formatWhen } from "./formatWhen";

const now = new Date("2026-01-10T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);

describe("formatWhen", () => {
  it("says just now for the last few seconds", () => {
    expect(formatWhen(ago(10_000), now)).toBe("just now");
  });

  it("rounds to the largest whole unit", () => {
    expect(formatWhen(ago(50_000), now)).toBe("1 minute ago");
    expect(formatWhen(ago(5 * 60_000), now)).toBe("5 minutes ago");
    expect(formatWhen(ago(3 * 3600_000), now)).toBe("3 hours ago");
    expect(formatWhen(ago(26 * 3600_000), now)).toBe("yesterday");
    expect(formatWhen(ago(15 * 24 * 3600_000), now)).toBe("2 weeks ago");
    expect(formatWhen(ago(400 * 24 * 3600_000), now)).toBe("last year");
  });
});
