import { unzipSync } from "fflate";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { claudeBashGate } from "~/core/examples/claudeBashGate";
import { openTestStore } from "~/db/testDatabase";
import { createCaller } from "~/server/api/root";
import { createContextInner } from "~/server/api/trpc";
import { exportResponse } from "./http";

/* "Add a recorder" over the wire: bundles.formats says which formats can, bundles.preview lists the recorder, and the download carries it with recorder=1. */

let store: ReturnType<typeof openTestStore>;
beforeEach(async () => {
  store = openTestStore();
});
afterEach(() => store.close());

describe("export with a recorder", () => {
  it("is offered per format, previewed, and downloaded with recorder=1", async () => {
    const caller = createCaller(createContextInner({ store }));
    const created = await store.pipelines.create(claudeBashGate);
    const { formats } = await caller.bundles.formats({ id: created.id });
    expect(formats.map((f) => [f.target, f.recorder?.where ?? null])).toEqual([
      ["claude-code", "<project>/.hookwright/recordings/<session id>.jsonl"],
      ["claude-code-settings", "<project>/.hookwright/recordings/<session id>.jsonl"],
      ["claude-code-sdk", null],
    ]);
    const preview = await caller.bundles.preview({ id: created.id, target: "claude-code", recorder: true });
    expect(preview.files.map((f) => f.path)).toContain("hooks/hookwright-recorder.mjs");
    expect(preview.downloadUrl).toBe(`/api/bundles/export/${created.id}?revision=1&target=claude-code&recorder=1`);
    await expect(caller.bundles.preview({ id: created.id, target: "claude-code-sdk", recorder: true })).rejects.toThrow(/^The claude-code-sdk export cannot add a recorder/);

    const zipOf = async (response: Response) => Object.keys(unzipSync(new Uint8Array(await response.arrayBuffer())));
    const plain = await zipOf(await exportResponse(store, created.id, null, "claude-code"));
    const recorded = await zipOf(await exportResponse(store, created.id, null, "claude-code", { recorder: true }));
    expect(recorded.filter((p) => !plain.includes(p))).toEqual([`${preview.pluginName}/hooks/hookwright-recorder.mjs`]);
  });
});
