import { describe, expect, it } from "vitest";
import type { Json, JsonObject } from "../json";
import type { Message } from "../pipeline/schema";
import { createDeltaEncoder } from "./encode";
import type { EncodedTraceEvent, PointStartEvent, TraceEvent } from "./events";
import { resolveTrace } from "./resolve";

const text = (role: string, t: string): JsonObject => ({ role, content: [{ type: "text", text: t }] });
const history = (n: number, size: number): JsonObject[] => Array.from({ length: n }, (_, i) => text(i % 2 ? "assistant" : "user", `${i}:`.padEnd(size, "x")));

/** A tool result large enough that the encoder anchors it instead of writing it twice. */
const BIG = "r".repeat(50_000);

function encodeAll(events: TraceEvent[]) {
  const encoder = createDeltaEncoder();
  return events.map((e) => encoder.encode(e));
}

/** Resolving the encoded trace gives the events back exactly, key order included. */
function expectResolvesExactly(encoded: EncodedTraceEvent[], events: TraceEvent[]) {
  expect(resolveTrace(encoded).map((e) => JSON.stringify(e))).toEqual(events.map((e) => JSON.stringify(e)));
}

/** How many times `value` is written in the whole encoded trace. */
const timesWritten = (encoded: EncodedTraceEvent[], value: string) => encoded.map((e) => JSON.stringify(e)).join("\n").split(value).length - 1;

