import type { ModelCallMeta } from "../../core/engine/ports";

/** The stream of one call, coalesced for the trace: when text first came, when it ended, how much. */
export function streamClock(now: () => number = () => performance.now()) {
  const started = now();
  let firstText: number | null = null;
  let chunks = 0;
  let textChars = 0;
  return {
    chunk() {
      chunks += 1;
    },
    text(piece: string) {
      if (piece === "") return;
      firstText ??= now();
      textChars += piece.length;
    },
    summary(): NonNullable<ModelCallMeta["stream"]> {
      return { firstTextMs: firstText === null ? null : Math.round(firstText - started), durationMs: Math.round(now() - started), chunks, textChars };
    },
  };
}
