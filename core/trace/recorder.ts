import type { TraceEvent, UnsequencedEvent } from "./events";

/** Numbers events from 1 without gaps and hands each, numbered, to `sink`. */
export interface TraceRecorder {
  record<TEvent extends UnsequencedEvent>(event: TEvent): TEvent & { seq: number };
  /** The seq the next event will get. */
  readonly nextSeq: number;
}

/**
 * @example
 * const events: TraceEvent[] = [];
 * const rec = createRecorder((e) => events.push(e));
 * rec.record({ type: "point.end", point: "stop" }); // { seq: 1, type: "point.end", point: "stop" }
 */
export function createRecorder(sink: (event: TraceEvent) => void): TraceRecorder {
  let seq = 0;
  return {
    record(event) {
      seq += 1;
      // seq first, so JSON Lines read naturally: {"seq":1,"type":...}
      const numbered = { seq, ...event };
      sink(numbered as unknown as TraceEvent);
      return numbered;
    },
    get nextSeq() {
      return seq + 1;
    },
  };
}
