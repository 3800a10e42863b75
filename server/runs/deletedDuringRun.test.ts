import { afterEach, expect, it } from "vitest";
import type { Store } from "~/db/store";
import { describeEachStore } from "~/db/testStores";
import { examplePipelines } from "~/core/examples";
import { openRunService } from "./testing/runHarness";

/*
 * A pipeline deleted while one of its runs is still going takes the run's row and events with it
 * (cascade). The run must stop recording quietly: before, its next event broke the foreign key and
 * the run's promise rejected with nobody to catch it (an unhandledRejection in the server's log).
 */

let store: Store | null = null;
afterEach(() => store?.close());

describeEachStore("a run whose pipeline is deleted mid-run", (kind) => {
  it("settles without an error and leaves nothing behind", async () => {
    const example = examplePipelines.find((p) => p.name === "Be concise");
    if (!example) throw new Error("no example");
    const opened = await openRunService(example, kind.open);
    store = opened.store;
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on("unhandledRejection", onRejection);
    try {
      // Paced, so the run is still recording when its pipeline goes.
      const { runId } = await opened.service.start({ pipelineId: opened.pipelineId, scenario: { name: "default" }, eventDelayMs: 30 });
      await new Promise((resolve) => setTimeout(resolve, 90));
      expect((await opened.store.runs.readAllStoredEvents(runId)).length).toBeGreaterThan(0);
      await opened.store.pipelines.delete(opened.pipelineId);
      await expect(opened.service.settled(runId)).resolves.toBeUndefined();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect([await opened.store.runs.get(runId), await opened.store.runs.readAllStoredEvents(runId), rejections]).toEqual([undefined, [], []]);
    } finally {
      process.off("unhandledRejection", onRejection);
    }
  });
});
