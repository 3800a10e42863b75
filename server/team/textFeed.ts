import type pg from "pg";
import { publishModelText, subscribeModelText } from "../providers/textBus";
import { notify, RUN_TEXT_CHANNEL } from "./channels";

/*
 * The text of real model replies as it streams, between processes. A worker's run threads post
 * the pieces to the worker's own text bus (server/providers/textBus), but the page that started
 * the run subscribes on a web instance (providers.runText). The text is not stored (the trace
 * keeps only the final reply), so unlike trace events it travels in the NOTIFY payload: the
 * worker relays the pieces of each run it executes ({@link relayModelText}), web instances put
 * them on their own text bus ({@link onModelText}, one of the handlers of ./eventFeed.ts).
 */

/**
 * UTF-16 code units per notification: JSON writes a code unit as at most 6 bytes (a `\u001f`
 * escape), so the payload stays under PostgreSQL's 8000-byte limit with room for the ids.
 */
const MAX_UNITS = 1000;

/** Cuts `text` into pieces of at most {@link MAX_UNITS}, never between the halves of a surrogate pair. */
function cut(text: string): string[] {
  const out: string[] = [];
  for (let at = 0; at < text.length; ) {
    let end = Math.min(text.length, at + MAX_UNITS);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    out.push(text.slice(at, end));
    at = end;
  }
  return out;
}

/**
 * Announces the reply text of `runId` as this process's run threads stream it: one NOTIFY
 * `{"runId","call","text"}` per model call per turn of the event loop, sent in order.
 * Returns the unsubscribe (pieces already taken are still sent).
 */
export function relayModelText(db: pg.Pool, runId: string): () => void {
  let pending: { call: number; text: string }[] = [];
  let sending: Promise<void> = Promise.resolve();
  let scheduled = false;

  async function flush(): Promise<void> {
    const batch = pending;
    pending = [];
    for (const piece of batch) {
      for (const text of cut(piece.text)) {
        try {
          await notify(db, RUN_TEXT_CHANNEL, JSON.stringify({ runId, call: piece.call, text }));
        } catch (error) {
          // Only the live preview misses it: the trace stores the whole reply.
          console.error(`hookwright: announcing the model text of run ${runId} failed:`, error instanceof Error ? error.message : error);
          return;
        }
      }
    }
  }

  return subscribeModelText(runId, (piece) => {
    const last = pending.at(-1);
    if (last && last.call === piece.call) last.text += piece.text;
    else pending.push({ call: piece.call, text: piece.text });
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      // One flush after another: each waits for its NOTIFYs, so the pieces arrive in order.
      sending = sending.then(flush);
    });
  });
}

/** A web instance's handler of {@link RUN_TEXT_CHANNEL}: the announced text, on this process's text bus. */
export function onModelText(payload: string): void {
  let note: { runId?: unknown; call?: unknown; text?: unknown };
  try {
    note = JSON.parse(payload) as typeof note;
  } catch {
    return;
  }
  const { runId, call, text } = note;
  if (typeof runId === "string" && typeof call === "number" && typeof text === "string") publishModelText(runId, call, text);
}
