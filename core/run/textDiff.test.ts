import { describe, expect, it } from "vitest";
import { diffText, tokenize, type DiffSegment } from "./textDiff";

const side = (segs: DiffSegment[], keep: "del" | "add") =>
  segs.filter((s) => s.kind === "same" || s.kind === keep).map((s) => s.text).join("");

describe("diffText", () => {
  it("shows an appended sentence as one insertion", () => {
    expect(diffText("You are a helpful assistant.", "You are a helpful assistant.\nBe concise.")).toEqual([
      { kind: "same", text: "You are a helpful assistant." },
      { kind: "add", text: "\nBe concise." },
    ]);
  });

  it("marks a replaced word without splitting neighbours", () => {
    expect(diffText("the quick brown fox", "the slow brown fox")).toEqual([
      { kind: "same", text: "the " },
      { kind: "del", text: "quick" },
      { kind: "add", text: "slow" },
      { kind: "same", text: " brown fox" },
    ]);
  });

  it("never splits a word that only shares a prefix", () => {
    const segs = diffText("concise", "concisely");
    expect(segs).toEqual([
      { kind: "del", text: "concise" },
      { kind: "add", text: "concisely" },
    ]);
  });

  it("reconstructs both sides for scattered edits", () => {
    const a = "alpha beta gamma delta epsilon zeta eta theta";
    const b = "alpha BETA gamma epsilon zeta iota eta theta omega";
    const segs = diffText(a, b);
    expect(side(segs, "del")).toBe(a);
    expect(side(segs, "add")).toBe(b);
    expect(segs.filter((s) => s.kind === "del").map((s) => s.text)).toEqual(["beta", "delta "]);
  });

  it("returns nothing for two empty strings and one segment for equal strings", () => {
    expect(diffText("", "")).toEqual([]);
    expect(diffText("same", "same")).toEqual([{ kind: "same", text: "same" }]);
  });

  it("falls back to delete + insert when the texts share nothing at scale", () => {
    const a = Array.from({ length: 3000 }, (_, i) => `a${i}`).join(" ");
    const b = Array.from({ length: 3000 }, (_, i) => `b${i}`).join(" ");
    const segs = diffText(a, b);
    expect(side(segs, "del")).toBe(a);
    expect(side(segs, "add")).toBe(b);
  });
});

describe("tokenize", () => {
  it("keeps words, spaces and punctuation apart", () => {
    expect(tokenize("Hi, you  there!")).toEqual(["Hi", ",", " ", "you", "  ", "there", "!"]);
  });
});
