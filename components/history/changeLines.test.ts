import { describe, expect, it } from "vitest";
import type { RevisionChanges } from "~/core/revisions/summarize";
import { changeLines } from "./changeLines";

const none: RevisionChanges = {
  created: false,
  renamed: null,
  hooksAdded: [],
  hooksRemoved: [],
  hooksEdited: [],
  hooksRenamed: [],
  hooksToggled: [],
  hooksReordered: [],
  hooksMoved: [],
  modulesAdded: [],
  modulesRemoved: [],
  modulesEdited: [],
  scenariosAdded: [],
  scenariosRemoved: [],
  scenariosEdited: [],
  scenariosRenamed: [],
  settingsChanged: false,
};

describe("changeLines", () => {
  it("says nothing for a save that changed nothing", () => {
    expect(changeLines(none)).toEqual([]);
  });

  it("writes one line per kind of change, hooks before modules before scenarios", () => {
    expect(
      changeLines({
        ...none,
        hooksAdded: ["audit"],
        hooksEdited: ["be-concise", "trim"],
        hooksToggled: [{ name: "audit", enabled: false }],
        hooksReordered: ["pre-model-call"],
        modulesEdited: ["src/util.ts"],
        scenariosRenamed: [{ from: "default", to: "greeting" }],
      }),
    ).toEqual([
      "added hook “audit”",
      "edited the code of “be-concise”, “trim”",
      "disabled “audit”",
      "reordered the hooks of pre-model-call",
      "edited module src/util.ts",
      "renamed scenario “default” → “greeting”",
    ]);
  });
});