describe("createDeltaEncoder", () => {
  it("writes a context as a delta against the previous point when that is smaller, sharing the added values", () => {
    const h = history(4, 1000);
    const added = text("user", "next");
    const events: TraceEvent[] = [
      { seq: 1, type: "point.start", point: "pre-model-call", context: { systemPrompt: "S", messages: h } },
      { seq: 2, type: "point.end", point: "pre-model-call" },
      { seq: 3, type: "point.start", point: "pre-model-call", context: { systemPrompt: "S", messages: [...h, added] } },
    ];
    const [first, , third] = encodeAll(events);
    expect(first).toBe(events[0]); // nothing to derive from: written in full, as is
    expect(third).toEqual({ seq: 3, type: "point.start", point: "pre-model-call", contextDelta: { from: 1, path: "/context", patch: [{ op: "add", path: "/messages/4", value: added }] } });
    expect(Object.keys(third as object)).toEqual(["seq", "type", "point", "contextDelta"]);
    expect((third as { contextDelta: { patch: { value: Json }[] } }).contextDelta.patch[0]?.value).toBe(added);
  });

  it("writes a field in full when the delta would not be smaller", () => {
    const events: TraceEvent[] = [
      { seq: 1, type: "point.start", point: "stop", context: { a: 1, b: "two" } },
      { seq: 2, type: "point.start", point: "stop", context: { c: 3, d: "four" } },
      { seq: 3, type: "model.request", call: 1, system: null, messages: [] },
    ];
    const out = encodeAll(events);
    out.forEach((e, i) => expect(e).toBe(events[i]));
  });

  it("bases a model request on the conversation of the point before it, and run.end on the last request", () => {
    const h = history(3, 500) as unknown as Message[]; // contexts are JSON, requests typed messages: the same values
    const reply = { role: "assistant" as const, content: [{ type: "text" as const, text: "done" }] };
    const events: TraceEvent[] = [
      { seq: 1, type: "point.start", point: "pre-model-call", context: { messages: h as unknown as Json[], systemPrompt: "S" } },
      { seq: 2, type: "point.end", point: "pre-model-call" },
      { seq: 3, type: "model.request", call: 1, system: "S", messages: h },
      { seq: 4, type: "run.end", exitReason: "no_tool_calls", error: null, messages: [...h, reply] },
    ];
    const out = encodeAll(events);
    // The context's history, moved to the root of the value: no message is written again.
    expect(out[2]).toEqual({ seq: 3, type: "model.request", call: 1, system: "S", messagesDelta: { from: 1, path: "/context", patch: [{ op: "move", from: "/messages", path: "" }] } });
    expect(out[3]).toEqual({ seq: 4, type: "run.end", exitReason: "no_tool_calls", error: null, messagesDelta: { from: 3, path: "/messages", patch: [{ op: "add", path: "/3", value: reply }] } });
    expectResolvesExactly(out, events);
  });

  it("does not walk an unchanged history again: shared arrays are skipped by identity and sized once", () => {
    let reads = 0;
    const big = new Proxy(history(200, 5000), {
      get(target, key, receiver) {
        reads++;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const encoder = createDeltaEncoder();
    const ctx = (n: number): JsonObject => ({ messages: big, turn: n });
    encoder.encode({ seq: 1, type: "point.start", point: "p", context: ctx(1) });
    reads = 0;
    const second = encoder.encode({ seq: 2, type: "point.start", point: "p", context: ctx(2) });
    expect(second).toEqual({ seq: 2, type: "point.start", point: "p", contextDelta: { from: 1, path: "/context", patch: [{ op: "replace", path: "/turn", value: 2 }] } });
    expect(reads).toBe(0);
  });

  it("keeps key order: keys out of place are moved, not written again", () => {
    const h = history(5, 1000);
    const events: TraceEvent[] = [
      { seq: 1, type: "point.start", point: "p", context: { a: 1, messages: h } },
      { seq: 2, type: "point.start", point: "p", context: { messages: h, a: 1 } },
    ];
    const out = encodeAll(events);
    expect(out[1]).toEqual({
      seq: 2,
      type: "point.start",
      point: "p",
      contextDelta: {
        from: 1,
        path: "/context",
        patch: [
          { op: "move", from: "/messages", path: "/~0hw-move" },
          { op: "move", from: "/~0hw-move", path: "/messages" },
          { op: "move", from: "/a", path: "/~0hw-move" },
          { op: "move", from: "/~0hw-move", path: "/a" },
        ],
      },
    });
    expect(Object.keys((resolveTrace(out)[1] as PointStartEvent).context)).toEqual(["messages", "a"]);
  });

  it("copies a tool result the context already holds into the next request instead of writing it again", () => {
    const block: JsonObject = { type: "tool_result", tool_use_id: "t1", content: BIG };
    const h = history(2, 100);
    const withResult = [...h, { role: "user", content: [{ ...block }] }] as unknown as Message[];
    const events: TraceEvent[] = [
      { seq: 1, type: "point.start", point: "post-tool-use", context: { toolResponse: block, messages: h } },
      { seq: 2, type: "point.end", point: "post-tool-use", result: { toolResponse: block } },
      { seq: 3, type: "model.request", call: 2, system: null, messages: withResult },
    ];
    const out = encodeAll(events);
    expect(out[1]).toEqual({ seq: 2, type: "point.end", point: "post-tool-use", resultDelta: { from: 1, path: "/context", patch: [{ op: "remove", path: "/messages" }] } });
    expect(out[2]).toEqual({
      seq: 3,
      type: "model.request",
      call: 2,
      system: null,
      messagesDelta: {
        from: 1,
        path: "/context",
        patch: [
          { op: "add", path: "/messages/2", value: { role: "user", content: [{ type: "tool_result", tool_use_id: "t1", content: null }] } },
          { op: "copy", from: "/toolResponse/content", path: "/messages/2/content/0/content" },
          { op: "move", from: "/messages", path: "" },
        ],
      },
    });
    expectResolvesExactly(out, events);
  });

  it("writes a large tool result once: it anchors the context before it, and the next context is based on both", () => {
    const h = history(2, 100);
    const first: JsonObject = { type: "tool_result", tool_use_id: "t1", content: "small" };
    const ask = text("assistant", "fetch");
    const block: JsonObject = { type: "tool_result", tool_use_id: "t2", content: BIG };
    const next = [...h, ask] as unknown as Message[];
    const events: TraceEvent[] = [
      { seq: 1, type: "point.start", point: "post-tool-use", context: { toolResponse: first, messages: h } },
      { seq: 2, type: "point.end", point: "post-tool-use" },
      { seq: 3, type: "tool.result", toolUseId: "t2", content: BIG, isError: false },
      { seq: 4, type: "point.start", point: "post-tool-use", context: { toolResponse: block, messages: next as unknown as Json[] } },
      { seq: 5, type: "point.end", point: "post-tool-use" },
      { seq: 6, type: "tool.result", toolUseId: "t3", content: "short", isError: false },
    ];
    const out = encodeAll(events);
    expect(out[2]).toEqual({ seq: 3, type: "tool.result", toolUseId: "t2", content: BIG, isError: false, anchorDelta: { from: 1, path: "/context", patch: [] } });
    expect(out[3]).toEqual({
      seq: 4,
      type: "point.start",
      point: "post-tool-use",
      contextDelta: {
        from: 3,
        path: "",
        patch: [
          { op: "replace", path: "/anchor/toolResponse/tool_use_id", value: "t2" },
          { op: "copy", from: "/content", path: "/anchor/toolResponse/content" },
          { op: "add", path: "/anchor/messages/2", value: ask },
          { op: "move", from: "/anchor", path: "" },
        ],
      },
    });
    expect(out[5]).toBe(events[5]); // small: no anchor
    expect(timesWritten(out, BIG)).toBe(1);
    expectResolvesExactly(out, events);
  });

  it("with no context yet, anchors a large result to the last request, and the next request continues that anchor", () => {
    const h = history(2, 100) as unknown as Message[];
    const ask = { role: "assistant" as const, content: [{ type: "text" as const, text: "fetch" }] };
    const answer = { role: "user" as const, content: [{ type: "tool_result" as const, tool_use_id: "t1", content: BIG }] };
    const events: TraceEvent[] = [
      { seq: 1, type: "model.request", call: 1, system: null, messages: h },
      { seq: 2, type: "tool.result", toolUseId: "t1", content: BIG, isError: false },
      { seq: 3, type: "model.request", call: 2, system: null, messages: [...h, ask, answer] },
    ];
    const out = encodeAll(events);
    expect(out[1]).toMatchObject({ anchorDelta: { from: 1, path: "/messages", patch: [] } });
    expect(out[2]).toMatchObject({ messagesDelta: { from: 2, path: "" } });
    expect(timesWritten(out, BIG)).toBe(1);
    expectResolvesExactly(out, events);
  });
});
