import { describe, expect, it } from "vitest";
import { beConciseTrace } from "~/core/run/fixtureTrace";
import { createReplayModelProvider } from "./replayProvider";

const request = (call: number) => ({ system: null, messages: [], tools: [], call });

describe("createReplayModelProvider", () => {
  it("answers each call with the recorded response of that call", async () => {
    const model = createReplayModelProvider(beConciseTrace());
    expect(await model.respond(request(1))).toEqual({ content: [{ type: "text", text: "A hook is code the host runs." }], stopReason: "end_turn" });
  });
  it("ends a re-run that goes past the recording like a script that ran out", async () => {
    const model = createReplayModelProvider(beConciseTrace());
    expect(await model.respond(request(2))).toEqual({
      error: "no recorded model response for call 2: the re-run went past the recording",
      code: "script_exhausted",
    });
  });
});
