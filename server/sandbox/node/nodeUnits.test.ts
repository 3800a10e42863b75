import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { generateNodeUnitsModule, NODE_UNITS_PATH } from "./buildNodeUnits";

describe("nodeUnits.generated.ts", () => {
  it("is up to date with server/sandbox/guest/node/ (else run: npx tsx server/sandbox/node/buildNodeUnits.ts)", async () => {
    expect(await readFile(NODE_UNITS_PATH, "utf8")).toBe(await generateNodeUnitsModule());
  }, 60_000);
});
