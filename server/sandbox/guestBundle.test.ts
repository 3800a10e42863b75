import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { GENERATED_PATH, generateGuestModule } from "./buildGuest";

describe("guestBundle.generated.ts", () => {
  it("is up to date with server/sandbox/guest/ and core/chain/ (regenerate: npx tsx server/sandbox/buildGuest.ts)", async () => {
    expect(await readFile(GENERATED_PATH, "utf8")).toBe(await generateGuestModule());
  });
});
