import { describe, expect, it } from "vitest";
import { listProfiles } from "~/core/profiles";
import { scenarioSchema } from "~/core/pipeline/schema";
import { blankScenario, profileTemplate } from "./scenarioTemplates";

describe("scenario templates", () => {
  it("gives a blank scenario that is valid and replies once", () => {
    const blank = blankScenario("scenario 2");
    expect(scenarioSchema.parse(blank)).toEqual(blank);
    expect(blank.model).toMatchObject({ kind: "scripted" });
    expect("responses" in blank.model ? blank.model.responses : null).toEqual([{ content: [{ type: "text", text: "Done." }], stopReason: "end_turn" }]);
  });

  it("gives every profile's default scenario, filled in, as a fresh copy", () => {
    for (const profile of listProfiles()) {
      const a = profileTemplate(profile.id);
      expect(a?.name).toBe("default");
      expect(a && scenarioSchema.parse(a)).toEqual(a);
      expect(profileTemplate(profile.id)).not.toBe(a);
    }
    expect(profileTemplate("nope")).toBeNull();
  });
});
