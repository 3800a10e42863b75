import { describe, expect, it } from "vitest";
import { checkJsonSchema } from "./checkJsonSchema";

const search = {
  type: "object",
  properties: { query: { type: "string" }, limit: { type: "integer" }, tags: { type: "array", items: { enum: ["a", "b"] } } },
  required: ["query"],
  additionalProperties: false,
};

describe("checkJsonSchema", () => {
  it("accepts an input that fits", () => {
    expect(checkJsonSchema({ query: "hooks", limit: 3, tags: ["a"] }, search)).toEqual([]);
  });

  it("names each field that does not fit and why", () => {
    expect(checkJsonSchema({ limit: 2.5, tags: ["c"], extra: 1 }, search)).toEqual([
      'input: "query" is required',
      "input.limit: expected integer, got a number",
      'input.tags[0]: must be one of "a", "b"',
      'input: "extra" is not one of the tool\'s inputs',
    ]);
    expect(checkJsonSchema("text", search)).toEqual(["input: expected object, got a string"]);
  });

  it("ignores what it does not know, and schemas that are not objects", () => {
    expect(checkJsonSchema({ anything: true }, { type: "object", minProperties: 5 })).toEqual([]);
    expect(checkJsonSchema(1, true)).toEqual([]);
  });
});
