import { describe, expect, it } from "vitest";
import { modelProviderFor } from "./index";

const request = (call: number) => ({ call, system: null, messages: [], tools: [] });

describe("scripted provider", () => {
  const model = modelProviderFor({
    model: { kind: "scripted", maxInputTokens: 1000, responses: [{ content: [{ type: "text", text: "Hi" }], stopReason: "end_turn" }, { error: "overloaded" }] },
  });

  it("answers call N with response N, errors included", async () => {
    expect(await model.respond(request(1))).toEqual({ content: [{ type: "text", text: "Hi" }], stopReason: "end_turn" });
    expect(await model.respond(request(2))).toEqual({ error: "overloaded" });
  });

  it("reports running out of responses as script_exhausted instead of throwing", async () => {
    expect(await model.respond(request(3))).toEqual({ error: "the scripted model has no response for call 3: the scenario lists 2 responses", code: "script_exhausted" });
  });

  it("hands out copies, so hooks cannot change the scenario", async () => {
    const reply = await model.respond(request(1));
    if ("content" in reply) reply.content.push({ type: "text", text: "edited" });
    expect(await model.respond(request(1))).toEqual({ content: [{ type: "text", text: "Hi" }], stopReason: "end_turn" });
  });
});
