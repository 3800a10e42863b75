import { createDeltaEncoder } from "./encode";
import type { EncodedTraceEvent, TraceEvent, UnsequencedTraceEvent } from "./events";

/**
 * Numbers events from 1 without gaps and hands each to `sink` twice over: as written to a
 * trace (trace v2: large fields stored as deltas where that is smaller, see ./encode.ts) and in
 * full, as the engine holds it (in-process readers use that and skip resolving).
 */
export interface TraceRecorder {
  record<TEvent extends UnsequencedTraceEvent>(event: TEvent): TEvent & { seq: number };
  /** The seq the next event will get. */
  readonly nextSeq: number;
}

export type TraceSink = (event: EncodedTraceEvent, full: TraceEvent) => void;

/**
 * @param options.deltas - false writes every field in full (a v2 trace without deltas)
 * @example
 * const events: TraceEvent[] = [];
 * const rec = createRecorder((_, full) => events.push(full));
 * rec.record({ type: "point.end", point: "stop" }); // { seq: 1, type: "point.end", point: "stop" }
 */
export function createRecorder(sink: TraceSink, options: { deltas?: boolean } = {}): TraceRecorder {
  let seq = 0;
  const encoder = options.deltas === false ? null : createDeltaEncoder();
  return {
    record(event) {
      seq += 1;
      // seq first, so JSON Lines read naturally: {"seq":1,"type":...}
      const numbered = { seq, ...event };
      const full = numbered as unknown as TraceEvent;
      sink(encoder ? encoder.encode(full) : full, full);
      return numbered;
    },
    get nextSeq() {
      return seq + 1;
    },
  };
}
