import type { AddressInfo } from "node:net";
import { createTRPCClient, httpSubscriptionLink } from "@trpc/client";
import { createHTTPServer } from "@trpc/server/adapters/standalone";
import { EventSource } from "eventsource";
import superjson from "superjson";
import { afterEach, beforeEach, expect, it } from "vitest";
import type { Store } from "~/db/store";
import { describeEachStore } from "~/db/testStores";
import { appRouter, type AppRouter } from "~/server/api/root";
import { createContextInner } from "~/server/api/trpc";
import type { EncodedTraceEvent } from "~/core/trace/events";
import { getRunBus, provideRunService } from "./index";
import { createRunService } from "./runService";
import { fixtureEngine } from "./testing/fixtureEngine";

/**
 * A fetch for EventSource that cuts the SSE body after `dropAfter[k]` events on the k-th connection,
 * like a proxy or a flaky network dropping the stream mid-run.
 */
function droppingFetch(dropAfter: number[], connections: { count: number; lastEventIds: (string | null)[]; onConnect: () => void }) {
  return async (url: string | URL, init?: RequestInit): Promise<Response> => {
    const k = connections.count++;
    connections.onConnect();
    const headers = new Headers(init?.headers);
    // EventSource reconnects by itself and sends the last id it saw as the Last-Event-ID header.
    connections.lastEventIds.push(headers.get("last-event-id"));
    const res = await fetch(url, init);
    const limit = dropAfter[k];
    if (limit === undefined || !res.body) return res;
    let seen = 0;
    const decoder = new TextDecoder();
    const cut = new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (seen >= limit) return;
        const text = decoder.decode(chunk, { stream: true });
        // Forward whole messages until the limit, then fail the stream.
        const messages = text.split("\n\n");
        let out = "";
        for (const m of messages.slice(0, -1)) {
          if (seen >= limit) break;
          out += m + "\n\n";
          if (/^id:/m.test(m)) seen++;
        }
        if (seen < limit) out += messages[messages.length - 1] ?? "";
        controller.enqueue(new TextEncoder().encode(out));
        if (seen >= limit) controller.error(new Error("connection dropped by the test"));
      },
    });
    return new Response(res.body.pipeThrough(cut), { status: res.status, headers: res.headers });
  };
}

describeEachStore("runs.onEvent", (kind) => {
  let store: Store;
  let close: () => Promise<void>;
  let url: string;

  beforeEach(async () => {
    store = await kind.open();
    const server = createHTTPServer({ router: appRouter, createContext: () => createContextInner({ store }) });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => new Promise((resolve) => server.close(() => resolve()));
  });
  afterEach(async () => {
    await close();
    await store.close();
  });

  it("resumes after dropped connections with no missing or duplicated event", async () => {
    const service = createRunService({ store, bus: getRunBus(), engine: fixtureEngine(20) });
    provideRunService(store, service);
    const pipeline = await store.pipelines.create({ format: "hookwright.pipeline/v1", name: "p", profile: "vellum", scenarios: [{ name: "default", prompt: "hi", model: { kind: "scripted", responses: [] } }] });
    let runId = "";
    const activeAtConnect: boolean[] = [];
    const connections = { count: 0, lastEventIds: [] as (string | null)[], onConnect: () => activeAtConnect.push(service.isActive(runId)) };
    const fetchImpl = droppingFetch([5, 60], connections);
    class DroppingEventSource extends EventSource {
      constructor(u: string | URL, init?: EventSourceInit) {
        super(u, { ...init, fetch: fetchImpl });
      }
    }
    const client = createTRPCClient<AppRouter>({
      links: [httpSubscriptionLink({ url, transformer: superjson, EventSource: DroppingEventSource })],
    });

    // Paced so the run is still going while the client connects, drops and reconnects.
    // (EventSource waits about 3 s before reconnecting, so 50 ms per event keeps the run going across both drops.)
    runId = (await service.start({ pipelineId: pipeline.id, scenario: { name: "default" }, eventDelayMs: 50 })).runId;
    const received: EncodedTraceEvent[] = await new Promise((resolve, reject) => {
      const got: EncodedTraceEvent[] = [];
      const sub = client.runs.onEvent.subscribe(
        { runId, lastEventId: null },
        {
          onData: ({ data }) => {
            got.push(data);
            if (data.type === "run.end") {
              sub.unsubscribe();
              resolve(got);
            }
          },
          onError: reject,
        },
      );
    });
    await service.settled(runId);

    const stored = await store.runs.readAllStoredEvents(runId);
    expect(stored).toHaveLength(1 + 20 * 6 + 1);
    expect(received.map((e) => e.seq)).toEqual(stored.map((e) => e.seq));
    expect(received.map((e) => e.seq)).toEqual(Array.from({ length: stored.length }, (_, i) => i + 1));
    expect(received).toEqual(stored);
    // Two drops, so three connections, the later ones resuming from the last id seen.
    expect(connections.count).toBe(3);
    expect(connections.lastEventIds).toEqual([null, "5", "65"]);
    // Both drops happened mid-run: the second connection resumed a run still in progress.
    expect(activeAtConnect.slice(0, 2)).toEqual([true, true]);
  });

  it("streams a finished run from the database and ends", async () => {
    const service = createRunService({ store, bus: getRunBus(), engine: fixtureEngine(2) });
    provideRunService(store, service);
    const pipeline = await store.pipelines.create({ format: "hookwright.pipeline/v1", name: "p", profile: "vellum", scenarios: [{ name: "default", prompt: "hi", model: { kind: "scripted", responses: [] } }] });
    const { runId } = await service.start({ pipelineId: pipeline.id, scenario: { name: "default" } });
    await service.settled(runId);
    const client = createTRPCClient<AppRouter>({ links: [httpSubscriptionLink({ url, transformer: superjson, EventSource })] });
    const seqs = await new Promise<number[]>((resolve, reject) => {
      const got: number[] = [];
      const sub = client.runs.onEvent.subscribe(
        { runId, lastEventId: "10" },
        {
          onData: ({ data }) => {
            got.push(data.seq);
            if (data.type === "run.end") {
              sub.unsubscribe();
              resolve(got);
            }
          },
          onError: reject,
        },
      );
    });
    expect(seqs).toEqual([11, 12, 13, 14]);
  });
});
