/**
 * The text of real model replies as it streams, per run, in the server process: run workers
 * post each piece (server/runs/workers), the run panel subscribes (providers.runText). Not part
 * of the trace: the trace keeps the final reply and the coalesced stream timing (model.response).
 */

export interface ModelTextPiece {
  call: number;
  text: string;
}

type Listener = (piece: ModelTextPiece) => void;

const globalForText = globalThis as unknown as { hookwrightModelText?: Map<string, Set<Listener>> };
const listeners = (globalForText.hookwrightModelText ??= new Map());

export function publishModelText(runId: string, call: number, text: string): void {
  for (const l of listeners.get(runId) ?? []) l({ call, text });
}

export function subscribeModelText(runId: string, listener: Listener): () => void {
  let set = listeners.get(runId);
  if (!set) listeners.set(runId, (set = new Set()));
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0) listeners.delete(runId);
  };
}
