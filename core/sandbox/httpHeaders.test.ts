import { describe, expect, it } from "vitest";
import { headerRowProblems, headerRows, headersOf } from "./httpHeaders";

describe("headerRowProblems", () => {
  it("accepts HTTP tokens with any value on one line", () => {
    expect(headerRowProblems([{ name: "content-type", value: "application/json" }, { name: "X-Rate-Limit_2", value: "" }, { name: "a!#$%&'*+-.^_`|~z", value: "x y" }])).toEqual([null, null, null]);
  });
  it("names an empty name, a space or colon, other characters, a repeated name and a line break", () => {
    expect(
      headerRowProblems([
        { name: "", value: "x" },
        { name: "Content-Type: text/plain", value: "" },
        { name: "x(y)", value: "" },
        { name: "ETag", value: "1" },
        { name: "etag", value: "2" },
        { name: "x-note", value: "a\r\nSet-Cookie: s=1" },
      ]),
    ).toEqual([
      "a header needs a name",
      '"Content-Type: text/plain" is not a header name: no spaces or colons (the value goes in its own field)',
      "\"x(y)\" is not a header name: letters, digits and ! # $ % & ' * + - . ^ _ ` | ~ only",
      null,
      "etag is given twice (header names ignore case)",
      "the value of x-note cannot hold a line break",
    ]);
  });
});

describe("headersOf / headerRows", () => {
  it("round-trip in order", () => {
    const headers = { "content-type": "application/json", "x-rate-limit": "10" };
    expect(headerRows(headers)).toEqual([
      { name: "content-type", value: "application/json" },
      { name: "x-rate-limit", value: "10" },
    ]);
    expect(Object.entries(headersOf(headerRows(headers)))).toEqual(Object.entries(headers));
  });
});
