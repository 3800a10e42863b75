import { describe, expect, it } from "vitest";
import { clipMessage } from "./clip";

describe("clipMessage", () => {
  it("keeps short messages as they are", () => {
    expect(clipMessage('There is no pipeline with id "abc"; it may have been deleted.')).toBe('There is no pipeline with id "abc"; it may have been deleted.');
  });

  it("quotes at most 100 characters of a long id", () => {
    const id = "x".repeat(1_000_000);
    expect(clipMessage(`There is no pipeline with id "${id}"; it may have been deleted.`)).toBe(
      `There is no pipeline with id "${"x".repeat(100)}… (999900 more characters)"; it may have been deleted.`,
    );
    expect(clipMessage(`run ${id} does not exist`)).toBe(`run ${"x".repeat(100)}… (999900 more characters) does not exist`);
  });

  it("cuts a quoted value with spaces too, and the whole message to 2000 characters", () => {
    expect(clipMessage(`scenario "${"a ".repeat(100)}" is not in this pipeline`)).toBe(`scenario "${"a ".repeat(50)}… (100 more characters)" is not in this pipeline`);
    expect(clipMessage("word ".repeat(1000))).toHaveLength(2000 + "… (3000 more characters)".length);
  });
});
