import { describe, expect, it } from "vitest";
import { z } from "zod";
import { newRunId } from "./newRunId";

describe("newRunId", () => {
  it("makes distinct v4 UUIDs the API accepts", () => {
    const ids = Array.from({ length: 50 }, newRunId);
    for (const id of ids) expect(z.uuid().safeParse(id).success).toBe(true);
    expect(ids[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(50);
  });
});
