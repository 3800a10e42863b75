import { describe, expect, it } from "vitest";
import { scenarioSchema } from "./schema";

/** A scenario's attachments and inference settings: what is accepted, and the words for what is not. */

const base = { name: "s", prompt: "hi", model: { kind: "scripted", responses: [] } };
const issues = (extra: Record<string, unknown>) => {
  const r = scenarioSchema.safeParse({ ...base, ...extra });
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

describe("a scenario's attachments and inference", () => {
  it("accepts images and the host's profile shapes, filling defaults", () => {
    const r = scenarioSchema.parse({
      ...base,
      attachments: [{ mimeType: "image/png", data: "iVBORw0KGgo=" }],
      inference: { activeProfile: "local", profiles: { local: { provider: "ollama", model: "llama3.2" }, blend: { mix: [{ profile: "local" }] } }, replies: [{ text: "ok" }, { error: "overloaded" }] },
    });
    expect(r.inference).toEqual({
      activeProfile: "local",
      profiles: { local: { provider: "ollama", model: "llama3.2" }, blend: { mix: [{ profile: "local", weight: 1 }] } },
      replies: [{ text: "ok", stopReason: "end_turn" }, { error: "overloaded" }],
    });
  });

  it("names what is wrong", () => {
    expect(issues({ attachments: [{ mimeType: "text/plain", data: "aGk=" }] })).toEqual(["attachments.0.mimeType: an attachment is an image: its mimeType starts with image/, e.g. image/png"]);
    expect(issues({ attachments: [{ mimeType: "image/png", data: "not base64!" }] })).toEqual(["attachments.0.data: an attachment's data is base64 (A-Z, a-z, 0-9, +, /, = at the end)"]);
    expect(issues({ inference: { profiles: { "": { model: "x" } } } })).toEqual(['inference.profiles: an inference profile needs a key, e.g. "local"']);
    expect(issues({ inference: { replies: [{ txt: "typo" }] } })).toEqual(['inference.replies.0: an inference reply is { "text": "…" } or { "error": "…" }']);
  });
});
